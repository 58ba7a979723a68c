import { lazy, useEffect, useRef, useState, type FormEvent, type Ref } from "react";
import { Link, useLocation } from "wouter";
import { Bell, LogIn, Menu, Moon, Plus, Search, Sun, X } from "lucide-react";
import type { User } from "@shared/contracts/users";
import { Button } from "@web/components/ui/button";
import { Input } from "@web/components/ui/input";
import { useAuth } from "@web/features/auth/use-auth";
import { useTheme } from "@web/lib/theme";
import { UserAvatar } from "@web/components/ui/avatar";
import { Brand } from "./brand";
import { SIDEBAR_ID } from "./sidebar";
import { BrowserSuspense } from "@web/components/ui/browser-suspense";
import { MenuOnUse } from "@web/components/ui/open-on-use";

// The bell (its notifications and the live link) loads after the first paint, behind a placeholder of the same size.
const NotificationsMenu = lazy(async () => ({ default: (await import("./notifications-menu")).NotificationsMenu }));
// The account menu brings Radix's menu and positioning code: it loads on first use.
const loadAccountMenu = () => import("./account-menu");
const AccountMenuDropdown = lazy(async () => ({ default: (await loadAccountMenu()).AccountMenuDropdown }));

function NotificationsButtonPlaceholder() {
  return (
    <Button variant="ghost" size="icon" aria-label="Notifications" disabled>
      <Bell className="size-5!" aria-hidden="true" />
    </Button>
  );
}

/** The header's avatar menu for a signed-in member (spec §2 "Layout"). */
function AccountMenu({ user }: { user: User }) {
  return (
    <MenuOnUse
      load={loadAccountMenu}
      trigger={
        <button type="button" className="cursor-pointer rounded-full" aria-label={`Account menu for ${user.displayName}`}>
          <UserAvatar displayName={user.displayName} imageUrl={user.profileImageUrl} size="sm" />
        </button>
      }
    >
      {(trigger) => <AccountMenuDropdown user={user} trigger={trigger} />}
    </MenuOnUse>
  );
}

type HeaderProps = {
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  menuButtonRef?: Ref<HTMLButtonElement>;
};

export const SEARCH_PLACEHOLDER = "Search for sermons, music, podcasts...";

function SearchForm() {
  const [, navigate] = useLocation();
  const [text, setText] = useState("");

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = text.trim();
    if (!query) return;
    navigate(`/search?q=${encodeURIComponent(query)}`);
  }

  return (
    <form
      role="search"
      onSubmit={handleSubmit}
      className="relative order-last basis-full md:order-none md:max-w-xl md:flex-1 md:basis-auto"
    >
      <label htmlFor="site-search" className="sr-only">
        Search
      </label>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
      <Input
        id="site-search"
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={SEARCH_PLACEHOLDER}
        className="rounded-full bg-muted pl-9 focus-visible:bg-card"
        enterKeyHint="search"
      />
    </form>
  );
}

/** The top bar of spec §2: search, Create, notifications, theme, and the account menu or Sign In. */
export function Header({ sidebarOpen, onToggleSidebar, menuButtonRef }: HeaderProps) {
  const { user, loading, likelyMember } = useAuth();
  const { theme, toggleTheme } = useTheme();
  const headerRef = useRef<HTMLElement>(null);

  // The mobile drawer opens below the header, whose height changes when the search wraps to its own row. Written only
  // when it differs from the stylesheet's value for this width: a property set on <html> restyles the whole page, one
  // task of 45–55 ms on a phone right after the page is taken over.
  useEffect(() => {
    const header = headerRef.current;
    if (!header) return;
    const observer = new ResizeObserver(() => {
      const root = document.documentElement;
      const height = `${header.offsetHeight}px`;
      if (getComputedStyle(root).getPropertyValue("--header-height").trim() !== height) root.style.setProperty("--header-height", height);
    });
    observer.observe(header);
    return () => observer.disconnect();
  }, []);

  return (
    <header
      ref={headerRef}
      className="sticky top-0 z-50 border-b border-border bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75"
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-3 px-4 py-3 md:px-6">
        <Button
          ref={menuButtonRef}
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-label={sidebarOpen ? "Close menu" : "Open menu"}
          aria-expanded={sidebarOpen}
          aria-controls={SIDEBAR_ID}
          onClick={onToggleSidebar}
        >
          {sidebarOpen ? <X className="size-5!" aria-hidden="true" /> : <Menu className="size-5!" aria-hidden="true" />}
        </Button>
        <Brand className="md:hidden [&>span]:hidden min-[464px]:[&>span]:inline" />

        <SearchForm />

        <div className="ml-auto flex items-center gap-1 sm:gap-1.5">
          <Button asChild size="sm" className="rounded-full">
            <Link href="/create">
              <Plus aria-hidden="true" />
              <span className="max-sm:sr-only">Create</span>
            </Link>
          </Button>
          <BrowserSuspense fallback={<NotificationsButtonPlaceholder />}>
            <NotificationsMenu />
          </BrowserSuspense>
          <Button
            variant="ghost"
            size="icon"
            onClick={toggleTheme}
            aria-label={theme === "dark" ? "Switch to light theme" : "Switch to dark theme"}
          >
            {theme === "dark" ? <Sun className="size-5!" aria-hidden="true" /> : <Moon className="size-5!" aria-hidden="true" />}
          </Button>
          {user ? (
            <AccountMenu user={user} />
          ) : loading && likelyMember ? (
            // The account button's room while the session check runs, so the bar doesn't wrap and then unwrap.
            <span className="size-8 shrink-0 rounded-full bg-muted" aria-hidden="true" />
          ) : (
            <Button asChild size="sm" variant="outline" className="rounded-full md:hidden">
              <Link href="/auth/login">
                <LogIn aria-hidden="true" />
                Sign In
              </Link>
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
