import type { ReactNode } from "react";
import { Clock, Eye } from "lucide-react";
import type { MediaItem } from "@shared/contracts/content";
import { formatCount, formatDuration } from "@shared/format";
import { relativeTime } from "@web/lib/relative-time";
import { Card } from "@web/components/ui/card";
import { Skeleton } from "@web/components/ui/skeleton";
import { AlbumArt } from "./album-art";
import { LikeButton, MediaMenu, ShareButton } from "./media-actions";
import { ResponsiveImage } from "@web/components/ui/responsive-image";

/** A card's width in the grids that show it: one column on a phone, two from sm, three from lg. */
const MEDIA_CARD_SIZES = "(min-width: 1024px) 24rem, (min-width: 640px) 50vw, 100vw";

/** A sermon or podcast card: artwork with its length, title, who and when, the main action and like, share and menu. */
export function MediaCard({
  item,
  action,
  badge,
  priority = false,
}: {
  item: MediaItem;
  action: ReactNode;
  badge?: ReactNode;
  /** The first card of a page: its artwork is likely the largest paint. */
  priority?: boolean;
}) {
  return (
    <Card className="flex flex-col overflow-hidden" data-testid="media-card">
      <div className="relative">
        {item.thumbnailUrl ? (
          <ResponsiveImage
            src={item.thumbnailUrl}
            alt=""
            sizes={MEDIA_CARD_SIZES}
            className="aspect-video w-full object-cover"
            priority={priority}
          />
        ) : (
          <AlbumArt src={null} className="aspect-video w-full rounded-none" />
        )}
        <span className="absolute right-2 bottom-2 flex items-center gap-1 rounded bg-black/75 px-1.5 py-0.5 text-xs font-medium text-white tabular-nums">
          <Clock className="size-3" aria-hidden="true" />
          {formatDuration(item.duration)}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        {/* Below the artwork, not on it: artwork often carries its own title at its edges. */}
        {badge ? <span className="w-fit">{badge}</span> : null}
        <h3 className="line-clamp-2 font-semibold leading-snug">{item.title}</h3>
        <p className="text-sm text-muted-foreground">{item.artist}</p>
        <p className="line-clamp-2 text-sm text-muted-foreground">{item.description}</p>
        <p className="mt-auto flex items-center gap-3 pt-1 text-xs text-muted-foreground">
          <span>{relativeTime(item.createdAt)}</span>
          <span className="flex items-center gap-1">
            <Eye className="size-3.5" aria-hidden="true" />
            {formatCount(item.playCount)} {item.type === "sermon" ? "views" : "plays"}
          </span>
        </p>
        <div className="flex items-center justify-between gap-2 border-t border-border pt-3">
          {action}
          <div className="flex items-center">
            <LikeButton item={item} />
            <ShareButton item={item} />
            <MediaMenu item={item} />
          </div>
        </div>
      </div>
    </Card>
  );
}

export function MediaCardSkeleton() {
  return (
    <Card className="overflow-hidden" data-testid="media-card-skeleton" aria-hidden="true">
      <Skeleton className="aspect-video w-full rounded-none" />
      <div className="grid gap-2 p-4">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-9 w-full" />
      </div>
    </Card>
  );
}

/** The loading state of a card grid: `count` card placeholders laid out as the grid will be. */
export function MediaCardGridSkeleton({ count, label, className }: { count: number; label: string; className?: string }) {
  return (
    <ul className={className ?? "grid gap-5 sm:grid-cols-2 xl:grid-cols-3"} aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <MediaCardSkeleton />
        </li>
      ))}
    </ul>
  );
}

export { matchesSearch } from "./filters";
