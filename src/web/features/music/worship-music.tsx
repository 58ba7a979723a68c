import { useQuery } from "@tanstack/react-query";
import { Pause, Play } from "lucide-react";
import { HOME_COUNTS } from "@shared/constants";
import { formatDuration } from "@shared/format";
import { Skeleton } from "@web/components/ui/skeleton";
import { AlbumArt } from "@web/features/player/album-art";
import { AudioPlayer } from "@web/features/player/audio-player";
import { mediaQueries } from "@web/features/player/media-api";
import { EmptyState } from "@web/components/ui/empty-state";
import { QueryState } from "@web/components/ui/query-state";
import { usePlayer } from "@web/features/player/player-provider";
import { toTrack } from "@web/features/player/track";
import { SectionHeading } from "@web/features/sermons/recent-sermons";
import { cn } from "@web/lib/utils";

/** Home: Worship Music, a player plus the first 4 songs (spec §2). */
export function WorshipMusic() {
  const player = usePlayer();
  const featured = useQuery(mediaQueries.featured());
  const songs = (featured.data?.songs ?? []).slice(0, HOME_COUNTS.songs);
  const queue = songs.map(toTrack);
  return (
    <section aria-labelledby="home-worship-music">
      <SectionHeading id="home-worship-music" title="Worship Music" href="/music" />
      <QueryState
        query={featured}
        loading={<Skeleton className="h-56 w-full rounded-xl" />}
        error="The songs could not be loaded."
        isEmpty={() => songs.length === 0}
        empty={<EmptyState title="No music tracks yet" />}
      >
        {() => (
          <div className="grid gap-4 lg:grid-cols-2">
            <AudioPlayer track={queue[0]} queue={queue} />
            <ul className="grid gap-2 sm:grid-cols-2" aria-label="Worship songs">
              {songs.map((song) => {
                const isCurrent = player.current?.id === song.id;
                const playing = isCurrent && player.isPlaying;
                return (
                  <li key={song.id}>
                    <button
                      type="button"
                      onClick={() => (isCurrent ? player.toggle() : player.playTrack(toTrack(song), queue))}
                      aria-label={playing ? `Pause ${song.title}` : `Play ${song.title}`}
                      aria-current={isCurrent ? "true" : undefined}
                      className={cn(
                        "flex w-full cursor-pointer items-center gap-3 rounded-xl border border-border bg-card p-3 text-left hover:bg-muted/50",
                        isCurrent && "border-primary bg-primary-soft/60",
                      )}
                    >
                      <AlbumArt src={song.thumbnailUrl} className="size-12" />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate text-sm font-medium">{song.title}</span>
                        <span className="block truncate text-xs text-muted-foreground">
                          {song.artist} · {formatDuration(song.duration)}
                        </span>
                      </span>
                      {playing ? (
                        <Pause className="size-4 text-primary" aria-hidden="true" />
                      ) : (
                        <Play className="size-4 text-muted-foreground" aria-hidden="true" />
                      )}
                    </button>
                  </li>
                );
              })}
            </ul>
          </div>
        )}
      </QueryState>
    </section>
  );
}
