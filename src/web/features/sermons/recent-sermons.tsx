import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { ChevronRight, Play } from "lucide-react";
import type { MediaItem } from "@shared/contracts/content";
import { HOME_COUNTS } from "@shared/constants";
import { Button } from "@web/components/ui/button";
import { EmptyState } from "@web/components/ui/empty-state";
import { QueryState } from "@web/components/ui/query-state";
import { MediaCard, MediaCardGridSkeleton } from "@web/features/player/media-card";
import { LazyWatchDialog } from "@web/features/player/lazy-watch-dialog";
import { routeQuery } from "@web/lib/api";

export function SectionHeading({ id, title, href }: { id: string; title: string; href: string }) {
  return (
    <div className="mb-4 flex items-center justify-between gap-2">
      <h2 id={id} className="text-xl font-bold tracking-tight">
        {title}
      </h2>
      <Link href={href} className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
        View all
        <ChevronRight className="size-4" aria-hidden="true" />
      </Link>
    </div>
  );
}

/** Home: Recent Sermons, the first 3 (spec §2). */
export function RecentSermons() {
  const featured = useQuery(routeQuery("GET /api/content/featured"));
  const [watching, setWatching] = useState<MediaItem | null>(null);
  const sermons = (featured.data?.sermons ?? []).slice(0, HOME_COUNTS.sermons);
  return (
    <section aria-labelledby="home-recent-sermons">
      <SectionHeading id="home-recent-sermons" title="Recent Sermons" href="/sermons" />
      <QueryState
        query={featured}
        loading={
          <MediaCardGridSkeleton count={HOME_COUNTS.sermons} label="Loading sermons" className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" />
        }
        error="The sermons could not be loaded."
        isEmpty={() => sermons.length === 0}
        empty={<EmptyState title="No Sermons Found" />}
      >
        {() => (
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {sermons.map((item) => (
              <li key={item.id}>
                <MediaCard
                  item={item}
                  action={
                    <Button size="sm" onClick={() => setWatching(item)} aria-label={`Watch ${item.title}`}>
                      <Play className="fill-current" aria-hidden="true" />
                      Watch
                    </Button>
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {watching ? (
        <LazyWatchDialog
          item={sermons.find((s) => s.id === watching.id) ?? watching}
          open
          onOpenChange={(open) => !open && setWatching(null)}
        />
      ) : null}
    </section>
  );
}
