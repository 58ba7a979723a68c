import { z } from "zod";
import { timestampSchema } from "./common";

export const notificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  readAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications. For visitors the items are the upcoming events and unreadCount is their number. */
export const notificationListSchema = z.object({
  unreadCount: z.number().int(),
  items: z.array(notificationSchema),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** POST /api/notifications/read: mark the given ones read, or all when `ids` is absent. */
export const markNotificationsReadSchema = z.object({ ids: z.array(z.number().int().positive()).max(100).optional() });
