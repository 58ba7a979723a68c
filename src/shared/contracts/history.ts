import { z } from "zod";
import { idSchema, pageQuerySchema, timestampSchema } from "./common";
import { mediaItemSchema } from "./content";
import { defineRoute } from "./route";

export const historyMessages = {
  positionRequired: "position is required",
  positionNegative: "position must be 0 or more",
} as const;

/** One entry of a member's listening and watching history: where they stopped and when. */
export const historyEntrySchema = z.object({
  mediaId: z.number().int(),
  position: z.number().describe("Seconds reached, where playback resumes"),
  playedAt: timestampSchema,
  media: mediaItemSchema,
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const historyQuerySchema = pageQuerySchema;

export const historyParamsSchema = z.object({ mediaId: idSchema });

/** PUT /api/history/{mediaId}: the resume position, saved while the member listens. */
export const savePositionSchema = z.object({
  position: z.number({ error: historyMessages.positionRequired }).min(0, historyMessages.positionNegative).max(86_400),
});

/** The history module's routes: the signed-in member's own listening and watching history. */
export const historyRoutes = {
  list: defineRoute({
    method: "GET",
    path: "/api/history",
    summary: "What the member played, most recently first, with where to resume",
    access: "member",
    query: historyQuerySchema,
    response: z.array(historyEntrySchema),
    paginated: true,
  }),
  savePosition: defineRoute({
    method: "PUT",
    path: "/api/history/:mediaId",
    summary: "Remember where the member stopped, without counting a play",
    access: "member",
    params: historyParamsSchema,
    body: savePositionSchema,
    status: 204,
    response: z.null(),
  }),
  remove: defineRoute({
    method: "DELETE",
    path: "/api/history/:mediaId",
    summary: "Remove one item from the history",
    access: "member",
    params: historyParamsSchema,
    status: 204,
    response: z.null(),
  }),
  clear: defineRoute({
    method: "DELETE",
    path: "/api/history",
    summary: "Clear the history",
    access: "member",
    status: 204,
    response: z.null(),
  }),
};
