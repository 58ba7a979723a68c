import { z } from "zod";
import { legacyReportBodySchema } from "./reports";
import { idSchema, pageQuerySchema, timestampSchema } from "./common";

export const mediaMessages = {
  mediaNotFound: "Media item not found.",
  categoryNotFound: "Category not found.",
  notAPodcast: "Only podcast shows can be subscribed to.",
  reasonTooLong: "Please keep the reason under 1000 characters",
} as const;

export const mediaTypeSchema = z.enum(["sermon", "podcast", "song"]);
export type MediaType = z.infer<typeof mediaTypeSchema>;
export const categoryTypeSchema = z.enum(["sermon", "music", "podcast"]);
export type CategoryType = z.infer<typeof categoryTypeSchema>;

/** A sermon, song or podcast episode (spec §3). `duration` is in seconds, read from the file. */
export const mediaItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  type: mediaTypeSchema,
  categoryId: z.number().int().nullable(),
  artist: z.string().describe("Artist of a song, speaker of a sermon, host of a podcast"),
  thumbnailUrl: z.string().nullable(),
  mediaUrl: z.string(),
  mimeType: z.string(),
  duration: z.number().int(),
  createdAt: timestampSchema,
  playCount: z.number().int(),
  likesCount: z.number().int(),
  liked: z.boolean().optional().describe("Whether the signed-in member likes it; absent for visitors"),
  favorited: z.boolean().optional().describe("Whether it is in the signed-in member's favorites; absent for visitors"),
  resumePosition: z.number().optional().describe("Seconds reached the last time the signed-in member played it"),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  type: categoryTypeSchema,
  mediaCount: z.number().int().optional().describe("How many media items the category holds"),
  feedUrl: z.string().optional().describe("A podcast show's RSS feed, absolute (podcast categories only)"),
});
export type Category = z.infer<typeof categorySchema>;

export const mediaSortSchema = z.enum(["latest", "most_viewed", "most_liked"]);
export type MediaSort = z.infer<typeof mediaSortSchema>;

/** GET /api/content/media. The next page's cursor is answered in the `Link` header (rel="next"). */
export const mediaListQuerySchema = pageQuerySchema.extend({
  type: mediaTypeSchema.optional(),
  categoryId: idSchema.optional(),
  sort: mediaSortSchema.default("latest"),
  uploadedBy: idSchema.optional().describe("Only the items this member published (the creator's own list on /create)"),
});

export const categoryListQuerySchema = z.object({ type: categoryTypeSchema.optional() });

/** GET /api/content/featured: what the home page features, in one answer. */
export const featuredSchema = z.object({
  sermons: z.array(mediaItemSchema),
  podcasts: z.array(mediaItemSchema),
  songs: z.array(mediaItemSchema),
});
export type Featured = z.infer<typeof featuredSchema>;

/** GET /api/content/recommended: songs (or another type) picked from what the member plays. */
export const recommendedQuerySchema = z.object({
  type: mediaTypeSchema.default("song"),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

/** POST /api/content/media/{id}/play: the body is optional; `position` is where playback stands. */
export const playSchema = z
  .object({ position: z.number().min(0).max(86_400).optional() })
  .nullish()
  .transform((body) => body ?? {});
export const playResultSchema = z.object({ playCount: z.number().int() });

export const likeResultSchema = z.object({ liked: z.boolean(), likesCount: z.number().int() });
export type LikeResult = z.infer<typeof likeResultSchema>;

/** A media item's report: a reason and details; older clients' free text is kept as details (decision 0021). */
export const reportMediaSchema = legacyReportBodySchema(1000, mediaMessages.reasonTooLong);
export const reportResultSchema = z.object({ id: z.number().int(), createdAt: timestampSchema });

export const favoriteResultSchema = z.object({ favorited: z.boolean() });

/** A podcast show is a podcast category; members subscribe to it. */
export const subscriptionResultSchema = z.object({ subscribed: z.boolean() });
export const subscriptionListSchema = z.object({ categoryIds: z.array(z.number().int()) });
