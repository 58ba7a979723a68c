import { z } from "zod";
import { idSchema, pageQuerySchema, text, timestampSchema } from "./common";
import { authorSchema } from "./posts";
import { reportMessages } from "./reports";
import { defineRoute } from "./route";

export {
  legacyReportBodySchema,
  moderationActionSchema,
  reportBodySchema,
  reportReasonSchema,
  reportTargetTypeSchema,
  type ModerationAction,
  type ReportBody,
  type ReportReason,
  type ReportTargetType,
} from "./reports";
import { moderationActionSchema, reportBodySchema } from "./reports";

/** How long a suspension may last, in days. */
export const SUSPENSION_DAYS_MAX = 365;

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

/** Texts of reports, the moderation queue, members' standing and new-member review (decision 0021). */
export const moderationMessages = {
  ...reportMessages,
  noteTooLong: "A note can be at most 500 characters",
  tooManyReports: "You have sent many reports in the last hour. Please try again later.",
  reportNotFound: "Report not found",
  alreadyHandled: "This report was already handled.",
  memberNotFound: "That member was not found.",
  messageNotFound: "Message not found",
  commentNotFound: "Comment not found",
  cannotReportSelf: "You cannot report yourself.",
  cannotHideMember: "A member can't be hidden: warn, suspend or ban them instead.",
  notHidden: "This item is not hidden, so there is nothing to restore.",
  contentGone: "This item no longer exists.",
  nobodyToAct: "This report is not about a member: dismiss it or hide the content.",
  daysRequired: `Choose how many days the suspension lasts (1 to ${SUSPENSION_DAYS_MAX})`,
  cannotActOnAdmin: "Admins can't be warned, suspended or banned.",
  cannotActOnSelf: "You can't suspend or ban yourself.",
  notPending: "This member is not waiting for review.",
  decisionInvalid: "Choose approve or decline",
  suspended: (until: string) =>
    `Your account is suspended until ${longDate(until)}. You can't sign in, post, comment or send messages until then.`,
  banned: "This account has been banned. You can't sign in, post, comment or send messages.",
  awaitingReview: "Your account is waiting for an admin's approval. You can post, comment and send messages once it is approved.",
  declined: "Your account was not approved to post, comment or send messages. Contact the church office if you think this is a mistake.",
  warningTitle: "A warning from the moderators",
  warning: (what: string, note: string) =>
    `Something you shared (${what}) was reported and goes against our community guidelines.${note ? ` ${note}` : ""} Please keep our community kind and safe.`,
  suspendedTitle: "Your account was suspended",
  bannedTitle: "Your account was banned",
  /** The email a suspended or banned member gets: the sign-in message, and the admin's note when there is one. */
  standingEmail: (displayName: string, message: string, note: string) =>
    [`Hello ${displayName},`, "", message, ...(note ? ["", `The reason given: ${note}`] : [])].join("\n"),
  approvedTitle: "Your account is approved",
  approved: "Welcome! You can now post, comment and send messages.",
} as const;

export const reportReceiptSchema = z.object({ id: z.number().int(), createdAt: timestampSchema });

/** The member whose standing an admin changes, and why. */
const noteSchema = text().trim().max(500, moderationMessages.noteTooLong).default("");
const daysSchema = z.coerce
  .number({ error: moderationMessages.daysRequired })
  .int(moderationMessages.daysRequired)
  .min(1, moderationMessages.daysRequired)
  .max(SUSPENSION_DAYS_MAX, moderationMessages.daysRequired);

export const reportActionBodySchema = z.object({
  action: moderationActionSchema,
  days: daysSchema.optional().describe("suspend: how many days"),
  note: noteSchema.describe("warn: added to the member's notification; every action: kept in the audit log"),
});
export type ReportActionBody = z.input<typeof reportActionBodySchema>;

export const suspendBodySchema = z.object({ days: daysSchema, note: noteSchema });
export const banBodySchema = z.object({ note: noteSchema });

export const memberStatusSchema = z.enum(["active", "pending", "declined", "suspended", "banned", "deleting", "deleted"]);
export type MemberStatus = z.infer<typeof memberStatusSchema>;

export const adminMemberSchema = authorSchema.extend({
  username: z.string(),
  role: z.enum(["member", "creator", "admin"]),
  careTeam: z.boolean(),
  status: memberStatusSchema,
  suspendedUntil: timestampSchema.nullable(),
  createdAt: timestampSchema,
});
export type AdminMember = z.infer<typeof adminMemberSchema>;

export const memberListQuerySchema = pageQuerySchema.extend({
  q: text().trim().max(100).optional().describe("part of a username or display name"),
  status: memberStatusSchema.optional(),
});

export const siteSettingsSchema = z.object({
  requireApproval: z.boolean().describe("new members wait for an admin's approval before they post, comment or message"),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const reviewDecisionSchema = z.object({
  decision: z.enum(["approve", "decline"], { error: moderationMessages.decisionInvalid }),
});

export const subscriberSchema = z.object({ id: z.number().int(), email: z.string(), createdAt: timestampSchema });
export type Subscriber = z.infer<typeof subscriberSchema>;

const userParams = z.object({ userId: idSchema });

/** Reports of comments, messages and members; the queue's actions; the admin console's members, review and subscribers. */
export const moderationRoutes = {
  reportComment: defineRoute({
    method: "POST",
    path: "/api/posts/:id/comments/:commentId/report",
    summary: "Report a comment with a reason (201; 200 with the same id while that report of the member is open)",
    access: "member",
    params: z.object({ id: idSchema, commentId: idSchema }),
    body: reportBodySchema,
    status: 201,
    response: reportReceiptSchema,
  }),
  reportMessage: defineRoute({
    method: "POST",
    path: "/api/messages/:id/report",
    summary: "Report a message I received (directly, in one of my groups, or in a room I sat in) with a reason",
    access: "member",
    params: z.object({ id: idSchema }),
    body: reportBodySchema,
    status: 201,
    response: reportReceiptSchema,
  }),
  reportMember: defineRoute({
    method: "POST",
    path: "/api/users/:id/report",
    summary: "Report a member with a reason",
    access: "member",
    params: z.object({ id: idSchema }),
    body: reportBodySchema,
    status: 201,
    response: reportReceiptSchema,
  }),
  act: defineRoute({
    method: "POST",
    path: "/api/moderation/reports/:id/action",
    summary: "Admin: settle a report and every open report of the same item: dismiss, hide the content, warn, suspend or ban",
    access: "admin",
    params: z.object({ id: idSchema }),
    body: reportActionBodySchema,
    response: z.object({ settled: z.number().int().describe("how many open reports this closed") }),
  }),
  restore: defineRoute({
    method: "POST",
    path: "/api/moderation/reports/:id/restore",
    summary: "Admin: show again the item a report hid (recorded in the audit log; 409 when it is not hidden)",
    access: "admin",
    params: z.object({ id: idSchema }),
    response: z.object({ restored: z.literal(true) }),
  }),
  members: defineRoute({
    method: "GET",
    path: "/api/admin/members",
    summary: "Admin: members with their role, care team and status, newest first",
    access: "admin",
    query: memberListQuerySchema,
    paginated: true,
    response: z.array(adminMemberSchema),
  }),
  suspend: defineRoute({
    method: "POST",
    path: "/api/admin/members/:userId/suspend",
    summary: "Admin: suspend a member for some days (their sessions end; they cannot sign in, post, comment or message)",
    access: "admin",
    params: userParams,
    body: suspendBodySchema,
    response: adminMemberSchema,
  }),
  ban: defineRoute({
    method: "POST",
    path: "/api/admin/members/:userId/ban",
    summary: "Admin: ban a member",
    access: "admin",
    params: userParams,
    body: banBodySchema,
    response: adminMemberSchema,
  }),
  reinstate: defineRoute({
    method: "POST",
    path: "/api/admin/members/:userId/reinstate",
    summary: "Admin: lift the suspension or ban of a member",
    access: "admin",
    params: userParams,
    response: adminMemberSchema,
  }),
  settings: defineRoute({
    method: "GET",
    path: "/api/admin/settings",
    summary: "Admin: the settings of the site",
    access: "admin",
    response: siteSettingsSchema,
  }),
  saveSettings: defineRoute({
    method: "PUT",
    path: "/api/admin/settings",
    summary: "Admin: change the settings of the site",
    access: "admin",
    body: siteSettingsSchema,
    response: siteSettingsSchema,
  }),
  review: defineRoute({
    method: "GET",
    path: "/api/admin/review",
    summary: "Admin: new members waiting for approval, oldest first",
    access: "admin",
    response: z.array(adminMemberSchema),
  }),
  decide: defineRoute({
    method: "POST",
    path: "/api/admin/review/:userId",
    summary: "Admin: approve or decline a waiting member",
    access: "admin",
    params: userParams,
    body: reviewDecisionSchema,
    response: adminMemberSchema,
  }),
  subscribers: defineRoute({
    method: "GET",
    path: "/api/admin/newsletter",
    summary: "Admin: newsletter subscribers, newest first",
    access: "admin",
    query: pageQuerySchema,
    paginated: true,
    response: z.array(subscriberSchema),
  }),
  subscribersCsv: defineRoute({
    method: "GET",
    path: "/api/admin/newsletter.csv",
    summary: "Admin: every newsletter subscriber as CSV (email, subscribed at)",
    access: "admin",
    contentType: "text/csv",
    response: z.string(),
  }),
};
