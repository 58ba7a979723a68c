import { useMemo, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useSearch } from "wouter";
import { Bell, BellRing, Headphones, Mic, Play, Radio, Search, SearchX } from "lucide-react";
import type { Category, MediaItem } from "@shared/contracts/content";
import { CATEGORY_TABS, LOADING_PLACEHOLDERS, PAGE_LIMIT_MAX } from "@shared/constants";
import { formatCount, formatDuration, initial } from "@shared/format";
import { relativeTime } from "@web/lib/relative-time";
import { PageHeader } from "@web/components/layout/page-header";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { Input } from "@web/components/ui/input";
import { QueryState } from "@web/components/ui/query-state";
import { Skeleton } from "@web/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { useAuth } from "@web/features/auth/use-auth";
import { LikeButton, MediaMenu, ShareButton } from "@web/features/player/media-actions";
import { signInToast } from "@web/features/player/media-api";
import { EmptyState } from "@web/components/ui/empty-state";
import { MediaCard, MediaCardGridSkeleton, matchesSearch } from "@web/features/player/media-card";
import { AudioPlayer } from "@web/features/player/audio-player";
import { usePlayer } from "@web/features/player/player-provider";
import { toTrack } from "@web/features/player/track";
import { callRoute, errorMessage, routeQuery } from "@web/lib/api";
import { toast } from "@web/lib/use-toast";
import { ResponsiveImage } from "@web/components/ui/responsive-image";

/** Subscribe to a podcast show (its category), kept on the server. */
export function SubscribeButton({ show }: { show: Category | undefined }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const subscriptionsQuery = routeQuery("GET /api/content/subscriptions");
  const subscriptions = useQuery({ ...subscriptionsQuery, enabled: Boolean(user) });
  const subscribed = show !== undefined && (subscriptions.data?.categoryIds ?? []).includes(show.id);
  const toggle = useMutation({
    mutationFn: () =>
      subscribed
        ? callRoute("DELETE /api/content/categories/:id/subscription", { params: { id: show!.id } })
        : callRoute("PUT /api/content/categories/:id/subscription", { params: { id: show!.id } }),
    onSuccess: (result) => {
      queryClient.setQueryData(subscriptionsQuery.queryKey, (old) => ({
        categoryIds: result.subscribed ? [...(old?.categoryIds ?? []), show!.id] : (old?.categoryIds ?? []).filter((id) => id !== show!.id),
      }));
      toast(
        result.subscribed
          ? { title: "Subscribed", description: `You are subscribed to ${show!.name}.` }
          : { title: "Unsubscribed", description: `You are no longer subscribed to ${show!.name}.` },
      );
    },
    onError: (error) =>
      toast({ title: "Error", description: errorMessage(error, "Could not update your subscription."), variant: "destructive" }),
  });
  if (!show) return null;
  return (
    <Button
      variant={subscribed ? "secondary" : "outline"}
      aria-pressed={subscribed}
      disabled={toggle.isPending}
      onClick={() => (user ? toggle.mutate() : signInToast("subscribe to podcasts"))}
    >
      {subscribed ? <BellRing aria-hidden="true" /> : <Bell aria-hidden="true" />}
      {subscribed ? "Subscribed" : "Subscribe"}
    </Button>
  );
}

function FeaturedPodcast({ item, show, episodes }: { item: MediaItem; show: Category | undefined; episodes: MediaItem[] }) {
  const player = usePlayer();
  const showEpisodes = episodes.filter((episode) => episode.categoryId === item.categoryId);
  const queue = (showEpisodes.length > 0 ? showEpisodes : [item]).map(toTrack);
  return (
    <section aria-labelledby="featured-podcast" className="overflow-hidden rounded-2xl border border-border bg-card shadow-sm">
      <div className="grid gap-0 md:grid-cols-[16rem_1fr]">
        {item.thumbnailUrl ? (
          <ResponsiveImage
            src={item.thumbnailUrl}
            alt=""
            sizes="(min-width: 768px) 16rem, 100vw"
            className="aspect-video h-full w-full object-cover md:aspect-square"
            priority
          />
        ) : null}
        <div className="flex flex-col gap-3 p-6">
          <Badge className="w-fit">
            <Radio className="size-3" aria-hidden="true" />
            Featured Podcast
          </Badge>
          <h2 id="featured-podcast" className="text-2xl font-bold tracking-tight">
            {show?.name ?? item.title}
          </h2>
          <p className="text-sm text-muted-foreground">
            Hosted by {item.artist} · {showEpisodes.length || 1} {showEpisodes.length === 1 ? "episode" : "episodes"}
          </p>
          <p className="text-muted-foreground">{show?.description ?? item.description}</p>
          <p className="text-sm">
            <span className="font-medium">Latest:</span> {item.title} · {formatDuration(item.duration)} · {relativeTime(item.createdAt)}
          </p>
          <AudioPlayer compact track={queue[0]} queue={queue} />
          <div className="mt-auto flex flex-wrap items-center gap-2 pt-2">
            <Button onClick={() => player.playTrack(toTrack(showEpisodes[0] ?? item), queue)}>
              <Play className="fill-current" aria-hidden="true" />
              Play Latest
            </Button>
            <SubscribeButton show={show} />
            {show ? (
              <Button asChild variant="ghost">
                <Link href={`/podcasts/shows/${show.id}`}>View Show</Link>
              </Button>
            ) : null}
            <ShareButton item={item} />
            <LikeButton item={item} />
            <MediaMenu item={item} />
          </div>
        </div>
      </div>
    </section>
  );
}

/** The featured podcast's frame with its lines' heights, so the tabs below don't move when it arrives. */
function FeaturedPodcastSkeleton() {
  return (
    <div aria-hidden="true" className="overflow-hidden rounded-2xl border border-border bg-card shadow-sm">
      <div className="grid md:grid-cols-[16rem_1fr]">
        <Skeleton className="aspect-video w-full rounded-none md:aspect-square" />
        <div className="flex flex-col gap-3 p-6">
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-10 w-full md:h-5" />
          <Skeleton className="h-12 w-full md:h-6" />
          <Skeleton className="h-10 w-full md:h-5" />
          <Skeleton className="h-11 w-full" />
          <Skeleton className="mt-2 h-24 w-full md:h-10" />
        </div>
      </div>
    </div>
  );
}

/** The episode cards; Listen plays the grid from that episode. */
function EpisodeGrid({ items, showOf }: { items: MediaItem[]; showOf: (item: MediaItem) => Category | undefined }) {
  const player = usePlayer();
  const queue = items.map(toTrack);
  return (
    <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3" aria-label="Podcast episodes">
      {items.map((item) => {
        const show = showOf(item);
        return (
          <li key={item.id}>
            <MediaCard
              item={item}
              badge={show ? <Badge variant="secondary">{show.name}</Badge> : undefined}
              action={
                <Button size="sm" onClick={() => player.playTrack(toTrack(item), queue)} aria-label={`Listen to ${item.title}`}>
                  <Headphones aria-hidden="true" />
                  Listen
                </Button>
              }
            />
          </li>
        );
      })}
    </ul>
  );
}

/** /podcasts (spec §2): search, the featured podcast with Play Latest and Subscribe, tabs, the episode grid, hosts and the promo. */
export function PodcastsPage() {
  const [query, setQuery] = useState("");
  const [tab, setTab] = useState("all");
  const podcasts = useQuery(routeQuery("GET /api/content/media", { query: { type: "podcast", limit: PAGE_LIMIT_MAX } }));
  const categories = useQuery(routeQuery("GET /api/content/categories", { query: { type: "podcast" } }));
  const all = useMemo(() => podcasts.data ?? [], [podcasts.data]);
  const filtered = useMemo(() => all.filter((item) => matchesSearch(query, item.title, item.description)), [all, query]);
  // A shared link (?play=id) features that episode; otherwise the first match (spec §2).
  const sharedId = Number(new URLSearchParams(useSearch()).get("play"));
  const featured = filtered.find((item) => item.id === sharedId) ?? filtered[0];
  const showOf = (item: MediaItem) => categories.data?.find((category) => category.id === item.categoryId);
  const hosts = useMemo(() => {
    const byHost = new Map<string, MediaItem[]>();
    for (const item of all) {
      for (const host of item.artist.split(/\s*&\s*|\s*,\s*/).filter(Boolean)) byHost.set(host, [...(byHost.get(host) ?? []), item]);
    }
    return [...byHost.entries()].slice(0, 4);
  }, [all]);

  /** The episodes of a tab: loading, failing or missing, or those of the tab that match the search. */
  const renderGrid = (inTab: (item: MediaItem) => boolean) => (
    <QueryState
      query={podcasts}
      loading={<MediaCardGridSkeleton count={LOADING_PLACEHOLDERS.sermonCards} label="Loading podcasts" />}
      error="The podcasts could not be loaded."
      isEmpty={(list) => list.length === 0}
      empty={
        <EmptyState icon={<Mic />} title="No Podcasts Found">
          New episodes will appear here as soon as they are published.
        </EmptyState>
      }
    >
      {() => {
        const items = filtered.filter(inTab);
        if (items.length === 0) return <EmptyState icon={<SearchX />} title="No podcasts match your search criteria." />;
        return <EpisodeGrid items={items} showOf={showOf} />;
      }}
    </QueryState>
  );

  return (
    <>
      <PageHeader
        title="Podcasts"
        icon={Mic}
        description="Faith conversations, Bible teaching and testimonies to listen to at home or on the go."
        actions={
          <Button asChild variant="outline">
            <Link href="/podcasts/host">
              <Radio aria-hidden="true" />
              Host a Podcast
            </Link>
          </Button>
        }
      />
      <div className="relative mb-6 max-w-xl">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input
          type="search"
          aria-label="Search podcasts"
          placeholder="Search podcasts..."
          className="pl-9"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <div className="flex flex-col gap-10">
        {podcasts.isLoading ? (
          <FeaturedPodcastSkeleton />
        ) : featured ? (
          <FeaturedPodcast item={featured} show={showOf(featured)} episodes={all} />
        ) : null}
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList className="h-auto w-full flex-wrap justify-start sm:w-auto">
            <TabsTrigger value="all">All Podcasts</TabsTrigger>
            {(categories.data ?? []).slice(0, CATEGORY_TABS).map((category) => (
              <TabsTrigger key={category.id} value={String(category.id)}>
                {category.name}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="all">{renderGrid(() => true)}</TabsContent>
          {(categories.data ?? []).slice(0, CATEGORY_TABS).map((category) => (
            <TabsContent key={category.id} value={String(category.id)} className="flex flex-col gap-4">
              {renderGrid((item) => item.categoryId === category.id)}
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" onClick={() => setTab("all")}>
                  Browse All
                </Button>
                <Button asChild variant="ghost">
                  <Link href={`/podcasts/shows/${category.id}`}>View Show</Link>
                </Button>
              </div>
            </TabsContent>
          ))}
        </Tabs>

        {hosts.length > 0 ? (
          <section aria-labelledby="hosts-spotlight">
            <h2 id="hosts-spotlight" className="mb-4 text-xl font-bold tracking-tight">
              Hosts Spotlight
            </h2>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {hosts.map(([host, episodes]) => (
                <li key={host}>
                  <Card className="flex items-center gap-3 p-4">
                    <span
                      className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary-soft text-lg font-semibold text-primary-soft-foreground"
                      aria-hidden="true"
                    >
                      {initial(host)}
                    </span>
                    <span className="min-w-0">
                      <span className="block truncate font-semibold">{host}</span>
                      <span className="text-sm text-muted-foreground">
                        {episodes.length} {episodes.length === 1 ? "episode" : "episodes"} ·{" "}
                        {formatCount(episodes.reduce((sum, e) => sum + e.playCount, 0))} plays
                      </span>
                    </span>
                  </Card>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <section
          aria-labelledby="podcast-promo"
          className="rounded-2xl bg-gradient-to-br from-hero-from via-hero-via to-hero-to p-8 text-white"
        >
          <h2 id="podcast-promo" className="text-2xl font-bold">
            Start Your Own Christian Podcast
          </h2>
          <p className="mt-2 max-w-2xl text-white/90">
            Share your testimony, teach the Word or host conversations that encourage believers. We host your episodes, stream them to the
            whole community and show you who is listening.
          </p>
          <div className="mt-5 flex flex-wrap gap-3">
            <Button asChild className="bg-white text-[#2e1a86] hover:bg-white/90">
              <Link href="/podcasts/host">
                Learn More<span className="sr-only"> about hosting a podcast</span>
              </Link>
            </Button>
            <Button asChild variant="outline" className="border-white/60 bg-white/10 text-white hover:bg-white/20 hover:text-white">
              <Link href="/account">See Pricing</Link>
            </Button>
          </div>
        </section>
      </div>
    </>
  );
}
