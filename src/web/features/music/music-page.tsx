import { useCallback, useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link, useSearch } from "wouter";
import { Disc3, ListMusic, Music, Play, Plus, Search } from "lucide-react";
import type { MediaItem } from "@shared/contracts/content";
import { LOADING_PLACEHOLDERS, MUSIC_CATEGORIES, RECENTLY_PLAYED } from "@shared/constants";
import { formatCount, formatDuration } from "@shared/format";
import { relativeTime } from "@web/lib/relative-time";
import { PageHeader } from "@web/components/layout/page-header";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { Input } from "@web/components/ui/input";
import { QueryState } from "@web/components/ui/query-state";
import { Skeleton, SkeletonList } from "@web/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { useAuth } from "@web/features/auth/use-auth";
import { LazyCreatePlaylistDialog } from "@web/features/playlists/lazy-create-playlist-dialog";
import { AlbumArt } from "@web/features/player/album-art";
import { AudioPlayer } from "@web/features/player/audio-player";
import { mediaQueries } from "@web/features/player/media-api";
import { matchesSearch } from "@web/features/player/media-card";
import { usePlayer } from "@web/features/player/player-provider";
import { toTrack } from "@web/features/player/track";
import { TrackList } from "./track-table";

const noMatch = "No music tracks found matching your search.";

/** A positive integer query parameter: ?category= filters, ?play= (a shared link) cues that song. */
function useIdParam(name: string) {
  const value = Number(new URLSearchParams(useSearch()).get(name));
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

function FeaturedArtist({ songs }: { songs: MediaItem[] }) {
  const player = usePlayer();
  const artist = useMemo(() => {
    const byArtist = new Map<string, MediaItem[]>();
    for (const song of songs) byArtist.set(song.artist, [...(byArtist.get(song.artist) ?? []), song]);
    const ranked = [...byArtist.entries()].sort(
      (a, b) => b[1].reduce((sum, s) => sum + s.playCount, 0) - a[1].reduce((sum, s) => sum + s.playCount, 0),
    );
    return ranked[0];
  }, [songs]);
  if (!artist) return null;
  const [name, tracks] = artist;
  const [lead] = tracks;
  if (!lead) return null;
  const plays = tracks.reduce((sum, song) => sum + song.playCount, 0);
  const queue = tracks.map(toTrack);
  return (
    <Card className="overflow-hidden">
      <div className="bg-gradient-to-br from-hero-from via-hero-via to-hero-to p-5 text-white">
        <p className="text-xs font-semibold tracking-wider uppercase opacity-80">Featured Artist</p>
        <p className="mt-1 text-2xl font-bold">{name}</p>
        <p className="mt-1 text-sm opacity-90">
          {tracks.length} {tracks.length === 1 ? "song" : "songs"} · {formatCount(plays)} plays
        </p>
      </div>
      <CardContent className="flex items-center justify-between gap-3 p-4">
        <p className="line-clamp-2 text-sm text-muted-foreground">{lead.description}</p>
        <Button size="sm" onClick={() => player.playTrack(toTrack(lead), queue)}>
          <Play className="fill-current" aria-hidden="true" />
          Play
        </Button>
      </CardContent>
    </Card>
  );
}

function NoPlaylistsYet() {
  return (
    <div className="flex flex-col items-center gap-2 py-4 text-center">
      <ListMusic className="size-8 text-muted-foreground" aria-hidden="true" />
      <p className="font-semibold">No Playlists Yet</p>
      <p className="text-sm text-muted-foreground">Gather your favorite worship songs in one place.</p>
      <LazyCreatePlaylistDialog
        trigger={
          <Button size="sm">
            <Plus aria-hidden="true" />
            Create Playlist
          </Button>
        }
      />
    </div>
  );
}

function YourPlaylists() {
  const { user } = useAuth();
  const playlists = useQuery({ ...mediaQueries.playlists(), enabled: Boolean(user) });
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2 space-y-0">
        <CardTitle as="h2" className="text-lg">
          Your Playlists
        </CardTitle>
        <LazyCreatePlaylistDialog
          trigger={
            <Button size="sm" variant="outline">
              <Plus aria-hidden="true" />
              New
            </Button>
          }
        />
      </CardHeader>
      <CardContent>
        {user ? (
          <QueryState
            query={playlists}
            loading={
              <ul className="grid gap-2" aria-label="Loading playlists">
                {Array.from({ length: LOADING_PLACEHOLDERS.playlistRows }, (_, i) => (
                  <li key={i}>
                    <Skeleton className="h-12 w-full" data-testid="playlist-row-skeleton" />
                  </li>
                ))}
              </ul>
            }
            error="Your playlists could not be loaded."
            isEmpty={(list) => list.length === 0}
            empty={<NoPlaylistsYet />}
          >
            {(list) => (
              <ul className="grid gap-1" aria-label="Your playlists">
                {list.map((playlist) => (
                  <li key={playlist.id}>
                    <Link href={`/playlists/${playlist.id}`} className="flex items-center gap-3 rounded-lg p-2 hover:bg-muted">
                      <span className="flex size-10 items-center justify-center rounded-md bg-primary-soft text-primary">
                        <ListMusic className="size-5" aria-hidden="true" />
                      </span>
                      <span className="min-w-0 flex-1">
                        <span className="block truncate font-medium">{playlist.name}</span>
                        <span className="text-xs text-muted-foreground">
                          {playlist.playlistItems.length} {playlist.playlistItems.length === 1 ? "song" : "songs"}
                        </span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        ) : (
          <NoPlaylistsYet />
        )}
      </CardContent>
    </Card>
  );
}

/** /music (spec §2): search by title or artist, the player, Recent / Popular / Recommended, and the side panels. */
export function MusicPage() {
  const { user } = useAuth();
  const player = usePlayer();
  const categoryId = useIdParam("category");
  const sharedId = useIdParam("play");
  const [query, setQuery] = useState("");
  const songs = useQuery(mediaQueries.list("song"));
  const popular = useQuery(mediaQueries.list("song", { sort: "most_viewed" }));
  const recommended = useQuery(mediaQueries.recommended("song"));
  const categories = useQuery(mediaQueries.categories("music"));
  const history = useQuery({ ...mediaQueries.history(), enabled: Boolean(user) });

  const search = useCallback(
    (item: MediaItem) => matchesSearch(query, item.title, item.artist) && (categoryId === undefined || item.categoryId === categoryId),
    [query, categoryId],
  );
  const filtered = useMemo(() => (songs.data ?? []).filter(search), [songs.data, search]);
  const queue = useMemo(() => filtered.map(toTrack), [filtered]);
  const category = categories.data?.find((c) => c.id === categoryId);
  const recentlyPlayed = user
    ? (history.data ?? [])
        .filter((entry) => entry.media.type === "song")
        .map((entry) => entry.media)
        .filter(search)
    : filtered;

  return (
    <>
      <PageHeader title="Music" icon={Music} description="Worship songs and hymns to lift your heart, at home or on the go." />
      <div className="relative mb-6 max-w-xl">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input
          type="search"
          aria-label="Search music"
          placeholder="Search by title or artist..."
          className="pl-9"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      {category ? (
        <p className="mb-4 text-sm text-muted-foreground">
          Showing <strong className="text-foreground">{category.name}</strong> ·{" "}
          <Link href="/music" className="text-primary underline underline-offset-4">
            Show all music
          </Link>
        </p>
      ) : null}

      <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
        <div className="flex min-w-0 flex-col gap-6">
          <QueryState
            query={songs}
            loading={<Skeleton className="h-[15.375rem] w-full rounded-xl sm:h-[13.625rem]" />}
            error="The music could not be loaded."
          >
            {() => <AudioPlayer track={queue.find((track) => track.id === sharedId) ?? queue[0] ?? null} queue={queue} />}
          </QueryState>
          <Tabs defaultValue="recent">
            <TabsList>
              <TabsTrigger value="recent">Recent</TabsTrigger>
              <TabsTrigger value="popular">Popular</TabsTrigger>
              <TabsTrigger value="recommended">Recommended</TabsTrigger>
            </TabsList>
            <TabsContent value="recent">
              <TrackList query={songs} select={(items) => items.filter(search)} label="Recent tracks" empty={noMatch} />
            </TabsContent>
            <TabsContent value="popular">
              <TrackList query={popular} select={(items) => items.filter(search)} label="Popular tracks" empty={noMatch} />
            </TabsContent>
            <TabsContent value="recommended">
              <p className="mb-3 text-sm text-muted-foreground">
                {user ? "Picked from the songs you play most." : "Sign in and we will pick songs from what you play."}
              </p>
              <TrackList query={recommended} select={(items) => items.filter(search)} label="Recommended tracks" empty={noMatch} />
            </TabsContent>
          </Tabs>
        </div>

        <aside className="flex flex-col gap-6" aria-label="Music library">
          <FeaturedArtist songs={songs.data ?? []} />
          <YourPlaylists />
          <Card>
            <CardHeader>
              <CardTitle as="h2" className="text-lg">
                Categories
              </CardTitle>
            </CardHeader>
            <CardContent>
              <QueryState
                query={categories}
                loading={<SkeletonList count={LOADING_PLACEHOLDERS.categoryCards} className="grid-cols-2" itemClassName="h-16" />}
                error="The categories could not be loaded."
                isEmpty={(list) => list.length === 0}
                empty={<p className="text-sm text-muted-foreground">No categories available</p>}
              >
                {(list) => (
                  <ul className="grid grid-cols-2 gap-2">
                    {list.slice(0, MUSIC_CATEGORIES).map((c) => (
                      <li key={c.id}>
                        <Link
                          href={`/music?category=${c.id}`}
                          aria-current={c.id === categoryId ? "page" : undefined}
                          className="flex h-full flex-col rounded-lg border border-border p-3 hover:bg-muted aria-[current=page]:border-primary aria-[current=page]:bg-primary-soft"
                        >
                          <Disc3 className="mb-1 size-4 text-primary" aria-hidden="true" />
                          <span className="text-sm font-medium">{c.name}</span>
                          <span className="text-xs text-muted-foreground">
                            {c.mediaCount ?? 0} {c.mediaCount === 1 ? "song" : "songs"}
                          </span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </QueryState>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle as="h2" className="text-lg">
                Recently Played
              </CardTitle>
            </CardHeader>
            <CardContent>
              <QueryState<unknown>
                query={user ? history : songs}
                loading={<SkeletonList count={RECENTLY_PLAYED} itemClassName="h-12 w-full" />}
                error="Your recent tracks could not be loaded."
              >
                {() =>
                  recentlyPlayed.length === 0 ? (
                    <p className="text-sm text-muted-foreground">No recent tracks</p>
                  ) : (
                    <ul className="grid gap-1">
                      {recentlyPlayed.slice(0, RECENTLY_PLAYED).map((item) => (
                        <li key={item.id}>
                          <button
                            type="button"
                            onClick={() => player.playTrack(toTrack(item), recentlyPlayed.map(toTrack))}
                            className="flex w-full cursor-pointer items-center gap-3 rounded-lg p-2 text-left hover:bg-muted"
                            aria-label={`Play ${item.title}`}
                          >
                            <AlbumArt src={item.thumbnailUrl} className="size-10" />
                            <span className="min-w-0 flex-1">
                              <span className="block truncate text-sm font-medium">{item.title}</span>
                              <span className="block truncate text-xs text-muted-foreground">
                                {item.artist} · {formatDuration(item.duration)}
                                {user
                                  ? ` · ${relativeTime(history.data?.find((e) => e.mediaId === item.id)?.playedAt ?? item.createdAt)}`
                                  : ""}
                              </span>
                            </span>
                          </button>
                        </li>
                      ))}
                    </ul>
                  )
                }
              </QueryState>
            </CardContent>
          </Card>
        </aside>
      </div>
    </>
  );
}
