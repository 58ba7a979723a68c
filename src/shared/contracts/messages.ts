import { z } from "zod";
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from "../constants";
import { chatMessageSchema } from "./live";
import { idSchema, pageQuerySchema } from "./common";
import { defineRoute } from "./route";

export { chatMessageSchema, type ChatMessage } from "./live";

/** GET /api/messages?userId&otherUserId: a conversation, oldest first; `cursor` pages back to older messages. */
export const conversationQuerySchema = pageQuerySchema.extend({
  userId: idSchema,
  otherUserId: idSchema,
});
export type ConversationQuery = z.infer<typeof conversationQuerySchema>;

export const messageListSchema = z.array(chatMessageSchema);

/** GET /api/messages/recent: the viewer's latest messages, newest first. */
export const recentQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
});

/** The Message Settings toggles of /chat, persisted per member. */
export const messageSettingsSchema = z.object({
  emailNotifications: z.boolean(),
  desktopNotifications: z.boolean(),
  soundNotifications: z.boolean(),
  readReceipts: z.boolean(),
  onlineStatus: z.boolean(),
  messageRequests: z.boolean(),
});
export type MessageSettings = z.infer<typeof messageSettingsSchema>;
export const defaultMessageSettings: MessageSettings = {
  emailNotifications: true,
  desktopNotifications: false,
  soundNotifications: true,
  readReceipts: true,
  onlineStatus: true,
  messageRequests: true,
};
/** PUT /api/messages/settings: any subset of the toggles. */
export const updateMessageSettingsSchema = messageSettingsSchema.partial();

/** The messages module's texts. */
export const messageTexts = {
  notInConversation: "You can only read your own conversations.",
} as const;

/** The messages module's routes. */
export const messagesRoutes = {
  conversation: defineRoute({
    method: "GET",
    path: "/api/messages",
    summary: "A direct conversation of the signed-in member, oldest first; the cursor pages back; the first page marks it read",
    access: "member",
    query: conversationQuerySchema,
    response: messageListSchema,
    paginated: true,
  }),
  recent: defineRoute({
    method: "GET",
    path: "/api/messages/recent",
    summary: "The latest direct messages of the signed-in member, newest first",
    access: "member",
    query: recentQuerySchema,
    response: messageListSchema,
  }),
  settings: defineRoute({
    method: "GET",
    path: "/api/messages/settings",
    summary: "The message settings of the signed-in member",
    access: "member",
    response: messageSettingsSchema,
  }),
  saveSettings: defineRoute({
    method: "PUT",
    path: "/api/messages/settings",
    summary: "Change any of the message settings of the signed-in member",
    access: "member",
    body: updateMessageSettingsSchema,
    response: messageSettingsSchema,
  }),
};
