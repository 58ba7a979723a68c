import { z } from "zod";
import { WITHOUT_NUL, text, timestampSchema } from "./common";
import { defineRoute } from "./route";
import { messages } from "../messages";

/** The texts of the notifications the platform sends. */
export const notificationMessages = {
  newCommentTitle: "New Comment",
  newComment: (displayName: string, excerpt: string) => `${displayName} commented on your post: "${excerpt}"`,
  eventCancelledTitle: "Event Cancelled",
  eventCancelled: (title: string) => `${title} has been cancelled.`,
  newLikeTitle: "New Like",
  newLike: (displayName: string, excerpt: string) => `${displayName} liked your post: "${excerpt}"`,
  replyTitle: "New Reply",
  reply: (displayName: string, excerpt: string) => `${displayName} replied to a post you commented on: "${excerpt}"`,
  mentionTitle: "You Were Mentioned",
  mention: (displayName: string, excerpt: string) => `${displayName} mentioned you: "${excerpt}"`,
  directMessageTitle: (displayName: string) => `New message from ${displayName}`,
  newSermonTitle: "New Sermon",
  newSermon: (title: string, speaker: string) => (speaker ? `${title} by ${speaker}` : title),
  newEpisodeTitle: (show: string) => `New episode of ${show}`,
  newEpisode: (title: string) => title,
  eventReminderTitle: "Starting Soon",
  eventReminder: (title: string, location: string) => `${title} starts within the hour${location ? ` at ${location}` : ""}.`,
  liveTitle: "We're Live",
  live: (title: string) => `${title} is streaming now. Join us!`,
  serviceReminderTitle: "Starting Soon",
  serviceReminder: (title: string) => `${title} starts soon. Join the live stream.`,
  pushUnsupported: "This browser can't receive notifications.",
  pushDenied: "Notifications are blocked for this site. Allow them in the browser's site settings, then try again.",
  pushUnavailable: "Push notifications aren't available on this server right now.",
  pushTooMany: "This account has registered many devices for notifications in a short while. Please try again later.",
} as const;

/**
 * What a notification is about. A member chooses per category whether it also arrives as a push or an email;
 * `general` (welcome messages, cancellations' kin) only ever appears under the bell.
 */
export const notificationCategories = ["comment", "like", "reply", "message", "sermon", "episode", "event", "live"] as const;
export const notificationCategorySchema = z.enum(notificationCategories);
export type NotificationCategory = z.infer<typeof notificationCategorySchema>;
export type AnyNotificationCategory = NotificationCategory | "general";

/** How each category is named in /settings. */
export const notificationCategoryLabels: Record<NotificationCategory, { label: string; description: string }> = {
  comment: { label: "Comments", description: "Someone comments on your post" },
  like: { label: "Likes", description: "Someone likes your post" },
  reply: { label: "Replies and mentions", description: "A reply in a conversation you joined, or an @mention" },
  message: { label: "Direct messages", description: "A message arrives while you are away" },
  sermon: { label: "New sermons", description: "A new sermon is published" },
  episode: { label: "New episodes", description: "A show you subscribe to publishes an episode" },
  event: { label: "Event reminders", description: "An event you are going to starts within the hour" },
  live: { label: "We're live", description: "A service starts streaming" },
};

export const notificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  category: z.enum([...notificationCategories, "general"]).describe("what the notification is about"),
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

/** One category's channels beyond the bell. */
export const channelChoiceSchema = z.object({ push: z.boolean(), email: z.boolean() });

/** GET/PUT /api/notifications/preferences: per category, whether it also arrives as a push or an email. */
export const notificationPreferencesSchema = z.object({
  categories: z.record(notificationCategorySchema, channelChoiceSchema),
  weeklyDigest: z.boolean().describe("a weekly email of what happened at church"),
  emailEnabled: z.boolean().describe("false when the server sends no email (SMTP is not set up)"),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const updateNotificationPreferencesSchema = z.object({
  categories: z.partialRecord(notificationCategorySchema, channelChoiceSchema.partial()).optional(),
  weeklyDigest: z.boolean().optional(),
});
export type UpdateNotificationPreferences = z.infer<typeof updateNotificationPreferencesSchema>;

/** A browser's PushSubscription as `toJSON()` gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    // A push endpoint refuses NUL like every text a client sends.
    .regex(WITHOUT_NUL, messages.textHasNul),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z
      .string()
      .regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, "keys.p256dh must be a base64url P-256 public key")
      .max(200),
    auth: z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,30}={0,2}$/, "keys.auth must be a base64url 16-byte secret")
      .max(64),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushKeySchema = z.object({ publicKey: z.string().describe("the VAPID public key (base64url), the applicationServerKey") });

/** Web Push: the server's public key, and each device's subscription. */
export const pushRoutes = {
  key: defineRoute({
    method: "GET",
    path: "/api/push/key",
    summary: "The VAPID public key a browser subscribes with",
    access: "public",
    response: pushKeySchema,
  }),
  subscribe: defineRoute({
    method: "POST",
    path: "/api/push/subscriptions",
    summary: "Keep the push subscription of this device for the signed-in member (a known device moves to this member)",
    access: "member",
    body: pushSubscriptionSchema,
    status: 204,
    response: z.null(),
  }),
  unsubscribe: defineRoute({
    method: "POST",
    path: "/api/push/subscriptions/remove",
    summary: "Forget the push subscription of this device",
    access: "member",
    body: z.object({ endpoint: text().max(2000) }),
    status: 204,
    response: z.null(),
  }),
};

/** Each member's notification preferences. */
export const notificationPreferencesRoutes = {
  get: defineRoute({
    method: "GET",
    path: "/api/notifications/preferences",
    summary: "The notification preferences of the signed-in member",
    access: "member",
    response: notificationPreferencesSchema,
  }),
  update: defineRoute({
    method: "PUT",
    path: "/api/notifications/preferences",
    summary: "Change some notification preferences of the signed-in member",
    access: "member",
    body: updateNotificationPreferencesSchema,
    response: notificationPreferencesSchema,
  }),
};
