import { z } from "zod";
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from "../constants";
import { chatMessageSchema } from "./live";
import { idSchema } from "./common";

export { chatMessageSchema, type ChatMessage } from "./live";

/** GET /api/messages?userId&otherUserId: a conversation, oldest first; `cursor` pages back to older messages. */
export const conversationQuerySchema = z.object({
  userId: idSchema,
  otherUserId: idSchema,
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
  cursor: z.string().max(200).optional(),
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
