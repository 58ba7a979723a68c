import { z } from "zod";
import { idSchema, pageQuerySchema, timestampSchema } from "./common";
import { authorSchema } from "./posts";
import { defineRoute } from "./route";

/** Texts of blocking, the care team and the audit log. */
export const safetyMessages = {
  cannotBlockSelf: "You cannot block yourself.",
  memberNotFound: "That member was not found.",
  blockedYou: "You can't message this member.",
  blockedRoom: "You can't join this room.",
} as const;

const userParamsSchema = z.object({ userId: idSchema });

export const blockedMemberSchema = authorSchema.extend({ blockedAt: timestampSchema });
export type BlockedMember = z.infer<typeof blockedMemberSchema>;

export const careTeamMemberSchema = authorSchema.extend({ grantedAt: timestampSchema });
export type CareTeamMember = z.infer<typeof careTeamMemberSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor: authorSchema.nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.number().int(),
  detail: z.string(),
  createdAt: timestampSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Whether the signed-in member is on the care team (the web shows the care team's tools from this). */
export const careStatusSchema = z.object({ careTeam: z.boolean() });

/** Blocking, the care team, and the audit log. */
export const safetyRoutes = {
  blocks: defineRoute({
    method: "GET",
    path: "/api/blocks",
    summary: "The members I blocked, most recent first",
    access: "member",
    response: z.array(blockedMemberSchema),
  }),
  block: defineRoute({
    method: "PUT",
    path: "/api/blocks/:userId",
    summary: "Block a member: their posts and comments leave my feed, they cannot message me, see my posts or join my rooms",
    access: "member",
    params: userParamsSchema,
    status: 204,
    response: z.null(),
  }),
  unblock: defineRoute({
    method: "DELETE",
    path: "/api/blocks/:userId",
    summary: "Unblock a member",
    access: "member",
    params: userParamsSchema,
    status: 204,
    response: z.null(),
  }),
  careStatus: defineRoute({
    method: "GET",
    path: "/api/care-team/me",
    summary: "Whether I am on the care team",
    access: "member",
    response: careStatusSchema,
  }),
  careTeam: defineRoute({
    method: "GET",
    path: "/api/care-team",
    summary: "Admins and the care team: who is on the care team",
    access: "member",
    response: z.array(careTeamMemberSchema),
  }),
  grantCare: defineRoute({
    method: "PUT",
    path: "/api/care-team/:userId",
    summary: "Admin: make a member part of the care team",
    access: "admin",
    params: userParamsSchema,
    status: 204,
    response: z.null(),
  }),
  revokeCare: defineRoute({
    method: "DELETE",
    path: "/api/care-team/:userId",
    summary: "Admin: take a member off the care team",
    access: "admin",
    params: userParamsSchema,
    status: 204,
    response: z.null(),
  }),
  audit: defineRoute({
    method: "GET",
    path: "/api/admin/audit",
    summary: "Admin: the audit log, newest first, a page at a time",
    access: "admin",
    query: pageQuerySchema,
    paginated: true,
    response: z.array(auditEntrySchema),
  }),
};
