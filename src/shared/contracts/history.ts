import { z } from "zod";
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from "../constants";
import { idSchema, timestampSchema } from "./common";
import { mediaItemSchema } from "./content";

/** One entry of a member's listening and watching history: where they stopped and when. */
export const historyEntrySchema = z.object({
  mediaId: z.number().int(),
  position: z.number().describe("Seconds reached, where playback resumes"),
  playedAt: timestampSchema,
  media: mediaItemSchema,
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const historyQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
  cursor: z.string().max(200).optional(),
});

export const historyParamsSchema = z.object({ mediaId: idSchema });

/** PUT /api/history/{mediaId}: the resume position, saved while the member listens. */
export const savePositionSchema = z.object({
  position: z.number({ error: "position is required" }).min(0, "position must be 0 or more").max(86_400),
});
