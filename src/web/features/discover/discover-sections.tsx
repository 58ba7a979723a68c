import type { ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { BookOpen, Compass, Flame, type LucideIcon, Mic, Music, Sparkles } from "lucide-react";
import type { Featured, MediaItem } from "@shared/contracts/content";
import { EmptyState } from "@web/components/ui/empty-state";
import { QueryState } from "@web/components/ui/query-state";
import { Skeleton } from "@web/components/ui/skeleton";
import { useAuth } from "@web/features/auth/use-auth";
import { mediaQueries } from "@web/features/player/media-api";
import { MediaList } from "@web/features/player/media-list";
import { routeQuery } from "@web/lib/api";

const categoryLink = { sermon: "/sermons?category=", music: "/music?category=", podcast: "/podcasts" } as const;
const categoryIcon = { sermon: BookOpen, music: Music, podcast: Mic } as const;
const SHOWN = 6;

function Section({ id, title, icon: Icon, children }: { id: string; title: string; icon: LucideIcon; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="flex items-center gap-2 text-xl font-bold tracking-tight">
        <Icon className="size-5 text-primary" aria-hidden="true" />
        {title}
      </h2>
      {children}
    </section>
  );
}

const loading = <Skeleton className="h-48 w-full" />;
const nothingYet = <EmptyState title="Nothing here yet" />;
const isEmptyList = (items: unknown[]) => items.length === 0;

function newestOf(featured: Featured): MediaItem[] {
  return [...featured.sermons, ...featured.podcasts, ...featured.songs]
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, SHOWN);
}

/** What is new, what the church is playing most, picks for the member and every category (/discover and /explore). */
export function DiscoverSections({ idPrefix }: { idPrefix: string }) {
  const { user } = useAuth();
  const featured = useQuery(mediaQueries.featured());
  const trending = useQuery(routeQuery("GET /api/content/media", { query: { sort: "most_viewed", limit: SHOWN } }));
  const forYou = useQuery(mediaQueries.recommended("song"));
  const categories = useQuery(routeQuery("GET /api/content/categories"));
  const id = (name: string) => `${idPrefix}-${name}`;

  return (
    <div className="grid grid-cols-1 gap-10 lg:grid-cols-2">
      <Section id={id("trending")} title="Trending Now" icon={Flame}>
        <QueryState query={trending} loading={loading} error="Trending items could not be loaded." isEmpty={isEmptyList} empty={nothingYet}>
          {(items) => <MediaList items={items} label="Trending now" />}
        </QueryState>
      </Section>
      <Section id={id("new")} title="Just Added" icon={Sparkles}>
        <QueryState
          query={featured}
          loading={loading}
          error="New items could not be loaded."
          isEmpty={(data) => newestOf(data).length === 0}
          empty={nothingYet}
        >
          {(data) => <MediaList items={newestOf(data)} label="Just added" />}
        </QueryState>
      </Section>
      <Section id={id("for-you")} title={user ? "Songs For You" : "Popular Songs"} icon={Music}>
        <QueryState query={forYou} loading={loading} error="Songs could not be loaded." isEmpty={isEmptyList} empty={nothingYet}>
          {(items) => <MediaList items={items.slice(0, SHOWN)} label={user ? "Songs for you" : "Popular songs"} />}
        </QueryState>
      </Section>
      <Section id={id("categories")} title="Browse by Category" icon={Compass}>
        <QueryState query={categories} loading={loading} error="Categories could not be loaded." isEmpty={isEmptyList} empty={nothingYet}>
          {(list) => (
            <ul className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2">
              {list.map((category) => {
                const Icon = categoryIcon[category.type];
                return (
                  <li key={category.id}>
                    <Link
                      href={category.type === "podcast" ? categoryLink.podcast : `${categoryLink[category.type]}${category.id}`}
                      className="flex h-full items-start gap-3 rounded-xl border border-border bg-card p-3 hover:bg-muted/50"
                    >
                      <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                      <span>
                        <span className="block text-sm font-medium">{category.name}</span>
                        <span className="text-xs text-muted-foreground">
                          {category.mediaCount ?? 0} {category.mediaCount === 1 ? "item" : "items"}
                        </span>
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
        </QueryState>
      </Section>
    </div>
  );
}
