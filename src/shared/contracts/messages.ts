import { z } from "zod";
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from "../constants";
import { chatMessageSchema } from "./live";
import { idParamsSchema, idSchema, pageQuerySchema, timestampSchema } from "./common";
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
  whoCanMessageInvalid: "Choose who may message you: everyone, connections or nobody.",
  requestNotFound: "That message request does not exist or was already answered.",
  requestTitle: "New Message Request",
  request: (displayName: string) => `${displayName} wants to send you a message.`,
} as const;

/**
 * Who may message me (decision 0022): everyone; only my connections (members I have talked to or share a group
 * with); or nobody new. A message from anyone else waits in my requests folder until I accept or decline it.
 */
export const whoCanMessageValues = ["everyone", "connections", "nobody"] as const;
export const whoCanMessageSchema = z.enum(whoCanMessageValues, messageTexts.whoCanMessageInvalid);
export type WhoCanMessage = z.infer<typeof whoCanMessageSchema>;
/** How /settings names each choice. */
export const whoCanMessageLabels: Record<WhoCanMessage, string> = {
  everyone: "Everyone",
  connections: "Members I've talked to or share a group with",
  nobody: "Nobody new: every first message is a request",
};
export const messagePrivacySchema = z.object({ whoCanMessage: whoCanMessageSchema });
export type MessagePrivacy = z.infer<typeof messagePrivacySchema>;
/** The default keeps the spec's behaviour: anyone may write (the message-requests toggle can still refuse strangers). */
export const defaultMessagePrivacy: MessagePrivacy = { whoCanMessage: "everyone" };

/** A conversation waiting in the receiver's requests folder. */
export const messageRequestSchema = z.object({
  id: z.number().int(),
  sender: z.object({
    id: z.number().int(),
    username: z.string(),
    displayName: z.string(),
    profileImageUrl: z.string().nullable(),
  }),
  /** The sender's latest message, and how many they sent. */
  lastMessage: z.string(),
  messageCount: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type MessageRequest = z.infer<typeof messageRequestSchema>;

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
  privacy: defineRoute({
    method: "GET",
    path: "/api/messages/privacy",
    summary: "Who may message the signed-in member directly (everyone, connections or nobody); others land in requests",
    access: "member",
    response: messagePrivacySchema,
  }),
  savePrivacy: defineRoute({
    method: "PUT",
    path: "/api/messages/privacy",
    summary: "Choose who may message the signed-in member directly",
    access: "member",
    body: messagePrivacySchema,
    response: messagePrivacySchema,
  }),
  requests: defineRoute({
    method: "GET",
    path: "/api/messages/requests",
    summary: "The requests folder of the signed-in member: first messages waiting for an answer, newest first",
    access: "member",
    response: z.array(messageRequestSchema),
  }),
  acceptRequest: defineRoute({
    method: "POST",
    path: "/api/messages/requests/:id/accept",
    summary: "Accept a message request: the conversation joins the messages of the member",
    access: "member",
    params: idParamsSchema,
    status: 204,
    response: z.null(),
  }),
  declineRequest: defineRoute({
    method: "POST",
    path: "/api/messages/requests/:id/decline",
    summary: "Decline a message request: it leaves the folder and the sender can no longer write",
    access: "member",
    params: idParamsSchema,
    status: 204,
    response: z.null(),
  }),
};
