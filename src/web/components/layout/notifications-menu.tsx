import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "wouter";
import { Bell, Check } from "lucide-react";
import { relativeTime } from "@web/lib/relative-time";
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
 * The header's bell: a badge with the unread count (hidden at 0) and a menu of the items. Each entry links to its
 * place; following it marks it read, and so does its own "Mark as read"; "Mark all as read" clears them all
 * (decision 0019). A member's new notifications arrive live over /ws (the bell keeps the live link open while a member
 * is signed in). A visitor has no notifications: the menu lists the next events, each with when it starts (decision 0003).
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

  /** Marks the given notifications read (all when `ids` is absent), at once on screen; the count then comes from the server. */
  function markRead(ids?: number[]) {
    const marked = ids ? items.filter((item) => ids.includes(item.id) && !item.readAt) : items.filter((item) => !item.readAt);
    if (ids && marked.length === 0) return;
    const now = new Date().toISOString();
    updateCache((current) => ({
      unreadCount: ids ? Math.max(0, current.unreadCount - marked.length) : 0,
      items: current.items.map((item) => (!ids || ids.includes(item.id) ? { ...item, readAt: item.readAt ?? now } : item)),
    }));
    callRoute("POST /api/notifications/read", { body: ids ? { ids } : {} })
      .then(() => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }))
      .catch((error: unknown) => {
        console.error("Could not mark notifications read", error);
        void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
      });
  }

  return (
    <DropdownMenu>
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
        <div className="flex items-center justify-between gap-2">
          <DropdownMenuLabel>{user ? "Notifications" : "Upcoming Events"}</DropdownMenuLabel>
          {user && unread > 0 ? (
            <DropdownMenuItem
              className="text-xs font-medium text-primary"
              onSelect={(event) => {
                // The menu stays open, showing the entries read.
                event.preventDefault();
                markRead();
              }}
            >
              <Check aria-hidden="true" />
              Mark all as read
            </DropdownMenuItem>
          ) : null}
        </div>
        <DropdownMenuSeparator />
        {items.length === 0 ? (
          <p className="px-2.5 py-6 text-center text-sm text-muted-foreground">You're all caught up.</p>
        ) : (
          // The list scrolls past a screenful; it takes focus so a keyboard can scroll it too.
          <div
            role="group"
            aria-label="Your notifications"
            tabIndex={0}
            className="max-h-96 overflow-y-auto rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
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
                    <span className="text-xs text-muted-foreground">{relativeTime(item.createdAt)}</span>
                  )}
                </span>
              );
              const unreadEntry = !!user && !item.readAt && !item.startsAt;
              const entry = item.link ? (
                <DropdownMenuItem key={item.id} asChild className="min-w-0 flex-1" onSelect={() => unreadEntry && markRead([item.id])}>
                  <Link href={item.link}>{content}</Link>
                </DropdownMenuItem>
              ) : (
                <DropdownMenuItem key={item.id} className="min-w-0 flex-1" onSelect={() => unreadEntry && markRead([item.id])}>
                  {content}
                </DropdownMenuItem>
              );
              if (!unreadEntry) return entry;
              return (
                <div key={item.id} className="flex items-start gap-1" data-testid="notification-entry">
                  {entry}
                  <DropdownMenuItem
                    className="shrink-0 p-2"
                    aria-label={`Mark as read: ${item.title}`}
                    title="Mark as read"
                    onSelect={(event) => {
                      event.preventDefault();
                      markRead([item.id]);
                    }}
                  >
                    <Check aria-hidden="true" />
                  </DropdownMenuItem>
                </div>
              );
            })}
          </div>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
