import { z } from "zod";
import { timestampSchema } from "./common";
import { defineRoute } from "./route";

/** The texts of the notifications the platform sends. */
export const notificationMessages = {
  newCommentTitle: "New Comment",
  newComment: (displayName: string, excerpt: string) => `${displayName} commented on your post: "${excerpt}"`,
  eventCancelledTitle: "Event Cancelled",
  eventCancelled: (title: string) => `${title} has been cancelled.`,
} as const;

export const notificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  readAt: timestampSchema.nullable(),
  createdAt: timestampSchema.describe("when the notification was sent; for an upcoming event, when the event was published"),
  startsAt: timestampSchema
    .nullable()
    .describe("set when the item is an upcoming event (a visitor's bell): when it starts; such an item is never unread"),
});
export type Notification = z.infer<typeof notificationSchema>;

/**
 * GET /api/notifications. A member's notifications, newest first, with the number unread. A visitor has no
 * notifications: the items are the next events at church (with `startsAt`) and unreadCount is 0 (decision 0003).
 */
export const notificationListSchema = z.object({
  unreadCount: z.number().int(),
  items: z.array(notificationSchema),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** POST /api/notifications/read: mark the given ones read, or all when `ids` is absent. */
export const markNotificationsReadSchema = z.object({ ids: z.array(z.number().int().positive()).max(100).optional() });

/** The notifications module's routes. */
export const notificationsRoutes = {
  list: defineRoute({
    method: "GET",
    path: "/api/notifications",
    summary: "The bell: the latest notifications of a member and how many are unread; for visitors, the next events",
    access: "public",
    response: notificationListSchema,
  }),
  markRead: defineRoute({
    method: "POST",
    path: "/api/notifications/read",
    summary: "Mark the given notifications read, or all of them when no ids are given",
    access: "member",
    body: markNotificationsReadSchema,
    status: 204,
    response: z.null(),
  }),
};
