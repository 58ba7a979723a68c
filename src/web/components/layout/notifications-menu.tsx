import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "wouter";
import { Bell } from "lucide-react";
import { formatRelativeTime } from "@shared/format";
import { Button } from "@web/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@web/components/ui/dropdown-menu";
import type { NotificationList } from "@shared/contracts/notifications";
import { useAuth } from "@web/features/auth/use-auth";
import { callRoute, routeKey, routeQuery } from "@web/lib/api";
import { useLiveEvent, useLiveLink } from "@web/lib/live";

const NOTIFICATIONS_KEY = routeKey("GET /api/notifications");
/** When an upcoming event starts, e.g. "Sun, Jan 5, 6:00 PM". */
const eventStart = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/**
 * The header's bell: a badge with the unread count (hidden at 0) and a menu of the items, marked read on opening.
 * A member's new notifications arrive live over /ws (the bell keeps the live link open while a member is signed in).
 * A visitor has no notifications: the menu lists the next events, each with when it starts (decision 0003).
 */
export function NotificationsMenu() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const { data } = useQuery(routeQuery("GET /api/notifications"));
  const unread = data?.unreadCount ?? 0;
  const items = data?.items ?? [];

  function updateCache(update: (current: NotificationList) => NotificationList) {
    queryClient.setQueryData<NotificationList>(NOTIFICATIONS_KEY, (current) => (current ? update(current) : current));
  }

  useLiveLink();
  useLiveEvent("NOTIFICATION", ({ notification, unreadCount }) => {
    updateCache((current) => ({
      unreadCount,
      items: [notification, ...current.items.filter((item) => item.id !== notification.id)].slice(0, Math.max(current.items.length, 20)),
    }));
  });

  function handleOpenChange(open: boolean) {
    if (!open) {
      // The items keep their "new" dots while the menu is open, and lose them once it closes.
      const now = new Date().toISOString();
      updateCache((current) => ({ ...current, items: current.items.map((item) => ({ ...item, readAt: item.readAt ?? now })) }));
      return;
    }
    if (unread === 0) return;
    updateCache((current) => ({ ...current, unreadCount: 0 }));
    // A visitor's items are the upcoming events: there is nothing to store for them.
    if (user) {
      callRoute("POST /api/notifications/read", { body: {} }).catch((error: unknown) => {
        console.error("Could not mark notifications read", error);
      });
    }
  }

  return (
    <DropdownMenu onOpenChange={handleOpenChange}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : "Notifications"}
        >
          <Bell className="size-5!" aria-hidden="true" />
          {unread > 0 ? (
            <span
              data-testid="notification-badge"
              aria-hidden="true"
              className="absolute top-1 right-1 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-live px-1 text-[11px] leading-none font-bold text-live-foreground"
            >
              {unread > 99 ? "99+" : unread}
            </span>
          ) : null}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80 max-w-[calc(100vw-2rem)]">
        <DropdownMenuLabel>{user ? "Notifications" : "Upcoming Events"}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {items.length === 0 ? (
          <p className="px-2.5 py-6 text-center text-sm text-muted-foreground">You're all caught up.</p>
        ) : (
          <div className="max-h-96 overflow-y-auto">
            {items.map((item) => {
              const content = (
                <span className="flex min-w-0 flex-col gap-0.5">
                  <span className="flex items-center gap-2 font-medium">
                    {item.readAt || item.startsAt ? null : <span className="size-2 shrink-0 rounded-full bg-primary" aria-hidden="true" />}
                    <span className="truncate">{item.title}</span>
                  </span>
                  <span className="line-clamp-2 text-xs text-muted-foreground">{item.body}</span>
                  {item.startsAt ? (
                    <time dateTime={item.startsAt} className="text-xs text-muted-foreground">
                      Starts {eventStart.format(new Date(item.startsAt))}
                    </time>
                  ) : (
                    <span className="text-xs text-muted-foreground">{formatRelativeTime(item.createdAt)}</span>
                  )}
                </span>
              );
              return item.link ? (
                <DropdownMenuItem key={item.id} asChild>
                  <Link href={item.link}>{content}</Link>
                </DropdownMenuItem>
              ) : (
                <DropdownMenuItem key={item.id}>{content}</DropdownMenuItem>
              );
            })}
          </div>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
