import { z } from "zod";
import { messages } from "../messages";
import { timestampSchema } from "./common";

export const accountTypeSchema = z.enum(["free", "premium"]);
export const roleSchema = z.enum(["member", "creator", "admin"]);

/** A member as the API presents them. `email` is present only on the member's own record. */
export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  email: z.string().optional(),
  bio: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  accountType: accountTypeSchema,
  role: roleSchema,
  postCount: z.number().int(),
  favoriteCount: z.number().int(),
  createdAt: timestampSchema,
});
export type User = z.infer<typeof userSchema>;

/** A member in the signed-in member's contact list (GET /api/users). */
export const contactSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  profileImageUrl: z.string().nullable(),
  accountType: accountTypeSchema,
  lastMessage: z.string().nullable(),
  lastMessageAt: timestampSchema.nullable(),
  unreadCount: z.number().int(),
});
export type Contact = z.infer<typeof contactSchema>;

/** PATCH /api/users/{id}: only these fields may change; anything else is dropped. */
export const updateUserSchema = z.object({
  displayName: z.string().trim().min(1, messages.displayNameRequired).max(80).optional(),
  bio: z.string().max(1000).nullable().optional(),
  email: z.email(messages.emailInvalid).max(254).optional(),
});
export type UpdateUser = z.infer<typeof updateUserSchema>;
