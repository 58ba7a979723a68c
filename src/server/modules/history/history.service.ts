import type { HistoryEntry } from "@shared/contracts/history";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import type { Page } from "../../http/pagination";
import { createMediaService } from "../media/media.service";
import { type HistoryPosition, createHistoryRepository } from "./history.repository";

/** An entry of the history with the keyset of its row, so the next page can start after it. */
export type HistoryPageEntry = HistoryEntry & { historyId: number };

/** A member's own listening and watching history: only existing items, only their own entries. */
export function createHistoryService(ctx: AppContext) {
  const history = createHistoryRepository(ctx.db);
  const media = createMediaService(ctx);

  return {
    async list(viewer: UserRow, limit: number, after?: HistoryPosition): Promise<Page<HistoryPageEntry>> {
      const page = await history.list(viewer.id, limit, after);
      const items = await media.present(page.items, viewer.id);
      return {
        items: page.items.map((row, index) => ({
          mediaId: row.id,
          position: Number(row.position),
          playedAt: row.playedAt,
          media: items[index]!,
          historyId: row.historyId,
        })),
        hasMore: page.hasMore,
      };
    },

    async savePosition(viewer: UserRow, mediaId: number, position: number) {
      await media.requireMedia(mediaId);
      await history.savePosition(viewer.id, mediaId, position, ctx.clock.iso());
    },

    async remove(viewer: UserRow, mediaId: number) {
      await history.remove(viewer.id, mediaId);
    },

    async clear(viewer: UserRow) {
      await history.clear(viewer.id);
    },
  };
}
