import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";

export interface HistoryCursor {
  playedAt: string;
  id: number;
}

export function createHistoryRepository(db: Kysely<DB>) {
  return {
    /** The member's history, most recently played first, with the media joined in (one query). */
    async list(userId: number, limit: number, cursor?: HistoryCursor) {
      let query = db
        .selectFrom("play_history")
        .innerJoin("media", "media.id", "play_history.mediaId")
        .selectAll("media")
        .select(["play_history.id as historyId", "play_history.position as position", "play_history.playedAt as playedAt"])
        .where("play_history.userId", "=", userId);
      if (cursor) {
        query = query.where((eb) =>
          eb.or([
            eb("play_history.playedAt", "<", cursor.playedAt),
            eb.and([eb("play_history.playedAt", "=", cursor.playedAt), eb("play_history.id", "<", cursor.id)]),
          ]),
        );
      }
      return query
        .orderBy("play_history.playedAt", "desc")
        .orderBy("play_history.id", "desc")
        .limit(limit + 1)
        .execute();
    },

    /** Remembers where the member stopped, without counting a play. */
    async savePosition(userId: number, mediaId: number, position: number, now: string) {
      await db
        .insertInto("play_history")
        .values({ userId, mediaId, position, playedAt: now })
        .onConflict((oc) => oc.columns(["userId", "mediaId"]).doUpdateSet({ position, playedAt: now }))
        .execute();
    },

    async remove(userId: number, mediaId: number) {
      await db.deleteFrom("play_history").where("userId", "=", userId).where("mediaId", "=", mediaId).execute();
    },

    async clear(userId: number) {
      await db.deleteFrom("play_history").where("userId", "=", userId).execute();
    },
  };
}
