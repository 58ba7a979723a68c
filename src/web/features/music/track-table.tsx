import { Pause, Play } from "lucide-react";
import type { MediaItem } from "@shared/contracts/content";
import { LOADING_PLACEHOLDERS } from "@shared/constants";
import { formatDuration } from "@shared/format";
import { Button } from "@web/components/ui/button";
import { type QueryStatus, QueryState } from "@web/components/ui/query-state";
import { Skeleton } from "@web/components/ui/skeleton";
import { AlbumArt } from "@web/features/player/album-art";
import { LikeButton, MediaMenu } from "@web/features/player/media-actions";
import { usePlayer } from "@web/features/player/player-provider";
import { toTrack } from "@web/features/player/track";
import { cn } from "@web/lib/utils";

type TrackListProps = {
  query: QueryStatus<MediaItem[]>;
  /** The tracks of the answer this table shows (the search's matches). */
  select: (items: MediaItem[]) => MediaItem[];
  label: string;
  empty: string;
};

/** A tab's tracks: the table loading, failing, empty (`empty`), or showing what `select` keeps of the answer. */
export function TrackList({ query, select, label, empty }: TrackListProps) {
  return (
    <QueryState query={query} loading={<TrackTable items={[]} loading label={label} />} error="The tracks could not be loaded.">
      {(items) => {
        const shown = select(items);
        if (shown.length === 0) {
          return <p className="rounded-xl border border-dashed border-border p-8 text-center text-sm text-muted-foreground">{empty}</p>;
        }
        return <TrackTable items={shown} label={label} />;
      }}
    </QueryState>
  );
}

/** The Recent table of spec §2 (#, Title, Artist, Duration, Actions); the row's play button plays the list from there. */
function TrackTable({ items, loading = false, label }: { items: MediaItem[]; loading?: boolean; label: string }) {
  const player = usePlayer();
  const queue = items.map(toTrack);
  return (
    <div className="overflow-x-auto rounded-xl border border-border bg-card">
      <table className="w-full text-sm" aria-label={label}>
        <thead className="border-b border-border text-left text-xs tracking-wide text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="w-10 px-3 py-2.5 text-center">
              #
            </th>
            <th scope="col" className="px-3 py-2.5">
              Title
            </th>
            <th scope="col" className="hidden px-3 py-2.5 sm:table-cell">
              Artist
            </th>
            <th scope="col" className="px-3 py-2.5 text-right">
              Duration
            </th>
            <th scope="col" className="px-3 py-2.5 text-right">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {loading
            ? Array.from({ length: LOADING_PLACEHOLDERS.musicRows }, (_, i) => (
                <tr key={i} data-testid="track-row-skeleton" className="border-b border-border last:border-0">
                  <td colSpan={5} className="px-3 py-2">
                    <Skeleton className="h-9 w-full" />
                  </td>
                </tr>
              ))
            : items.map((item, index) => {
                const isCurrent = player.current?.id === item.id;
                const playing = isCurrent && player.isPlaying;
                return (
                  <tr
                    key={item.id}
                    aria-current={isCurrent ? "true" : undefined}
                    className={cn("border-b border-border last:border-0 hover:bg-muted/50", isCurrent && "bg-primary-soft/60")}
                  >
                    <td className="px-3 py-2 text-center text-muted-foreground tabular-nums">{index + 1}</td>
                    <td className="px-3 py-2">
                      <span className="flex items-center gap-3">
                        <AlbumArt src={item.thumbnailUrl} className="size-9" />
                        <span className={cn("font-medium", isCurrent && "text-primary")}>{item.title}</span>
                      </span>
                    </td>
                    <td className="hidden px-3 py-2 text-muted-foreground sm:table-cell">{item.artist}</td>
                    <td className="px-3 py-2 text-right text-muted-foreground tabular-nums">{formatDuration(item.duration)}</td>
                    <td className="px-3 py-2">
                      <span className="flex items-center justify-end">
                        <Button
                          variant="ghost"
                          size="icon"
                          className="size-9"
                          aria-label={playing ? `Pause ${item.title}` : `Play ${item.title}`}
                          onClick={() => (isCurrent ? player.toggle() : player.playTrack(toTrack(item), queue))}
                        >
                          {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
                        </Button>
                        <LikeButton item={item} className="hidden md:inline-flex" />
                        <MediaMenu item={item} />
                      </span>
                    </td>
                  </tr>
                );
              })}
        </tbody>
      </table>
    </div>
  );
}
