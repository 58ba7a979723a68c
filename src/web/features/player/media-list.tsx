import type { ReactNode } from "react";
import { Pause, Play } from "lucide-react";
import type { MediaItem } from "@shared/contracts/content";
import { formatDuration } from "@shared/format";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { AlbumArt } from "./album-art";
import { LikeButton, MediaMenu } from "./media-actions";
import { usePlayer } from "./player-provider";
import { toTrack } from "./track";

const kindLabel = { sermon: "Sermon", song: "Song", podcast: "Podcast" } as const;

/** A list of mixed media (favorites, playlists, history, search) that plays in order from the chosen row. */
export function MediaList({
  items,
  label,
  extra,
}: {
  items: MediaItem[];
  label: string;
  extra?: (item: MediaItem, index: number) => ReactNode;
}) {
  const player = usePlayer();
  const queue = items.map(toTrack);
  return (
    <ul className="divide-y divide-border rounded-xl border border-border bg-card" aria-label={label}>
      {items.map((item, index) => {
        const isCurrent = player.current?.id === item.id;
        const playing = isCurrent && player.isPlaying;
        return (
          <li key={`${item.id}-${index}`} className="flex items-center gap-3 p-3" aria-current={isCurrent ? "true" : undefined}>
            <Button
              variant={isCurrent ? "default" : "secondary"}
              size="icon"
              className="size-10 rounded-full"
              aria-label={playing ? `Pause ${item.title}` : `Play ${item.title}`}
              onClick={() => (isCurrent ? player.toggle() : player.playTrack(toTrack(item), queue))}
            >
              {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
            </Button>
            <AlbumArt src={item.thumbnailUrl} className="hidden size-12 sm:flex" />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{item.title}</p>
              <p className="truncate text-sm text-muted-foreground">
                {item.artist} · {formatDuration(item.duration)}
              </p>
              {extra ? extra(item, index) : null}
            </div>
            <Badge variant="secondary" className="hidden sm:inline-flex">
              {kindLabel[item.type]}
            </Badge>
            <LikeButton item={item} className="hidden md:inline-flex" />
            <MediaMenu item={item} />
          </li>
        );
      })}
    </ul>
  );
}
