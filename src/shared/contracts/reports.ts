import { z } from "zod";
import { text } from "./common";

export const REPORT_DETAILS_MAX = 500;

/** The texts of a report, shared by every report route (prayer requests too). */
export const reportMessages = {
  reasonInvalid: "Choose a reason: spam, harassment, inappropriate or other",
  detailsTooLong: `Report details can be at most ${REPORT_DETAILS_MAX} characters`,
  actionInvalid: "Choose an action: dismiss, hide, warn, suspend or ban",
} as const;

/** Why something is reported: one list for posts, comments, messages, members, media and prayer requests. */
export const reportReasonSchema = z.enum(["spam", "harassment", "inappropriate", "other"]);
export type ReportReason = z.infer<typeof reportReasonSchema>;

export const reportTargetTypeSchema = z.enum(["post", "comment", "message", "member", "media"]);
export type ReportTargetType = z.infer<typeof reportTargetTypeSchema>;
export const moderationActionSchema = z.enum(["dismiss", "hide", "warn", "suspend", "ban"], {
  error: reportMessages.actionInvalid,
});
export type ModerationAction = z.infer<typeof moderationActionSchema>;

const detailsSchema = text().trim().max(REPORT_DETAILS_MAX, reportMessages.detailsTooLong).default("");

/** A report: one of four reasons, and optional details. */
export const reportBodySchema = z.object({
  reason: z.enum(reportReasonSchema.options, { error: reportMessages.reasonInvalid }),
  details: detailsSchema,
});
export type ReportBody = z.input<typeof reportBodySchema>;

/**
 * The body the older report routes (posts, media) keep taking: `reason` is one of the four reasons, or any text a
 * client sent before reasons existed, which is kept as the details with the reason "other".
 */
export const legacyReportBodySchema = (maxReason: number, tooLong: string) =>
  z.object({
    reason: text()
      .trim()
      .max(maxReason, tooLong)
      .default("other")
      .describe("spam, harassment, inappropriate or other; any other text is kept as the details, with the reason other"),
    details: detailsSchema,
  });
