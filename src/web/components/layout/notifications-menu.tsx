import { useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy } from "react";
import { Bell } from "lucide-react";
import { Button } from "@web/components/ui/button";
import { MenuOnUse } from "@web/components/ui/open-on-use";
import type { NotificationList } from "@shared/contracts/notifications";
import { useAuth } from "@web/features/auth/use-auth";
import { callRoute, routeKey, routeQuery } from "@web/lib/api";
import { useLiveEvent, useLiveLink } from "@web/lib/live";

const NOTIFICATIONS_KEY = routeKey("GET /api/notifications");
// Radix's menu (its popper and focus scope) loads when the bell is first used.
const loadDropdown = () => import("./notifications-dropdown");
const NotificationsDropdown = lazy(async () => ({ default: (await loadDropdown()).NotificationsDropdown }));

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
    <MenuOnUse
      load={loadDropdown}
      trigger={
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
      }
    >
      {(trigger) => <NotificationsDropdown trigger={trigger} signedIn={!!user} unread={unread} items={items} markRead={markRead} />}
    </MenuOnUse>
  );
}
