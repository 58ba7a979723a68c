import type { Playlist, UpdatePlaylist } from "@shared/contracts/playlists";
import { playlistMessages } from "@shared/contracts/playlists";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors";
import { policies } from "../../policies";
import { createMediaService } from "../media/media.service";
import { type PlaylistRow, createPlaylistsRepository } from "./playlists.repository";

type Viewer = Pick<UserRow, "id" | "role">;

/** Playlists are public to read; only their owner changes them. */
export function createPlaylistsService(ctx: AppContext) {
  const playlists = createPlaylistsRepository(ctx.db);
  const media = createMediaService(ctx);

  /** Playlists with their items, fetched in one batch for all of them. */
  async function present(rows: PlaylistRow[], viewerId: number | null): Promise<Playlist[]> {
    const items = await playlists.itemsOf(rows.map((row) => row.id));
    const presented = await media.present(items, viewerId);
    return rows.map((row) => ({
      id: row.id,
      userId: row.userId,
      name: row.name,
      description: row.description,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      playlistItems: items
        .map((item, index) => ({ item, media: presented[index]! }))
        .filter(({ item }) => item.playlistId === row.id)
        .map(({ item, media }) => ({ id: item.itemId, position: Number(item.position), addedAt: item.addedAt, media })),
    }));
  }

  async function owned(viewer: Viewer, id: number): Promise<PlaylistRow> {
    const playlist = await playlists.findById(id);
    if (!playlist) throw notFound(playlistMessages.notFound);
    if (!policies.changeOwned(viewer, playlist.userId)) throw forbidden();
    return playlist;
  }

  async function reload(id: number, viewerId: number): Promise<Playlist> {
    const [playlist] = await present([(await playlists.findById(id))!], viewerId);
    return playlist!;
  }

  const now = () => ctx.clock.iso();

  return {
    /** A member's playlists; without a member, the viewer's own, and a visitor has none. */
    async list(userId: number | undefined, viewerId: number | null) {
      const owner = userId ?? viewerId;
      if (owner === null) return [];
      return present(await playlists.listForUser(owner), viewerId);
    },

    async get(id: number, viewerId: number | null) {
      const row = await playlists.findById(id);
      if (!row) throw notFound(playlistMessages.notFound);
      const [playlist] = await present([row], viewerId);
      return playlist!;
    },

    async create(viewer: Viewer, name: string, description: string | null | undefined) {
      const id = await playlists.create(viewer.id, name, description || null, now());
      return reload(id, viewer.id);
    },

    async update(viewer: Viewer, id: number, changes: UpdatePlaylist) {
      await owned(viewer, id);
      await playlists.update(
        id,
        {
          ...(changes.name !== undefined ? { name: changes.name } : {}),
          ...(changes.description !== undefined ? { description: changes.description || null } : {}),
        },
        now(),
      );
      return reload(id, viewer.id);
    },

    async delete(viewer: Viewer, id: number) {
      await owned(viewer, id);
      await playlists.delete(id);
    },

    async addItem(viewer: Viewer, id: number, mediaId: number) {
      await owned(viewer, id);
      await media.requireMedia(mediaId);
      const added = await playlists.addItem(id, mediaId, now());
      if (!added) throw conflict(playlistMessages.alreadyInPlaylist, "already_in_playlist");
      return reload(id, viewer.id);
    },

    async removeItem(viewer: Viewer, id: number, itemId: number) {
      await owned(viewer, id);
      if (!(await playlists.removeItem(id, itemId, now()))) throw notFound();
      return reload(id, viewer.id);
    },

    async reorder(viewer: Viewer, id: number, itemIds: number[]) {
      await owned(viewer, id);
      const current = await playlists.itemIds(id);
      const sameSet =
        itemIds.length === current.length &&
        new Set(itemIds).size === itemIds.length &&
        itemIds.every((itemId) => current.includes(itemId));
      if (!sameSet) throw badRequest(playlistMessages.orderMismatch, "order_mismatch");
      await playlists.reorder(id, itemIds, now());
      return reload(id, viewer.id);
    },
  };
}
