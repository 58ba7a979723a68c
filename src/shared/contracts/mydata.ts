import { z } from "zod";
import { text, timestampSchema } from "./common";
import { defineRoute } from "./route";

/** Texts of a member's own data: the export and the deletion of the account. */
export const myDataMessages = {
  passwordRequired: "Enter your password to confirm",
  wrongPassword: "Your password is incorrect.",
  deletedMember: "Deleted member",
} as const;

/** How long a deletion waits; signing in during it cancels the deletion. */
export const DELETION_GRACE_DAYS = 14;

export const deletionStatusSchema = z.object({
  scheduledFor: timestampSchema.nullable().describe("when the account will be deleted; null when no deletion is pending"),
});
export type DeletionStatus = z.infer<typeof deletionStatusSchema>;

export const requestDeletionSchema = z.object({
  password: text({ error: myDataMessages.passwordRequired }).min(1, myDataMessages.passwordRequired).max(200),
});

/** My data: export everything I created, and delete my account. */
export const myDataRoutes = {
  export: defineRoute({
    method: "GET",
    path: "/api/me/export",
    summary: "Download everything I created as a zip: data.json plus my uploaded files",
    access: "member",
    response: z.string(),
    contentType: "application/zip",
  }),
  deletion: defineRoute({
    method: "GET",
    path: "/api/me/deletion",
    summary: "Whether my account is due to be deleted, and when",
    access: "member",
    response: deletionStatusSchema,
  }),
  requestDeletion: defineRoute({
    method: "POST",
    path: "/api/me/deletion",
    summary: "Delete my account after a 14-day grace period (signing in during it cancels); signs me out everywhere",
    access: "member",
    body: requestDeletionSchema,
    response: deletionStatusSchema,
  }),
};
