import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { ListMusic, Play, Plus } from "lucide-react";
import type { Playlist } from "@shared/contracts/playlists";
import { formatDuration } from "@shared/format";
import { relativeTime } from "@web/lib/relative-time";
import { PageHeader } from "@web/components/layout/page-header";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { QueryState } from "@web/components/ui/query-state";
import { SkeletonList } from "@web/components/ui/skeleton";
import { LOADING_PLACEHOLDERS } from "@shared/constants";
import { RequireMember } from "@web/features/auth/require-member";
import { useAuth } from "@web/features/auth/use-auth";
import { AlbumArt } from "@web/features/player/album-art";
import { EmptyState } from "@web/components/ui/empty-state";
import { usePlayer } from "@web/features/player/player-provider";
import { toTrack } from "@web/features/player/track";
import { routeQuery } from "@web/lib/api";
import { CreatePlaylistDialog } from "./create-playlist-dialog";

function PlaylistCard({ playlist }: { playlist: Playlist }) {
  const player = usePlayer();
  const items = playlist.playlistItems;
  const total = items.reduce((sum, item) => sum + item.media.duration, 0);
  const queue = items.map((item) => toTrack(item.media));
  return (
    <Card className="flex flex-col gap-3 p-4">
      <div className="grid grid-cols-2 gap-1 overflow-hidden rounded-lg">
        {Array.from({ length: 4 }, (_, i) => (
          <AlbumArt key={i} src={items[i]?.media.thumbnailUrl ?? null} sizes="10rem" className="w-full rounded-none" />
        ))}
      </div>
      <div className="min-w-0">
        <Link href={`/playlists/${playlist.id}`} className="block truncate font-semibold hover:underline">
          {playlist.name}
        </Link>
        {playlist.description ? <p className="truncate text-sm text-muted-foreground">{playlist.description}</p> : null}
        <p className="text-xs text-muted-foreground">
          {items.length} {items.length === 1 ? "song" : "songs"} · {formatDuration(total)} · updated {relativeTime(playlist.updatedAt)}
        </p>
      </div>
      <Button
        size="sm"
        disabled={items.length === 0}
        onClick={() => queue[0] && player.playTrack(queue[0], queue)}
        aria-label={`Play ${playlist.name}`}
      >
        <Play className="fill-current" aria-hidden="true" />
        Play
      </Button>
    </Card>
  );
}

/** /playlists: the member's playlists, with Create Playlist. */
export function PlaylistsPage() {
  const { user } = useAuth();
  const playlists = useQuery({ ...routeQuery("GET /api/playlists"), enabled: Boolean(user) });
  return (
    <>
      <PageHeader
        title="Playlists"
        icon={ListMusic}
        description="Your collections of worship songs and messages, ready to play."
        actions={
          user ? (
            <CreatePlaylistDialog
              trigger={
                <Button>
                  <Plus aria-hidden="true" />
                  Create Playlist
                </Button>
              }
            />
          ) : undefined
        }
      />
      <RequireMember reason="Sign in to create playlists of songs, sermons and podcasts.">
        {() => (
          <QueryState
            query={playlists}
            loading={
              <SkeletonList
                count={LOADING_PLACEHOLDERS.playlistRows}
                className="gap-4 sm:grid-cols-2 lg:grid-cols-4"
                itemClassName="h-72 w-full"
              />
            }
            error="Your playlists could not be loaded."
            isEmpty={(list) => list.length === 0}
            empty={
              <EmptyState
                icon={<ListMusic />}
                title="No Playlists Yet"
                action={
                  <CreatePlaylistDialog
                    trigger={
                      <Button>
                        <Plus aria-hidden="true" />
                        Create Playlist
                      </Button>
                    }
                  />
                }
              >
                Create a playlist, then add songs from Music with the Add to Playlist menu.
              </EmptyState>
            }
          >
            {(list) => (
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Your playlists">
                {list.map((playlist) => (
                  <li key={playlist.id}>
                    <PlaylistCard playlist={playlist} />
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        )}
      </RequireMember>
    </>
  );
}
