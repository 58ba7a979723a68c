import type { MediaItem } from "@shared/contracts/content";

/** What the player plays (spec §3 Player track), plus the seconds to resume from. */
export interface Track {
  id: number;
  title: string;
  artist: string;
  albumArt: string | null;
  audioSrc: string;
  duration: number;
  resumePosition?: number;
  isVideo?: boolean;
}

export function toTrack(item: MediaItem): Track {
  return {
    id: item.id,
    title: item.title,
    artist: item.artist,
    albumArt: item.thumbnailUrl,
    audioSrc: item.mediaUrl,
    duration: item.duration,
    resumePosition: item.resumePosition,
    isVideo: item.mimeType.startsWith("video/"),
  };
}

/** Where to start a track: its saved position unless it was (nearly) finished or barely begun. */
export function startPosition(track: Pick<Track, "resumePosition" | "duration">): number {
  const position = track.resumePosition ?? 0;
  if (position < 3) return 0;
  if (track.duration > 0 && position > track.duration - 3) return 0;
  return position;
}

export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;
