import { z } from "zod";
import { idSchema, timestampSchema, text } from "./common";
import { defineRoute } from "./route";

export const contactMessages = {
  nameRequired: "Name is required",
  nameTooLong: "Name can be at most 100 characters",
  emailInvalid: "Valid email is required",
  subjectRequired: "Subject is required",
  subjectTooLong: "Subject can be at most 200 characters",
  messageTooShort: "Message must be at least 10 characters",
  messageTooLong: "Message can be at most 5000 characters",
  tooMany: "You have sent several messages in a short time. Please try again later.",
  notFound: "Message not found",
} as const;

/** POST /api/contact: a message to the church office; visitors may send one too. */
export const createContactSchema = z.object({
  name: text(contactMessages.nameRequired).trim().min(1, contactMessages.nameRequired).max(100, contactMessages.nameTooLong),
  email: text(contactMessages.emailInvalid).trim().max(254, contactMessages.emailInvalid).pipe(z.email(contactMessages.emailInvalid)),
  subject: text(contactMessages.subjectRequired).trim().min(1, contactMessages.subjectRequired).max(200, contactMessages.subjectTooLong),
  message: text(contactMessages.messageTooShort).trim().min(10, contactMessages.messageTooShort).max(5000, contactMessages.messageTooLong),
});
export type CreateContact = z.infer<typeof createContactSchema>;

export const contactReceiptSchema = z.object({ id: z.number().int(), createdAt: timestampSchema });

/** A received message as the office inbox shows it (admins only). */
export const contactMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  userId: z.number().int().nullable(),
  createdAt: timestampSchema,
  handledAt: timestampSchema.nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactListQuerySchema = z.object({
  status: z.enum(["all", "open", "handled"]).default("all"),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const contactParamsSchema = z.object({ id: idSchema });

/** The contact module's routes. */
export const contactRoutes = {
  send: defineRoute({
    method: "POST",
    path: "/api/contact",
    summary: "Send a message to the church office (visitors too; throttled per address)",
    access: "public",
    body: createContactSchema,
    status: 201,
    response: contactReceiptSchema,
  }),
  inbox: defineRoute({
    method: "GET",
    path: "/api/contact",
    summary: "The office inbox, newest first",
    access: "admin",
    query: contactListQuerySchema,
    response: z.array(contactMessageSchema),
  }),
  markHandled: defineRoute({
    method: "POST",
    path: "/api/contact/:id/handled",
    summary: "Mark a message handled (the first time is kept)",
    access: "admin",
    params: contactParamsSchema,
    response: contactMessageSchema,
  }),
};
