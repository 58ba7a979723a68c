import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { type MediaRow, mediaColumns } from "../media/media.repository";

export function createFavoritesRepository(db: Kysely<DB>) {
  return {
    /** A member's favorite media items, most recently added first. */
    async listMediaForUser(userId: number, limit = 100): Promise<MediaRow[]> {
      return db
        .selectFrom("favorites")
        .innerJoin("media", "media.id", "favorites.mediaId")
        .select(mediaColumns)
        .where("favorites.userId", "=", userId)
        .where("media.hiddenAt", "is", null)
        .orderBy("favorites.createdAt", "desc")
        .orderBy("favorites.mediaId", "desc")
        .limit(limit)
        .execute();
    },

    /** Saves an item; saving it twice changes nothing. */
    async add(userId: number, mediaId: number, now: string) {
      await db
        .insertInto("favorites")
        .values({ userId, mediaId, createdAt: now })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    async remove(userId: number, mediaId: number) {
      await db.deleteFrom("favorites").where("userId", "=", userId).where("mediaId", "=", mediaId).execute();
    },
  };
}
