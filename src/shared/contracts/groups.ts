import { z } from "zod";
import { timestampSchema } from "./common";

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
