import { useQuery } from "@tanstack/react-query";
import { Headphones, Play } from "lucide-react";
import { HOME_COUNTS } from "@shared/constants";
import { formatDuration } from "@shared/format";
import { relativeTime } from "@web/lib/relative-time";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { Skeleton } from "@web/components/ui/skeleton";
import { AlbumArt } from "@web/features/player/album-art";
import { EmptyState } from "@web/components/ui/empty-state";
import { QueryState } from "@web/components/ui/query-state";
import { usePlayer } from "@web/features/player/player-provider";
import { toTrack } from "@web/features/player/track";
import { SectionHeading } from "@web/features/sermons/recent-sermons";
import { routeQuery } from "@web/lib/api";

/** Home: Featured Podcasts, the first highlighted and the next 2 listed (spec §2). */
export function FeaturedPodcasts() {
  const player = usePlayer();
  const featured = useQuery(routeQuery("GET /api/content/featured"));
  const podcasts = (featured.data?.podcasts ?? []).slice(0, HOME_COUNTS.podcasts);
  const queue = podcasts.map(toTrack);
  const [first, ...rest] = podcasts;
  return (
    <section aria-labelledby="home-featured-podcasts">
      <SectionHeading id="home-featured-podcasts" title="Featured Podcasts" href="/podcasts" />
      <QueryState
        query={featured}
        loading={<Skeleton className="h-56 w-full rounded-xl" />}
        error="The podcasts could not be loaded."
        isEmpty={() => !first}
        empty={<EmptyState title="No Podcasts Found" />}
      >
        {() =>
          first ? (
            <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
              <Card className="flex flex-col gap-4 p-5 sm:flex-row">
                <AlbumArt src={first.thumbnailUrl} sizes="(min-width: 640px) 10rem, 8rem" className="size-32 sm:size-40" />
                <div className="flex min-w-0 flex-col gap-2">
                  <Badge className="w-fit">Featured</Badge>
                  <h3 className="text-lg font-semibold">{first.title}</h3>
                  <p className="text-sm text-muted-foreground">
                    {first.artist} · {formatDuration(first.duration)} · {relativeTime(first.createdAt)}
                  </p>
                  <p className="line-clamp-2 text-sm text-muted-foreground">{first.description}</p>
                  <Button
                    className="mt-auto w-fit"
                    onClick={() => player.playTrack(toTrack(first), queue)}
                    aria-label={`Listen to ${first.title}`}
                  >
                    <Headphones aria-hidden="true" />
                    Listen
                  </Button>
                </div>
              </Card>
              <ul className="flex flex-col gap-3">
                {rest.map((item) => (
                  <li key={item.id}>
                    <Card className="flex items-center gap-3 p-3">
                      <AlbumArt src={item.thumbnailUrl} className="size-16" />
                      <div className="min-w-0 flex-1">
                        <p className="truncate font-medium">{item.title}</p>
                        <p className="truncate text-sm text-muted-foreground">
                          {item.artist} · {formatDuration(item.duration)}
                        </p>
                      </div>
                      <Button
                        variant="secondary"
                        size="icon"
                        className="rounded-full"
                        onClick={() => player.playTrack(toTrack(item), queue)}
                        aria-label={`Listen to ${item.title}`}
                      >
                        <Play aria-hidden="true" />
                      </Button>
                    </Card>
                  </li>
                ))}
              </ul>
            </div>
          ) : null
        }
      </QueryState>
    </section>
  );
}
