import { z } from "zod";
import { idParamsSchema, idSchema, timestampSchema, text } from "./common";
import { mediaItemSchema } from "./content";
import { defineRoute } from "./route";

export const playlistMessages = {
  nameRequired: "Playlist name is required",
  nameTooLong: "Playlist name must be at most 100 characters",
  descriptionTooLong: "Description must be at most 500 characters",
  alreadyInPlaylist: "That item is already in this playlist.",
  notFound: "Playlist not found.",
  mediaIdRequired: "mediaId is required",
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

const nameSchema = text({ error: playlistMessages.nameRequired })
  .trim()
  .min(1, playlistMessages.nameRequired)
  .max(100, playlistMessages.nameTooLong);
const descriptionSchema = text().trim().max(500, playlistMessages.descriptionTooLong).nullish();

export const playlistListQuerySchema = z.object({ userId: idSchema.optional() });
export const createPlaylistSchema = z.object({ name: nameSchema, description: descriptionSchema });
export type CreatePlaylist = z.infer<typeof createPlaylistSchema>;
export const updatePlaylistSchema = z.object({ name: nameSchema.optional(), description: descriptionSchema });
export type UpdatePlaylist = z.infer<typeof updatePlaylistSchema>;
export const addPlaylistItemSchema = z.object({ mediaId: z.number({ error: playlistMessages.mediaIdRequired }).int().positive() });
export const reorderPlaylistSchema = z.object({
  itemIds: z.array(z.number().int().positive()).max(1000),
});
export const playlistItemParamsSchema = z.object({ id: idSchema, itemId: idSchema });

/** The playlists module's routes: anyone reads a playlist; only its owner changes it. */
export const playlistsRoutes = {
  list: defineRoute({
    method: "GET",
    path: "/api/playlists",
    summary: "Playlists of a member with their items, newest first (without userId: those of the signed-in member)",
    access: "public",
    query: playlistListQuerySchema,
    response: z.array(playlistSchema),
  }),
  get: defineRoute({
    method: "GET",
    path: "/api/playlists/:id",
    summary: "One playlist with its items in order",
    access: "public",
    params: idParamsSchema,
    response: playlistSchema,
  }),
  create: defineRoute({
    method: "POST",
    path: "/api/playlists",
    summary: "Create a playlist",
    access: "member",
    body: createPlaylistSchema,
    status: 201,
    response: playlistSchema,
  }),
  update: defineRoute({
    method: "PATCH",
    path: "/api/playlists/:id",
    summary: "Rename a playlist or change its description (its owner)",
    access: "member",
    params: idParamsSchema,
    body: updatePlaylistSchema,
    response: playlistSchema,
  }),
  delete: defineRoute({
    method: "DELETE",
    path: "/api/playlists/:id",
    summary: "Delete a playlist (its owner)",
    access: "member",
    params: idParamsSchema,
    status: 204,
    response: z.null(),
  }),
  addItem: defineRoute({
    method: "POST",
    path: "/api/playlists/:id/items",
    summary: "Add an item at the end of a playlist (its owner)",
    access: "member",
    params: idParamsSchema,
    body: addPlaylistItemSchema,
    status: 201,
    response: playlistSchema,
  }),
  removeItem: defineRoute({
    method: "DELETE",
    path: "/api/playlists/:id/items/:itemId",
    summary: "Remove an item from a playlist (its owner)",
    access: "member",
    params: playlistItemParamsSchema,
    response: playlistSchema,
  }),
  reorder: defineRoute({
    method: "PUT",
    path: "/api/playlists/:id/items/order",
    summary: "Put the items of a playlist in a new order (its owner)",
    access: "member",
    params: idParamsSchema,
    body: reorderPlaylistSchema,
    response: playlistSchema,
  }),
};
