import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { Heart, ListMusic, MessageCircle, Play } from "lucide-react";
import type { MediaItem } from "@shared/contracts/content";
import type { User } from "@shared/contracts/users";
import { relativeTime } from "@web/lib/relative-time";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { EmptyState } from "@web/components/ui/empty-state";
import { QueryState } from "@web/components/ui/query-state";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { routeQuery } from "@web/lib/api";
import { ResponsiveImage } from "@web/components/ui/responsive-image";

type TabProps = { profile: User; own: boolean };

/** An empty tab: what is missing, and a link to where to find or make some. */
function EmptyTab({ text, href, label }: { text: string; href: string; label: string }) {
  return (
    <EmptyState
      title={text}
      action={
        <Button asChild variant="outline" className="mt-2">
          <Link href={href}>{label}</Link>
        </Button>
      }
    />
  );
}

const loadingText = (text: string) => <p className="text-muted-foreground">{text}</p>;

function PostsTab({ profile, own }: TabProps) {
  const posts = useQuery(routeQuery("GET /api/posts", { query: { userId: profile.id, limit: 50 } }));
  return (
    <QueryState
      query={posts}
      loading={loadingText("Loading posts...")}
      error="The posts could not be loaded."
      isEmpty={(list) => list.length === 0}
      empty={
        <EmptyTab
          text={own ? "You haven't posted anything yet." : `${profile.displayName} hasn't posted anything yet.`}
          href="/community"
          label={own ? "Create your first post" : "Visit the Community"}
        />
      }
    >
      {(list) => (
        <ul className="grid gap-4">
          {list.map((post) => (
            <li key={post.id}>
              <Card className="p-5">
                <p className="whitespace-pre-wrap break-words">{post.content}</p>
                {post.imageUrl ? (
                  <ResponsiveImage
                    src={post.imageUrl}
                    alt={`Image shared by ${post.user.displayName}`}
                    sizes="(min-width: 768px) 40rem, 100vw"
                    className="mt-3 h-auto max-h-80 rounded-lg border border-border object-cover"
                  />
                ) : null}
                <div className="mt-3 flex flex-wrap items-center gap-4 text-sm text-muted-foreground">
                  <time dateTime={post.createdAt}>Posted {relativeTime(post.createdAt)}</time>
                  <span className="inline-flex items-center gap-1">
                    <Heart className="size-4" aria-hidden="true" />
                    {post.likesCount} {post.likesCount === 1 ? "like" : "likes"}
                  </span>
                  <Link href={`/community/${post.id}`} className="inline-flex items-center gap-1 hover:text-foreground hover:underline">
                    <MessageCircle className="size-4" aria-hidden="true" />
                    {post.commentsCount} {post.commentsCount === 1 ? "comment" : "comments"}
                  </Link>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

/** One kind of media as small cards, each linking to its library. */
function MediaGrid({ title, items, href }: { title: string; items: MediaItem[]; href: string }) {
  if (items.length === 0) return null;
  return (
    <section aria-label={title}>
      <h3 className="mb-2 font-semibold">{title}</h3>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item) => (
          <li key={item.id}>
            <Card className="flex h-full items-center gap-3 p-3">
              {item.thumbnailUrl ? (
                <ResponsiveImage src={item.thumbnailUrl} alt="" sizes="3.5rem" className="size-14 shrink-0 rounded-md object-cover" />
              ) : (
                <span className="flex size-14 shrink-0 items-center justify-center rounded-md bg-muted">
                  <ListMusic className="size-5 text-muted-foreground" aria-hidden="true" />
                </span>
              )}
              <div className="min-w-0">
                <Link href={href} className="line-clamp-2 font-medium hover:underline">
                  {item.title}
                </Link>
                {item.artist ? <p className="truncate text-sm text-muted-foreground">{item.artist}</p> : null}
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

const ofType = (items: MediaItem[], type: MediaItem["type"]) => items.filter((item) => item.type === type);

function MediaTab({ profile, own }: TabProps) {
  const media = useQuery(routeQuery("GET /api/users/:id/media", { params: { id: profile.id } }));
  return (
    <QueryState
      query={media}
      loading={loadingText("Loading media...")}
      error="The media could not be loaded."
      isEmpty={(items) => items.length === 0}
      empty={
        <EmptyTab
          text={own ? "You haven't published any sermons or music yet." : `${profile.displayName} hasn't published any media yet.`}
          href="/sermons"
          label="Browse Sermons"
        />
      }
    >
      {(items) => (
        <div className="grid gap-6">
          <MediaGrid title="Sermons" items={ofType(items, "sermon")} href="/sermons" />
          <MediaGrid title="Music" items={ofType(items, "song")} href="/music" />
          <MediaGrid title="Podcasts" items={ofType(items, "podcast")} href="/podcasts" />
        </div>
      )}
    </QueryState>
  );
}

function PlaylistsTab({ profile, own }: TabProps) {
  const playlists = useQuery(routeQuery("GET /api/playlists", { query: { userId: profile.id } }));
  return (
    <QueryState
      query={playlists}
      loading={loadingText("Loading playlists...")}
      error="The playlists could not be loaded."
      isEmpty={(list) => list.length === 0}
      empty={
        <EmptyTab
          text={own ? "You haven't created any playlists yet." : `${profile.displayName} has no playlists yet.`}
          href="/music"
          label="Browse Music"
        />
      }
    >
      {(list) => (
        <ul className="grid gap-3 sm:grid-cols-2">
          {list.map((playlist) => (
            <li key={playlist.id}>
              <Card className="flex h-full items-center justify-between gap-3 p-4">
                <div className="min-w-0">
                  <h3 className="truncate font-semibold">{playlist.name}</h3>
                  {playlist.description ? <p className="line-clamp-2 text-sm text-muted-foreground">{playlist.description}</p> : null}
                  <p className="mt-1 text-sm text-muted-foreground">
                    {playlist.playlistItems.length} {playlist.playlistItems.length === 1 ? "song" : "songs"}
                  </p>
                </div>
                <Button asChild size="sm">
                  <Link href={`/playlists/${playlist.id}`}>
                    <Play aria-hidden="true" />
                    Play<span className="sr-only"> {playlist.name}</span>
                  </Link>
                </Button>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

function FavoritesTab({ profile, own }: TabProps) {
  const favorites = useQuery(routeQuery("GET /api/users/:id/favorites", { params: { id: profile.id } }));
  return (
    <QueryState
      query={favorites}
      loading={loadingText("Loading favorites...")}
      error="The favorites could not be loaded."
      isEmpty={(items) => items.length === 0}
      empty={
        <EmptyTab
          text={own ? "You haven't added any favorites yet." : `${profile.displayName} has no favorites yet.`}
          href="/explore"
          label="Explore Content"
        />
      }
    >
      {(items) => (
        <div className="grid gap-6">
          <MediaGrid title="Favorite Sermons" items={ofType(items, "sermon")} href="/sermons" />
          <MediaGrid title="Favorite Songs" items={ofType(items, "song")} href="/music" />
          <MediaGrid title="Favorite Podcasts" items={ofType(items, "podcast")} href="/podcasts" />
        </div>
      )}
    </QueryState>
  );
}

/** The profile's tabs (spec §2): Posts, Media, Playlists and Favorites, each the member's real items. */
export function ProfileTabs(props: TabProps) {
  return (
    <Tabs defaultValue="posts">
      <TabsList className="w-full sm:w-auto">
        <TabsTrigger value="posts">Posts</TabsTrigger>
        <TabsTrigger value="media">Media</TabsTrigger>
        <TabsTrigger value="playlists">Playlists</TabsTrigger>
        <TabsTrigger value="favorites">Favorites</TabsTrigger>
      </TabsList>
      <TabsContent value="posts">
        <PostsTab {...props} />
      </TabsContent>
      <TabsContent value="media">
        <MediaTab {...props} />
      </TabsContent>
      <TabsContent value="playlists">
        <PlaylistsTab {...props} />
      </TabsContent>
      <TabsContent value="favorites">
        <FavoritesTab {...props} />
      </TabsContent>
    </Tabs>
  );
}
