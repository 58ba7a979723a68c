import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { type Page, pageOf } from "../../http/pagination";
import { type MediaRow, mediaColumns } from "../media/media.repository";

/** The keyset of the history: when the item was last played, then the entry's id. */
export interface HistoryPosition {
  playedAt: string;
  id: number;
}

export type HistoryRow = MediaRow & { historyId: number; position: number; playedAt: string };

export function createHistoryRepository(db: Kysely<DB>) {
  return {
    /** One page of the member's history, most recently played first, with the media joined in (one query). */
    async list(userId: number, limit: number, after?: HistoryPosition): Promise<Page<HistoryRow>> {
      let query = db
        .selectFrom("play_history")
        .innerJoin("media", "media.id", "play_history.mediaId")
        .select(mediaColumns)
        .select(["play_history.id as historyId", "play_history.position as position", "play_history.playedAt as playedAt"])
        .where("play_history.userId", "=", userId)
        .where("media.hiddenAt", "is", null);
      if (after) {
        query = query.where((eb) =>
          eb.or([
            eb("play_history.playedAt", "<", after.playedAt),
            eb.and([eb("play_history.playedAt", "=", after.playedAt), eb("play_history.id", "<", after.id)]),
          ]),
        );
      }
      const rows = await query
        .orderBy("play_history.playedAt", "desc")
        .orderBy("play_history.id", "desc")
        .limit(limit + 1)
        .execute();
      return pageOf(rows, limit);
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
