import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { BookOpen, Compass, Flame, Mic, Music, Sparkles } from "lucide-react";
import type { Category, Featured, MediaItem } from "@shared/contracts/content";
import { PageHeader } from "@web/components/layout/page-header";
import { Skeleton } from "@web/components/ui/skeleton";
import { useAuth } from "@web/features/auth/use-auth";
import { mediaKeys } from "@web/features/player/media-api";
import { MediaList } from "@web/features/player/media-list";

const categoryLink = { sermon: "/sermons?category=", music: "/music?category=", podcast: "/podcasts" } as const;
const categoryIcon = { sermon: BookOpen, music: Music, podcast: Mic } as const;

function Section({ id, title, icon: Icon, children }: { id: string; title: string; icon: typeof Flame; children: React.ReactNode }) {
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

/** /discover: what is new, what the church is playing most, picks for the member and every category. */
export function DiscoverPage() {
  const { user } = useAuth();
  const featured = useQuery<Featured>({ queryKey: mediaKeys.featured });
  const trending = useQuery<MediaItem[]>({ queryKey: ["/api/content/media", { sort: "most_viewed", limit: 6 }] });
  const forYou = useQuery<MediaItem[]>({ queryKey: mediaKeys.recommended("song") });
  const categories = useQuery<Category[]>({ queryKey: ["/api/content/categories"] });
  const newest = featured.data
    ? [...featured.data.sermons, ...featured.data.podcasts, ...featured.data.songs].sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    : [];
  const loading = <Skeleton className="h-48 w-full" />;

  return (
    <>
      <PageHeader
        title="Discover"
        icon={Compass}
        description="New messages, the songs the church is singing and podcasts worth your time."
      />
      <div className="grid gap-10 lg:grid-cols-2">
        <Section id="discover-trending" title="Trending Now" icon={Flame}>
          {trending.isLoading ? loading : <MediaList items={trending.data ?? []} label="Trending now" />}
        </Section>
        <Section id="discover-new" title="Just Added" icon={Sparkles}>
          {featured.isLoading ? loading : <MediaList items={newest.slice(0, 6)} label="Just added" />}
        </Section>
        <Section id="discover-for-you" title={user ? "Songs For You" : "Popular Songs"} icon={Music}>
          {forYou.isLoading ? (
            loading
          ) : (
            <MediaList items={(forYou.data ?? []).slice(0, 6)} label={user ? "Songs for you" : "Popular songs"} />
          )}
        </Section>
        <Section id="discover-categories" title="Browse by Category" icon={Compass}>
          {categories.isLoading ? (
            loading
          ) : (
            <ul className="grid grid-cols-2 gap-3">
              {(categories.data ?? []).map((category) => {
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
        </Section>
      </div>
    </>
  );
}
