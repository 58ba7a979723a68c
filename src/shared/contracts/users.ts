import { z } from "zod";
import { messages } from "../messages";
import { idParamsSchema, timestampSchema, text } from "./common";
import { defineRoute } from "./route";

/** The users module's own messages. */
export const userMessages = {
  notFound: "That member was not found.",
} as const;

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
  displayName: text().trim().min(1, messages.displayNameRequired).max(80).optional(),
  bio: text().max(1000).nullable().optional(),
  email: z.email(messages.emailInvalid).max(254).optional(),
});
export type UpdateUser = z.infer<typeof updateUserSchema>;

/** GET /api/users: the contact list, optionally filtered by name. */
export const contactsQuerySchema = z.object({
  q: text().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});

/** The users module's routes. GET /api/users/:id/media is still registered by the users module outside the table; it moves with profile media to the media module. */
export const usersRoutes = {
  contacts: defineRoute({
    method: "GET",
    path: "/api/users",
    summary: "Contacts of the signed-in member, the most recent conversation first",
    access: "member",
    query: contactsQuerySchema,
    response: z.array(contactSchema),
  }),
  profile: defineRoute({
    method: "GET",
    path: "/api/users/:id",
    summary: "A member profile (the email only for its owner)",
    access: "public",
    params: idParamsSchema,
    response: userSchema,
  }),
  update: defineRoute({
    method: "PATCH",
    path: "/api/users/:id",
    summary: "Update the display name, bio or email of the signed-in member",
    access: "member",
    params: idParamsSchema,
    body: updateUserSchema,
    response: userSchema,
  }),
  avatar: defineRoute({
    method: "POST",
    path: "/api/users/:id/avatar",
    summary: "Upload the profile photo of the signed-in member (multipart field `avatar`; replaces the previous one)",
    access: "member",
    params: idParamsSchema,
    multipart: true,
    response: userSchema,
  }),
};
