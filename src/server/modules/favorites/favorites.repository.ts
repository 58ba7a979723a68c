import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";

export function createFavoritesRepository(db: Kysely<DB>) {
  return {
    /** A member's favorite media items, most recently added first. */
    async listMediaForUser(userId: number, limit = 100) {
      return db
        .selectFrom("favorites")
        .innerJoin("media", "media.id", "favorites.mediaId")
        .selectAll("media")
        .where("favorites.userId", "=", userId)
        .orderBy("favorites.createdAt", "desc")
        .limit(limit)
        .execute();
    },
  };
}
