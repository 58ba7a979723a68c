import { z } from "zod";
import { idParamsSchema, pageQuerySchema, timestampSchema } from "./common";
import { messageListSchema } from "./messages";
import { defineRoute } from "./route";

/** The groups module's texts. */
export const groupMessages = {
  notFound: "That group does not exist.",
  membersOnly: "Join this group to read its messages.",
} as const;

/** A group chat with its member count (counted) and the viewer's own standing in it. */
export const groupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  memberCount: z.number().int(),
  isMember: z.boolean(),
  /** Messages since the viewer last read the group (0 when not a member). */
  unreadCount: z.number().int(),
  lastMessage: z.string().nullable(),
  lastMessageAt: timestampSchema.nullable(),
});
export type Group = z.infer<typeof groupSchema>;
export const groupListSchema = z.array(groupSchema);

/** The groups module's routes. */
export const groupsRoutes = {
  list: defineRoute({
    method: "GET",
    path: "/api/groups",
    summary: "Every group with its member count, and whether the viewer belongs to it and has unread messages",
    access: "public",
    response: groupListSchema,
  }),
  join: defineRoute({
    method: "POST",
    path: "/api/groups/:id/join",
    summary: "Join a group (idempotent); its chat reaches every open connection of the member at once",
    access: "member",
    params: idParamsSchema,
    response: groupSchema,
  }),
  leave: defineRoute({
    method: "POST",
    path: "/api/groups/:id/leave",
    summary: "Leave a group",
    access: "member",
    params: idParamsSchema,
    response: groupSchema,
  }),
  messages: defineRoute({
    method: "GET",
    path: "/api/groups/:id/messages",
    summary: "The messages of a group, for its members, oldest first; the cursor pages back; the first page marks the group read",
    access: "member",
    params: idParamsSchema,
    query: pageQuerySchema,
    response: messageListSchema,
    paginated: true,
  }),
};
