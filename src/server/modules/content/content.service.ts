import type { MediaItem } from "@shared/contracts/content";
import type { ContentRepository } from "./content.repository";
import { type MediaRow, presentMedia } from "./media.presenter";

/** Presents rows, adding the signed-in member's likes, favorites and resume positions in one batch. */
export async function presentMediaList(content: ContentRepository, rows: MediaRow[], viewerId: number | null): Promise<MediaItem[]> {
  if (viewerId === null) return rows.map((row) => presentMedia(row));
  const state = await content.viewerState(
    viewerId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => presentMedia(row, state.get(row.id)));
}
