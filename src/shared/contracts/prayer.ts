import { z } from "zod";
import { idParamsSchema, idSchema, pageQuerySchema, text, timestampSchema } from "./common";
import { authorSchema } from "./posts";
import { defineRoute } from "./route";
import { reportReasonSchema } from "./reports";

/** Texts of the prayer API and its notifications. */
export const prayerMessages = {
  contentRequired: "Please write your prayer request",
  tooMany: "You have asked for prayer many times in a short while. Please wait a little before asking again.",
  tooManyReports: "You have reported many requests in a short while. Please wait a little before reporting again.",
  contentTooLong: "Prayer requests can be at most 2000 characters",
  testimonyTooLong: "A testimony can be at most 2000 characters",
  noteRequired: "A note cannot be empty",
  noteTooLong: "Notes can be at most 2000 characters",
  detailsTooLong: "Report details can be at most 500 characters",
  notFound: "Prayer request not found",
  careTeamOnly: "Only the care team can do that.",
  ownerOnly: "Only the member who asked can do that.",
  cannotPrayOwn: "You cannot mark your own request as prayed for.",
  assigneeNotCareTeam: "Requests can only be assigned to a member of the care team.",
  notOnWall: "Only wall requests are reviewed.",
  prayedTitle: "Someone Prayed",
  prayed: (displayName: string) => `${displayName} prayed for your request.`,
  heldTitle: "Prayer Request Received",
  held: "Thank you. Your request will appear on the wall once the care team has reviewed it.",
  publishedTitle: "Prayer Request Shared",
  published: "Your request is on the prayer wall.",
} as const;

export const PRAYER_MAX_LENGTH = 2000;
/** A member whose account is younger than this has their wall requests held for the care team's review. */
export const PRAYER_NEW_MEMBER_DAYS = 7;

export const prayerVisibilitySchema = z.enum(["private", "wall"]);
export const prayerStatusSchema = z.enum(["published", "held", "hidden"]);
// One list of reasons for every report (decision 0021).
export { reportReasonSchema, type ReportReason } from "./reports";

/** A prayer request as a viewer may see it. */
export const prayerRequestSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  visibility: prayerVisibilitySchema,
  anonymous: z.boolean(),
  status: prayerStatusSchema.describe("held: waiting for the care team's review; hidden: removed from the wall by a moderator"),
  prayedCount: z.number().int().describe("members who prayed, each counted once"),
  prayedByMe: z.boolean(),
  mine: z.boolean().describe("true for the member who asked"),
  author: authorSchema.nullable().describe("null on an anonymous request, except for its author and the care team"),
  assignee: authorSchema.nullable().describe("the care-team member following up; only the care team sees it"),
  answeredAt: timestampSchema.nullable(),
  testimony: z.string().nullable(),
  createdAt: timestampSchema,
});
export type PrayerRequest = z.infer<typeof prayerRequestSchema>;

export const prayerScopeSchema = z.enum(["wall", "mine", "care", "held"]);
export const prayerListQuerySchema = pageQuerySchema.extend({
  scope: prayerScopeSchema
    .default("wall")
    .describe(
      "wall: published wall requests; mine: my own; care: every request (care team); held: wall requests awaiting review (care team)",
    ),
});

export const createPrayerSchema = z.object({
  content: text({ error: prayerMessages.contentRequired })
    .trim()
    .min(1, prayerMessages.contentRequired)
    .max(PRAYER_MAX_LENGTH, prayerMessages.contentTooLong),
  visibility: prayerVisibilitySchema.default("wall"),
  anonymous: z.boolean().default(false),
});
export type CreatePrayer = z.input<typeof createPrayerSchema>;

export const answerPrayerSchema = z.object({
  testimony: text().trim().max(PRAYER_MAX_LENGTH, prayerMessages.testimonyTooLong).optional(),
});

export const prayedResultSchema = z.object({ prayedCount: z.number().int(), prayedByMe: z.boolean() });

export const assignPrayerSchema = z.object({ userId: idSchema.nullable() });

export const prayerNoteSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  createdAt: timestampSchema,
  author: authorSchema.nullable(),
});
export type PrayerNote = z.infer<typeof prayerNoteSchema>;
export const createPrayerNoteSchema = z.object({
  content: text({ error: prayerMessages.noteRequired })
    .trim()
    .min(1, prayerMessages.noteRequired)
    .max(PRAYER_MAX_LENGTH, prayerMessages.noteTooLong),
});

export const reviewPrayerSchema = z.object({
  decision: z.enum(["publish", "hide", "dismiss"]).describe("dismiss: close its open reports and leave the request as it is"),
});

/** A report with a reason; the details say more. */
export const reportWithReasonSchema = z.object({
  reason: reportReasonSchema,
  details: text().trim().max(500, prayerMessages.detailsTooLong).default(""),
});

export const prayerReportSchema = z.object({
  id: z.number().int(),
  reason: reportReasonSchema,
  details: z.string(),
  createdAt: timestampSchema,
  reporter: authorSchema,
  request: prayerRequestSchema,
});
export type PrayerReport = z.infer<typeof prayerReportSchema>;

const prayerParams = idParamsSchema;

/** The prayer module's routes: every one needs a signed-in member; the care team's are marked so. */
export const prayerRoutes = {
  list: defineRoute({
    method: "GET",
    path: "/api/prayer",
    summary: "Prayer requests, newest first: the wall, my own, or (care team) every request or those held for review",
    access: "member",
    query: prayerListQuerySchema,
    response: z.array(prayerRequestSchema),
    paginated: true,
  }),
  create: defineRoute({
    method: "POST",
    path: "/api/prayer",
    summary: "Ask for prayer, privately (care team only) or on the wall; wall requests of new members are held for review",
    access: "member",
    body: createPrayerSchema,
    status: 201,
    response: prayerRequestSchema,
  }),
  get: defineRoute({
    method: "GET",
    path: "/api/prayer/:id",
    summary: "One prayer request, when the viewer may see it",
    access: "member",
    params: prayerParams,
    response: prayerRequestSchema,
  }),
  prayed: defineRoute({
    method: "POST",
    path: "/api/prayer/:id/prayed",
    summary: "I prayed: counted once per member; the requester is told the first time",
    access: "member",
    params: prayerParams,
    response: prayedResultSchema,
  }),
  answered: defineRoute({
    method: "POST",
    path: "/api/prayer/:id/answered",
    summary: "The requester marks the request answered, with an optional testimony",
    access: "member",
    params: prayerParams,
    body: answerPrayerSchema,
    response: prayerRequestSchema,
  }),
  assign: defineRoute({
    method: "PUT",
    path: "/api/prayer/:id/assignee",
    summary: "Care team: assign the request to a care-team member, or nobody",
    access: "member",
    params: prayerParams,
    body: assignPrayerSchema,
    response: prayerRequestSchema,
  }),
  notes: defineRoute({
    method: "GET",
    path: "/api/prayer/:id/notes",
    summary: "Care team: the private follow-up notes of a request, oldest first",
    access: "member",
    params: prayerParams,
    response: z.array(prayerNoteSchema),
  }),
  addNote: defineRoute({
    method: "POST",
    path: "/api/prayer/:id/notes",
    summary: "Care team: add a private follow-up note",
    access: "member",
    params: prayerParams,
    body: createPrayerNoteSchema,
    status: 201,
    response: prayerNoteSchema,
  }),
  review: defineRoute({
    method: "POST",
    path: "/api/prayer/:id/review",
    summary: "Care team or admin: publish a held wall request, hide a wall request, or dismiss its reports (its open reports close)",
    access: "member",
    params: prayerParams,
    body: reviewPrayerSchema,
    response: prayerRequestSchema,
  }),
  report: defineRoute({
    method: "POST",
    path: "/api/prayer/:id/report",
    summary: "Report a wall request with a reason (once per member)",
    access: "member",
    params: prayerParams,
    body: reportWithReasonSchema,
    status: 201,
    response: z.object({ id: z.number().int() }),
  }),
  reports: defineRoute({
    method: "GET",
    path: "/api/prayer/reports",
    summary: "Care team or admin: open reports of prayer requests, newest first",
    access: "member",
    response: z.array(prayerReportSchema),
  }),
};
