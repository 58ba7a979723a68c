import { lazy, useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useLocation } from "wouter";
import { SIDEBAR_BREAKPOINT_PX } from "@shared/constants";
import { LazyGlobalPlayer } from "@web/features/player/lazy-global-player";
import { Header } from "./header";

// The footer sits below every page's first screen: it loads after the page, and nothing above it moves.
const Footer = lazy(async () => ({ default: (await import("./footer")).Footer }));
import { Sidebar } from "./sidebar";
import { BrowserSuspense } from "@web/components/ui/browser-suspense";

/** The page frame of spec §2: sidebar (a drawer below 768 px), header, the page, footer. */
export function AppLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  // The drawer remembers the page it was opened on, so it is closed again by any navigation.
  const [openOnPage, setOpenOnPage] = useState<string | null>(null);
  const sidebarOpen = openOnPage === location;
  const sidebarRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  const closeSidebar = useCallback((returnFocus: boolean) => {
    setOpenOnPage(null);
    if (returnFocus) menuButtonRef.current?.focus();
  }, []);

  // A new page starts at the top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);

  // From the breakpoint up the sidebar is always shown, so a drawer left open must not linger.
  useEffect(() => {
    const query = window.matchMedia(`(min-width: ${SIDEBAR_BREAKPOINT_PX}px)`);
    const handleChange = () => {
      if (query.matches) setOpenOnPage(null);
    };
    query.addEventListener("change", handleChange);
    return () => query.removeEventListener("change", handleChange);
  }, []);

  useEffect(() => {
    if (!sidebarOpen) return;
    sidebarRef.current?.querySelector<HTMLElement>("a[href]")?.focus();
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") closeSidebar(true);
    };
    document.addEventListener("keydown", handleKeyDown);
    return () => document.removeEventListener("keydown", handleKeyDown);
  }, [sidebarOpen, closeSidebar]);

  return (
    <div className="flex min-h-dvh">
      <a
        href="#main-content"
        className="sr-only z-[60] rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <Sidebar ref={sidebarRef} open={sidebarOpen} />
      {sidebarOpen ? (
        <div
          className="fixed inset-x-0 top-(--header-height) bottom-0 z-30 bg-black/40 animate-fade-in md:hidden"
          aria-hidden="true"
          onClick={() => closeSidebar(false)}
        />
      ) : null}
      {/* relative + overflow-x-clip: nothing inside a page (a wide table, a stray sr-only span) can widen the
          document and make the whole app scroll sideways on a phone; clip keeps the sticky header working. */}
      <div className="relative flex min-w-0 flex-1 flex-col overflow-x-clip">
        <Header
          sidebarOpen={sidebarOpen}
          onToggleSidebar={() => setOpenOnPage(sidebarOpen ? null : location)}
          menuButtonRef={menuButtonRef}
        />
        {/* At least a screen tall, so the footer starts below the fold and a page filling in doesn't push it down. */}
        <main
          id="main-content"
          tabIndex={-1}
          className="mx-auto min-h-[calc(100dvh-var(--header-height,4.5rem))] w-full max-w-7xl flex-1 px-4 py-6 outline-none md:px-6 md:py-8"
        >
          {children}
        </main>
        <BrowserSuspense fallback={null}>
          <Footer />
        </BrowserSuspense>
        <LazyGlobalPlayer />
      </div>
    </div>
  );
}
