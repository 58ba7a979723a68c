import type { MediaItem } from "@shared/contracts/content";
import type { MediaRow, ViewerMediaState } from "./media.repository";

/** The only step from a media row to JSON: the fields of spec §3 plus what the player needs. */
export function presentMedia(row: MediaRow, state?: ViewerMediaState): MediaItem {
  return {
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
    ...(state
      ? {
          liked: state.liked,
          favorited: state.favorited,
          ...(state.resumePosition !== undefined ? { resumePosition: state.resumePosition } : {}),
        }
      : {}),
  };
}
