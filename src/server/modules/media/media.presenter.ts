import type { MediaItem } from "@shared/contracts/content";
import type { MediaRow, ViewerMediaState } from "./media.repository";

/** The only step from a media row to JSON: the fields of spec §3 plus what the player needs. */
export function presentMedia(row: MediaRow, state?: ViewerMediaState): MediaItem {
  const item: MediaItem = {
    id: row.id,
    title: row.title,
    description: row.description,
    type: row.type,
    categoryId: row.categoryId,
    artist: row.artist,
    thumbnailUrl: row.thumbnailUrl,
    mediaUrl: row.mediaUrl,
    mimeType: row.mimeType,
    duration: Number(row.duration),
    createdAt: row.createdAt,
    playCount: Number(row.playCount),
    likesCount: Number(row.likesCount),
  };
  // Fields added one by one, not spread from a conditional object: a spread in a literal copies through the runtime.
  if (state) {
    item.liked = state.liked;
    item.favorited = state.favorited;
    if (state.resumePosition !== undefined) item.resumePosition = state.resumePosition;
  }
  return item;
}
