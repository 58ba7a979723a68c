import type { Kysely, Selectable } from "kysely";
import type { DB, PlaylistsTable } from "../../db/schema";
import { type MediaRow, mediaColumns } from "../media/media.repository";

export type PlaylistRow = Selectable<PlaylistsTable>;
export type PlaylistItemRow = MediaRow & { itemId: number; playlistId: number; position: number; addedAt: string };

export function createPlaylistsRepository(db: Kysely<DB>) {
  const playlistColumns = ["id", "userId", "name", "description", "createdAt", "updatedAt"] as const;

  return {
    async findById(id: number): Promise<PlaylistRow | undefined> {
      return db.selectFrom("playlists").select(playlistColumns).where("id", "=", id).executeTakeFirst();
    },

    async listForUser(userId: number): Promise<PlaylistRow[]> {
      return db
        .selectFrom("playlists")
        .select(playlistColumns)
        .where("userId", "=", userId)
        .orderBy("createdAt", "desc")
        .orderBy("id", "desc")
        .execute();
    },

    /** The items of many playlists in one query, in playlist order. */
    async itemsOf(playlistIds: number[]): Promise<PlaylistItemRow[]> {
      if (playlistIds.length === 0) return [];
      return db
        .selectFrom("playlist_items")
        .innerJoin("media", "media.id", "playlist_items.mediaId")
        .select(mediaColumns)
        .select([
          "playlist_items.id as itemId",
          "playlist_items.playlistId as playlistId",
          "playlist_items.position as position",
          "playlist_items.addedAt as addedAt",
        ])
        .where("playlist_items.playlistId", "in", playlistIds)
        .where("media.hiddenAt", "is", null)
        .orderBy("playlist_items.playlistId")
        .orderBy("playlist_items.position")
        .orderBy("playlist_items.id")
        .execute();
    },

    async create(userId: number, name: string, description: string | null, now: string): Promise<number> {
      const row = await db
        .insertInto("playlists")
        .values({ userId, name, description, createdAt: now, updatedAt: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: number, changes: { name?: string; description?: string | null }, now: string) {
      await db
        .updateTable("playlists")
        .set({ ...changes, updatedAt: now })
        .where("id", "=", id)
        .execute();
    },

    async delete(id: number) {
      await db.deleteFrom("playlists").where("id", "=", id).execute();
    },

    /** Appends an item at the end; answers false when it is already there. */
    async addItem(playlistId: number, mediaId: number, now: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const last = await trx
          .selectFrom("playlist_items")
          .select((eb) => eb.fn.max("position").as("max"))
          .where("playlistId", "=", playlistId)
          .executeTakeFirst();
        const position = last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1;
        const inserted = await trx
          .insertInto("playlist_items")
          .values({ playlistId, mediaId, position, addedAt: now })
          .onConflict((oc) => oc.columns(["playlistId", "mediaId"]).doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
        await trx.updateTable("playlists").set({ updatedAt: now }).where("id", "=", playlistId).execute();
        return true;
      });
    },

    async removeItem(playlistId: number, itemId: number, now: string): Promise<boolean> {
      const removed = await db
        .deleteFrom("playlist_items")
        .where("playlistId", "=", playlistId)
        .where("id", "=", itemId)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) return false;
      await db.updateTable("playlists").set({ updatedAt: now }).where("id", "=", playlistId).execute();
      return true;
    },

    async itemIds(playlistId: number): Promise<number[]> {
      const rows = await db.selectFrom("playlist_items").select("id").where("playlistId", "=", playlistId).execute();
      return rows.map((row) => row.id);
    },

    /** Writes the new order in one transaction. */
    async reorder(playlistId: number, itemIds: number[], now: string) {
      await db.transaction().execute(async (trx) => {
        for (const [position, id] of itemIds.entries()) {
          await trx.updateTable("playlist_items").set({ position }).where("playlistId", "=", playlistId).where("id", "=", id).execute();
        }
        await trx.updateTable("playlists").set({ updatedAt: now }).where("id", "=", playlistId).execute();
      });
    },
  };
}
