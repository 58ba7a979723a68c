import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";

/** The media a member published (sermons, songs, podcast episodes), newest first: SQL only. */
export function createProfileMediaRepository(db: Kysely<DB>) {
  return {
    async listPublishedBy(userId: number, limit = 50) {
      return db
        .selectFrom("media")
        .selectAll("media")
        .where("media.uploadedBy", "=", userId)
        .orderBy("media.createdAt", "desc")
        .orderBy("media.id", "desc")
        .limit(limit)
        .execute();
    },
  };
}
