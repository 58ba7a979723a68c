import { useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link, useLocation, useSearch } from "wouter";
import { BookOpen, FolderOpen, Mic2, Play, Search, SearchX, Star } from "lucide-react";
import type { MediaItem, MediaSort } from "@shared/contracts/content";
import { SERMONS_FEED_PATH } from "@shared/contracts/feeds";
import { BIBLE_STUDY_SERIES, CATEGORY_TABS, LOADING_PLACEHOLDERS, PAGE_LIMIT_MAX } from "@shared/constants";
import { formatDuration, initial } from "@shared/format";
import { relativeTime } from "@web/lib/relative-time";
import { PageHeader } from "@web/components/layout/page-header";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { ChoiceSelect } from "@web/components/ui/choice-select";
import { QueryState } from "@web/components/ui/query-state";
import { Skeleton, SkeletonList } from "@web/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { LikeButton, MediaMenu, ShareButton } from "@web/features/player/media-actions";
import { EmptyState } from "@web/components/ui/empty-state";
import { MediaCard, MediaCardGridSkeleton, matchesSearch } from "@web/features/player/media-card";
import { LazyWatchDialog } from "@web/features/player/lazy-watch-dialog";
import { FeedSubscribeButtons } from "@web/features/feeds/subscribe-buttons";
import { routeQuery } from "@web/lib/api";
import { ResponsiveImage } from "@web/components/ui/responsive-image";

const SORT_LABELS: Record<MediaSort, string> = { latest: "Latest", most_viewed: "Most Viewed", most_liked: "Most Liked" };

function useSermonParams() {
  const search = useSearch();
  const params = new URLSearchParams(search);
  const category = Number(params.get("category"));
  const play = Number(params.get("play"));
  return {
    categoryId: Number.isInteger(category) && category > 0 ? category : undefined,
    playId: Number.isInteger(play) && play > 0 ? play : undefined,
  };
}

function SermonGrid({ items, onWatch }: { items: MediaItem[]; onWatch: (item: MediaItem) => void }) {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3" aria-label="Sermons">
      {items.map((item) => (
        <li key={item.id}>
          <MediaCard
            item={item}
            action={
              <Button size="sm" onClick={() => onWatch(item)} aria-label={`Watch ${item.title}`}>
                <Play className="fill-current" aria-hidden="true" />
                Watch
              </Button>
            }
          />
        </li>
      ))}
    </ul>
  );
}

function FeaturedSermon({ item, onWatch }: { item: MediaItem; onWatch: () => void }) {
  return (
    <section aria-labelledby="featured-sermon" className="overflow-hidden rounded-2xl border border-border bg-card shadow-sm">
      <div className="grid md:grid-cols-2">
        <div className="relative">
          {item.thumbnailUrl ? (
            <ResponsiveImage
              src={item.thumbnailUrl}
              alt=""
              sizes="(min-width: 768px) 50vw, 100vw"
              className="aspect-video h-full w-full object-cover"
              priority
            />
          ) : null}
          <button
            type="button"
            onClick={onWatch}
            className="absolute inset-0 flex cursor-pointer items-center justify-center bg-black/20 transition-colors hover:bg-black/30"
            aria-label={`Play ${item.title}`}
          >
            <span className="flex size-16 items-center justify-center rounded-full bg-white/90 text-[#2e1a86] shadow-lg">
              <Play className="size-7 fill-current" aria-hidden="true" />
            </span>
          </button>
        </div>
        <div className="flex flex-col gap-3 p-6">
          <Badge className="w-fit">
            <Star className="size-3" aria-hidden="true" />
            Featured Sermon
          </Badge>
          <h2 id="featured-sermon" className="text-2xl font-bold tracking-tight">
            {item.title}
          </h2>
          <p className="text-sm text-muted-foreground">
            {item.artist} · {relativeTime(item.createdAt)} · {formatDuration(item.duration)}
          </p>
          <p className="text-muted-foreground">{item.description}</p>
          <div className="mt-auto flex flex-wrap items-center gap-2 pt-2">
            <Button onClick={onWatch}>
              <Play className="fill-current" aria-hidden="true" />
              Watch Now
            </Button>
            <LikeButton item={item} />
            <ShareButton item={item} />
            <MediaMenu item={item} />
          </div>
        </div>
      </div>
    </section>
  );
}

/** Our Pastors & Speakers: who preached the sermons, most sermons first. */
function SpeakerList({ speakers }: { speakers: [string, number][] }) {
  return (
    <Card className="p-2">
      {speakers.length === 0 ? (
        <p className="p-4 text-sm text-muted-foreground">Speakers appear here with their first sermon.</p>
      ) : (
        <ul>
          {speakers.map(([name, count]) => (
            <li key={name} className="flex items-center gap-3 rounded-lg p-3">
              <span
                className="flex size-10 items-center justify-center rounded-full bg-primary-soft font-semibold text-primary-soft-foreground"
                aria-hidden="true"
              >
                {initial(name)}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{name}</span>
                <span className="flex items-center gap-1 text-xs text-muted-foreground">
                  <Mic2 className="size-3" aria-hidden="true" />
                  {count} {count === 1 ? "sermon" : "sermons"}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** /sermons (spec §2): search, Categories and Sort By, the featured sermon, tabs, the grid, Bible Study Series and the speakers. */
export function SermonsPage() {
  const [, navigate] = useLocation();
  const { categoryId, playId } = useSermonParams();
  const [query, setQuery] = useState("");
  const [sort, setSort] = useState<MediaSort>("latest");
  const [tab, setTab] = useState("all");
  const [watching, setWatching] = useState<MediaItem | null>(null);

  // "latest" is the server's default order, so it stays out of the key (and the URL).
  const sermons = useQuery(
    routeQuery("GET /api/content/media", {
      query: { type: "sermon", categoryId, sort: sort === "latest" ? undefined : sort, limit: PAGE_LIMIT_MAX },
    }),
  );
  const categories = useQuery(routeQuery("GET /api/content/categories", { query: { type: "sermon" } }));
  const shared = useQuery({ ...routeQuery("GET /api/content/media/:id", { params: { id: playId ?? 0 } }), enabled: playId !== undefined });

  const all = useMemo(() => sermons.data ?? [], [sermons.data]);
  const filtered = useMemo(() => all.filter((item) => matchesSearch(query, item.title, item.description)), [all, query]);
  const featured = filtered[0];
  const tabCategories = (categories.data ?? []).slice(0, CATEGORY_TABS);
  const speakers = useMemo(() => {
    const counts = new Map<string, number>();
    for (const item of all) if (item.artist) counts.set(item.artist, (counts.get(item.artist) ?? 0) + 1);
    return [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 4);
  }, [all]);
  const shown = watching ?? (playId && shared.data?.type === "sermon" ? shared.data : null);
  const current = shown ? (all.find((item) => item.id === shown.id) ?? shown) : null;

  const handleCategoryChange = (value: string) => navigate(value === "all" ? "/sermons" : `/sermons?category=${value}`);
  const closeWatch = () => {
    setWatching(null);
    if (playId) navigate(categoryId ? `/sermons?category=${categoryId}` : "/sermons", { replace: true });
  };

  /** The grid of a tab: the sermons loading, failing or missing, or those of the tab that match the search. */
  const renderList = (inTab: (item: MediaItem) => boolean, emptyTitle: string) => (
    <QueryState
      query={sermons}
      loading={<MediaCardGridSkeleton count={LOADING_PLACEHOLDERS.sermonCards} label="Loading sermons" />}
      error="The sermons could not be loaded."
      isEmpty={(list) => list.length === 0}
      empty={
        <EmptyState icon={<BookOpen />} title="No Sermons Found">
          New messages will appear here as soon as they are published.
        </EmptyState>
      }
    >
      {() => {
        if (filtered.length === 0) return <EmptyState icon={<SearchX />} title="No sermons match your search criteria." />;
        const items = filtered.filter(inTab);
        if (items.length === 0) return <EmptyState icon={<FolderOpen />} title={emptyTitle} />;
        return <SermonGrid items={items} onWatch={setWatching} />;
      }}
    </QueryState>
  );

  return (
    <>
      <PageHeader
        title="Sermons"
        icon={BookOpen}
        description="Watch and listen to messages from our pastors and guest speakers, organised by series and topic."
      />
      <div className="mb-6 grid gap-3 md:grid-cols-[1fr_14rem_12rem]">
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            aria-label="Search sermons"
            placeholder="Search sermons..."
            className="pl-9"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
        <div className="grid gap-1">
          <Label className="sr-only" id="sermon-category-label">
            Categories
          </Label>
          <ChoiceSelect
            aria-labelledby="sermon-category-label"
            value={categoryId ? String(categoryId) : "all"}
            onValueChange={handleCategoryChange}
            placeholder="Categories"
            choices={[
              { value: "all", label: "All Categories" },
              ...(categories.data ?? []).map((category) => ({ value: String(category.id), label: category.name })),
            ]}
          />
        </div>
        <div className="grid gap-1">
          <Label className="sr-only" id="sermon-sort-label">
            Sort By
          </Label>
          <ChoiceSelect
            aria-labelledby="sermon-sort-label"
            value={sort}
            onValueChange={(value) => setSort(value as MediaSort)}
            prefix={<span className="text-muted-foreground">Sort By:</span>}
            choices={(Object.keys(SORT_LABELS) as MediaSort[]).map((value) => ({ value, label: SORT_LABELS[value] }))}
          />
        </div>
      </div>

      <div className="flex flex-col gap-10">
        {sermons.isLoading ? (
          <Skeleton className="h-72 w-full rounded-2xl" />
        ) : featured ? (
          <FeaturedSermon item={featured} onWatch={() => setWatching(featured)} />
        ) : null}

        <Tabs value={tab} onValueChange={setTab}>
          <TabsList className="h-auto w-full flex-wrap justify-start sm:w-auto">
            <TabsTrigger value="all">All Sermons</TabsTrigger>
            {tabCategories.map((category) => (
              <TabsTrigger key={category.id} value={String(category.id)}>
                {category.name}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="all">{renderList(() => true, "No Sermons Found")}</TabsContent>
          {tabCategories.map((category) => (
            <TabsContent key={category.id} value={String(category.id)}>
              {renderList((item) => item.categoryId === category.id, "No Sermons in This Category")}
            </TabsContent>
          ))}
        </Tabs>

        <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
          <section aria-labelledby="bible-study-series">
            <h2 id="bible-study-series" className="mb-4 text-xl font-bold tracking-tight">
              Bible Study Series
            </h2>
            <QueryState
              query={categories}
              loading={
                <SkeletonList
                  count={LOADING_PLACEHOLDERS.categoryCards}
                  className="gap-4 sm:grid-cols-2"
                  itemClassName="h-24 w-full rounded-xl"
                />
              }
              error="The sermon categories could not be loaded."
              isEmpty={(list) => list.length === 0}
              empty={<EmptyState icon={<FolderOpen />} title="No sermon categories available at the moment." />}
            >
              {(list) => (
                <ul className="grid gap-4 sm:grid-cols-2">
                  {list.slice(0, BIBLE_STUDY_SERIES).map((category) => (
                    <li key={category.id}>
                      <Link
                        href={`/sermons?category=${category.id}`}
                        className="flex h-full flex-col gap-1 rounded-xl border border-border bg-card p-4 transition-shadow hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                      >
                        <span className="font-semibold">{category.name}</span>
                        <span className="line-clamp-2 text-sm text-muted-foreground">{category.description}</span>
                        <span className="mt-1 text-xs font-medium text-primary">
                          {category.mediaCount ?? 0} {category.mediaCount === 1 ? "sermon" : "sermons"}
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </QueryState>
          </section>
          <section aria-labelledby="speakers">
            <h2 id="speakers" className="mb-4 text-xl font-bold tracking-tight">
              Our Pastors &amp; Speakers
            </h2>
            <QueryState query={sermons} loading={<Skeleton className="h-40 w-full rounded-xl" />} error="The speakers could not be loaded.">
              {() => <SpeakerList speakers={speakers} />}
            </QueryState>
          </section>
        </div>
      </div>
      <Card className="mt-10 p-6">
        <FeedSubscribeButtons feedUrl={SERMONS_FEED_PATH} title="Sermons" />
      </Card>
      {current ? <LazyWatchDialog item={current} open onOpenChange={(open) => !open && closeWatch()} /> : null}
    </>
  );
}
