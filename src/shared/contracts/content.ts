import { z } from "zod";
import { timestampSchema } from "./common";

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
  artist: z.string(),
  thumbnailUrl: z.string().nullable(),
  mediaUrl: z.string(),
  mimeType: z.string(),
  duration: z.number().int(),
  createdAt: timestampSchema,
  playCount: z.number().int(),
  likesCount: z.number().int(),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  type: categoryTypeSchema,
});
export type Category = z.infer<typeof categorySchema>;
