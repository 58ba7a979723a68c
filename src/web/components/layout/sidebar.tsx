import { lazy, type Ref } from "react";
import { Link, useLocation } from "wouter";
import { LogIn } from "lucide-react";
import { Button } from "@web/components/ui/button";
import { UserAvatar } from "@web/components/ui/avatar";
import { useAuth } from "@web/features/auth/use-auth";
import { cn } from "@web/lib/utils";
import { Brand } from "./brand";
import { isActivePath, navGroups } from "./nav-items";
import { BrowserSuspense } from "@web/components/ui/browser-suspense";

// The live state listens on the live link, whose event schemas (zod) stay off the first page's path: it shows only while a stream is live.
const LiveNowLink = lazy(async () => ({ default: (await import("@web/features/streaming/live-now-link")).LiveNowLink }));

export const SIDEBAR_ID = "app-sidebar";

type SidebarProps = {
  /** Below 768 px the sidebar is a drawer that is shown only while open; from 768 px it is always shown. */
  open: boolean;
  ref?: Ref<HTMLElement>;
};

/** The left navigation of spec §2 with the member card (or Sign In) at the bottom. */
export function Sidebar({ open, ref }: SidebarProps) {
  const [location] = useLocation();
  const { user } = useAuth();

  return (
    <aside
      id={SIDEBAR_ID}
      ref={ref}
      aria-label="Sidebar"
      className={cn(
        "fixed top-(--header-height) bottom-0 left-0 z-40 flex w-72 flex-col border-r border-border bg-sidebar text-sidebar-foreground transition-transform duration-200",
        "md:sticky md:top-0 md:z-auto md:h-dvh md:w-64 md:translate-x-0 md:visible",
        open ? "visible translate-x-0 shadow-2xl md:shadow-none" : "invisible -translate-x-full",
      )}
    >
      <div className="hidden h-16 shrink-0 items-center px-5 md:flex">
        <Brand />
      </div>

      <BrowserSuspense fallback={null}>
        <LiveNowLink />
      </BrowserSuspense>
      <nav aria-label="Main navigation" className="flex-1 overflow-y-auto px-3 py-4 md:pt-2">
        {navGroups.map((group) => (
          <div key={group.title} className="mb-5 last:mb-0">
            <h2 className="px-3 pb-1.5 text-xs font-semibold tracking-wider text-muted-foreground uppercase">{group.title}</h2>
            <ul className="flex flex-col gap-0.5">
              {group.items.map((item) => {
                const active = isActivePath(item.href, location);
                const Icon = item.icon;
                return (
                  <li key={item.href}>
                    <Link
                      href={item.href}
                      aria-current={active ? "page" : undefined}
                      className={cn(
                        "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors",
                        active
                          ? "bg-primary-soft text-primary-soft-foreground"
                          : "text-sidebar-foreground hover:bg-accent hover:text-accent-foreground",
                      )}
                    >
                      <Icon className="size-[18px] shrink-0" aria-hidden="true" />
                      {item.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </nav>

      <div className="shrink-0 border-t border-border p-4">
        {user ? (
          <Link href={`/profile/${user.id}`} className="flex items-center gap-3 rounded-lg p-1.5 transition-colors hover:bg-accent">
            <UserAvatar displayName={user.displayName} imageUrl={user.profileImageUrl} />
            <span className="min-w-0">
              <span className="block truncate text-sm font-semibold">{user.displayName}</span>
              <span className={cn("block text-xs", user.accountType === "premium" ? "font-medium text-primary" : "text-muted-foreground")}>
                {user.accountType === "premium" ? "Premium Member" : "Free Account"}
              </span>
            </span>
          </Link>
        ) : (
          <Button asChild className="w-full">
            <Link href="/auth/login">
              <LogIn aria-hidden="true" />
              Sign In
            </Link>
          </Button>
        )}
      </div>
    </aside>
  );
}
