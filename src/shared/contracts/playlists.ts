import { z } from "zod";
import { idSchema, timestampSchema } from "./common";
import { mediaItemSchema } from "./content";

export const playlistMessages = {
  nameRequired: "Playlist name is required",
  nameTooLong: "Playlist name must be at most 100 characters",
  descriptionTooLong: "Description must be at most 500 characters",
  alreadyInPlaylist: "That item is already in this playlist.",
  notFound: "Playlist not found.",
  mediaNotFound: "Media item not found.",
  orderMismatch: "The new order must list every item of the playlist exactly once.",
} as const;

export const playlistItemSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  addedAt: timestampSchema,
  media: mediaItemSchema,
});
export type PlaylistItem = z.infer<typeof playlistItemSchema>;

/** A playlist (spec §3) with its items in order. */
export const playlistSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  playlistItems: z.array(playlistItemSchema),
});
export type Playlist = z.infer<typeof playlistSchema>;

const nameSchema = z
  .string({ error: playlistMessages.nameRequired })
  .trim()
  .min(1, playlistMessages.nameRequired)
  .max(100, playlistMessages.nameTooLong);
const descriptionSchema = z.string().trim().max(500, playlistMessages.descriptionTooLong).nullish();

export const playlistListQuerySchema = z.object({ userId: idSchema.optional() });
export const createPlaylistSchema = z.object({ name: nameSchema, description: descriptionSchema });
export type CreatePlaylist = z.infer<typeof createPlaylistSchema>;
export const updatePlaylistSchema = z.object({ name: nameSchema.optional(), description: descriptionSchema });
export type UpdatePlaylist = z.infer<typeof updatePlaylistSchema>;
export const addPlaylistItemSchema = z.object({ mediaId: z.number({ error: "mediaId is required" }).int().positive() });
export const reorderPlaylistSchema = z.object({
  itemIds: z.array(z.number().int().positive()).max(1000),
});
export const playlistItemParamsSchema = z.object({ id: idSchema, itemId: idSchema });
