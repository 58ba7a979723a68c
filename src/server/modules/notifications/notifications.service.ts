import type { NotificationList } from "@shared/contracts/notifications";
import { HOME_COUNTS } from "@shared/constants";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { createEventsRepository } from "../events/events.repository";
import { type NewNotification, createNotificationsRepository } from "./notifications.repository";

/** How many of a member's latest notifications the bell lists. */
const BELL_LIMIT = 20;

/** The bell: what modules tell members, what a member has read, and what a visitor sees instead. */
export function createNotificationsService(ctx: AppContext) {
  const notifications = createNotificationsRepository(ctx.db);
  const events = createEventsRepository(ctx.db);

  return {
    /** Tells members something, now. Modules send every notification through here. */
    async notify(items: NewNotification[]) {
      await notifications.add(items, ctx.clock.iso());
    },

    /**
     * A member's latest notifications and how many are unread. A visitor has no notifications: the bell lists
     * the next events at church (as many as the home page shows) as upcoming events, none of them unread,
     * each with its start time rather than a time it "arrived" (decision 0003).
     */
    async bell(viewer: Pick<UserRow, "id"> | null): Promise<NotificationList> {
      if (!viewer) {
        const upcoming = await events.nextToStart(ctx.clock.iso(), HOME_COUNTS.events);
        return {
          unreadCount: 0,
          items: upcoming.map((event) => ({
            id: event.id,
            title: event.title,
            body: event.location,
            link: "/events",
            readAt: null,
            createdAt: event.createdAt,
            startsAt: event.startTime,
          })),
        };
      }
      const [items, unreadCount] = await Promise.all([
        notifications.listForUser(viewer.id, BELL_LIMIT),
        notifications.countUnread(viewer.id),
      ]);
      return { unreadCount, items: items.map((item) => ({ ...item, startsAt: null })) };
    },

    /** Marks the member's own notifications read: the given ones, or all. */
    async markRead(viewer: Pick<UserRow, "id">, ids?: number[]) {
      if (ids?.length === 0) return;
      await notifications.markRead(viewer.id, ctx.clock.iso(), ids);
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
