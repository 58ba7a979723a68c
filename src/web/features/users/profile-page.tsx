import { useId, useRef, useState, type FormEvent } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useLocation, useParams } from "wouter";
import {
  ArrowLeft,
  Camera,
  Crown,
  Heart,
  House,
  ListMusic,
  LogIn,
  MessageCircle,
  MessageSquare,
  Pencil,
  Play,
  Settings,
  Share2,
} from "lucide-react";
import type { MediaItem } from "@shared/contracts/content";
import type { Playlist } from "@shared/contracts/playlists";
import type { Post } from "@shared/contracts/posts";
import type { User } from "@shared/contracts/users";
import { formatLongDate, formatRelativeTime } from "@shared/format";
import { messages } from "@shared/messages";
import { UserAvatar } from "@web/components/ui/avatar";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { useAuth } from "@web/features/auth/use-auth";
import { POSTS_KEY, postForm } from "@web/features/posts/use-posts";
import { ApiRequestError, errorMessage } from "@web/lib/api";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { toast } from "@web/lib/use-toast";

function CenteredCard({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Card className="w-full max-w-md p-8 text-center">{children}</Card>
    </div>
  );
}

function EmptyState({ text, href, label }: { text: string; href: string; label: string }) {
  return (
    <Card className="p-8 text-center">
      <p className="text-muted-foreground">{text}</p>
      <Button asChild variant="outline" className="mt-4">
        <Link href={href}>{label}</Link>
      </Button>
    </Card>
  );
}

function ProfileEditForm({ profile, onDone }: { profile: User; onDone: () => void }) {
  const { updateProfile } = useAuth();
  const queryClient = useQueryClient();
  const ids = { name: useId(), email: useId(), bio: useId() };
  const initial = { displayName: profile.displayName, email: profile.email ?? "", bio: profile.bio ?? "" };
  const [form, setForm] = useState(initial);
  const [saving, setSaving] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      await updateProfile({ displayName: form.displayName, email: form.email, bio: form.bio });
      toast({ title: messages.profileUpdatedTitle, description: messages.profileUpdated });
      void queryClient.invalidateQueries({ queryKey: ["/api/users", profile.id] });
      void queryClient.invalidateQueries({ queryKey: [POSTS_KEY] });
      onDone();
    } catch (error) {
      toast({ title: messages.updateFailedTitle, description: errorMessage(error, messages.updateFailed), variant: "destructive" });
    } finally {
      setSaving(false);
    }
  };

  const handleCancel = () => {
    setForm(initial);
    onDone();
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} className="mt-4 grid w-full max-w-xl gap-4" aria-label="Edit profile">
      <div className="grid gap-1.5">
        <Label htmlFor={ids.name}>Display Name</Label>
        <Input id={ids.name} value={form.displayName} onChange={(e) => setForm({ ...form, displayName: e.target.value })} maxLength={80} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.email}>Email</Label>
        <Input id={ids.email} type="email" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.bio}>Bio</Label>
        <textarea
          id={ids.bio}
          rows={3}
          value={form.bio}
          onChange={(e) => setForm({ ...form, bio: e.target.value })}
          maxLength={1000}
          className="w-full rounded-lg border border-input bg-card px-3 py-2 text-sm shadow-xs"
        />
      </div>
      <div className="flex gap-2">
        <Button variant="outline" onClick={handleCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : "Save Changes"}
        </Button>
      </div>
    </form>
  );
}

function AvatarUpload({ profile }: { profile: User }) {
  const input = useRef<HTMLInputElement>(null);
  const { updateProfile } = useAuth();
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(false);

  const handleFile = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      const form = new FormData();
      form.set("avatar", file);
      await postForm<User>(`/api/users/${profile.id}/avatar`, form);
      // Replaces the signed-in member everywhere (sidebar, header) with the fresh record.
      await updateProfile({});
      void queryClient.invalidateQueries({ queryKey: ["/api/users", profile.id] });
      void queryClient.invalidateQueries({ queryKey: [POSTS_KEY] });
      toast({ title: "Photo Updated", description: "Your new profile photo is live." });
    } catch (error) {
      toast({ title: messages.updateFailedTitle, description: errorMessage(error, messages.updateFailed), variant: "destructive" });
    } finally {
      setUploading(false);
      if (input.current) input.current.value = "";
    }
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp"
        className="sr-only"
        tabIndex={-1}
        aria-label="Profile photo"
        onChange={(event) => void handleFile(event.target.files?.[0])}
      />
      <Button variant="outline" size="sm" onClick={() => input.current?.click()} disabled={uploading}>
        <Camera aria-hidden="true" />
        {uploading ? "Uploading..." : "Change Photo"}
      </Button>
    </>
  );
}

function ProfileHeader({ profile, own }: { profile: User; own: boolean }) {
  const [editing, setEditing] = useState(false);
  const [, navigate] = useLocation();

  const handleShare = async () => {
    const url = `${window.location.origin}/profile/${profile.id}`;
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Copied!", description: "Profile link copied to clipboard." });
    } catch {
      toast({ title: "Share Profile", description: url });
    }
  };

  const handleBack = () => {
    if (window.history.length > 1) window.history.back();
    else navigate("/community");
  };

  return (
    <Card className="p-6">
      {!own ? (
        <Button variant="ghost" size="sm" onClick={handleBack} className="-mt-2 -ml-2 mb-3">
          <ArrowLeft aria-hidden="true" />
          Back
        </Button>
      ) : null}
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <div className="flex flex-col items-center gap-3">
          <UserAvatar displayName={profile.displayName} imageUrl={profile.profileImageUrl} size="xl" />
          {own ? <AvatarUpload profile={profile} /> : null}
        </div>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{profile.displayName}</h1>
            {profile.accountType === "premium" ? (
              <Badge variant="warm">
                <Crown className="size-3" aria-hidden="true" />
                Premium Member
              </Badge>
            ) : null}
          </div>
          <p className="text-sm text-muted-foreground">@{profile.username}</p>
          <p className="mt-3 whitespace-pre-wrap">{profile.bio || <span className="text-muted-foreground">{messages.noBio}</span>}</p>
          <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <div className="flex gap-1.5">
              <dt className="sr-only">Posts</dt>
              <dd>
                <span className="font-semibold">{profile.postCount}</span>{" "}
                <span className="text-muted-foreground">{profile.postCount === 1 ? "Post" : "Posts"}</span>
              </dd>
            </div>
            <div className="flex gap-1.5">
              <dt className="sr-only">Favorites</dt>
              <dd>
                <span className="font-semibold">{profile.favoriteCount}</span>{" "}
                <span className="text-muted-foreground">{profile.favoriteCount === 1 ? "Favorite" : "Favorites"}</span>
              </dd>
            </div>
            <div>
              <dt className="sr-only">Joined</dt>
              <dd className="text-muted-foreground">Member since {formatLongDate(profile.createdAt)}</dd>
            </div>
          </dl>
          {own && editing ? <ProfileEditForm profile={profile} onDone={() => setEditing(false)} /> : null}
          <div className="mt-5 flex flex-wrap gap-2">
            {own ? (
              !editing ? (
                <>
                  <Button onClick={() => setEditing(true)}>
                    <Pencil aria-hidden="true" />
                    Edit Profile
                  </Button>
                  <Button asChild variant="outline">
                    <Link href="/settings">
                      <Settings aria-hidden="true" />
                      Settings
                    </Link>
                  </Button>
                </>
              ) : null
            ) : (
              <>
                <Button onClick={() => navigate(`/chat?user=${profile.id}`)}>
                  <MessageSquare aria-hidden="true" />
                  Message
                </Button>
                <Button variant="outline" onClick={() => void handleShare()}>
                  <Share2 aria-hidden="true" />
                  Share Profile
                </Button>
              </>
            )}
          </div>
        </div>
      </div>
    </Card>
  );
}

function PostsTab({ profile, own }: { profile: User; own: boolean }) {
  const { data, isPending } = useQuery<Post[]>({ queryKey: [POSTS_KEY, { userId: profile.id, limit: 50 }] });
  if (isPending) return <p className="text-muted-foreground">Loading posts...</p>;
  if (!data?.length) {
    return (
      <EmptyState
        text={own ? "You haven't posted anything yet." : `${profile.displayName} hasn't posted anything yet.`}
        href="/community"
        label={own ? "Create your first post" : "Visit the Community"}
      />
    );
  }
  return (
    <ul className="grid gap-4">
      {data.map((post) => (
        <li key={post.id}>
          <Card className="p-5">
            <p className="whitespace-pre-wrap break-words">{post.content}</p>
            {post.imageUrl ? (
              <img
                src={post.imageUrl}
                alt={`Image shared by ${post.user.displayName}`}
                loading="lazy"
                className="mt-3 max-h-80 rounded-lg border border-border object-cover"
              />
            ) : null}
            <div className="mt-3 flex flex-wrap items-center gap-4 text-sm text-muted-foreground">
              <time dateTime={post.createdAt}>Posted {formatRelativeTime(post.createdAt)}</time>
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
  );
}

function MediaList({ title, items, href }: { title: string; items: MediaItem[]; href: string }) {
  if (items.length === 0) return null;
  return (
    <section aria-label={title}>
      <h3 className="mb-2 font-semibold">{title}</h3>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item) => (
          <li key={item.id}>
            <Card className="flex h-full items-center gap-3 p-3">
              {item.thumbnailUrl ? (
                <img src={item.thumbnailUrl} alt="" className="size-14 shrink-0 rounded-md object-cover" />
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

function MediaTab({ profile, own }: { profile: User; own: boolean }) {
  const { data, isPending } = useQuery<MediaItem[]>({ queryKey: ["/api/users", profile.id, "media"] });
  if (isPending) return <p className="text-muted-foreground">Loading media...</p>;
  if (!data?.length) {
    return (
      <EmptyState
        text={own ? "You haven't published any sermons or music yet." : `${profile.displayName} hasn't published any media yet.`}
        href="/sermons"
        label="Browse Sermons"
      />
    );
  }
  return (
    <div className="grid gap-6">
      <MediaList title="Sermons" items={data.filter((m) => m.type === "sermon")} href="/sermons" />
      <MediaList title="Music" items={data.filter((m) => m.type === "song")} href="/music" />
      <MediaList title="Podcasts" items={data.filter((m) => m.type === "podcast")} href="/podcasts" />
    </div>
  );
}

function PlaylistsTab({ profile, own }: { profile: User; own: boolean }) {
  const { data, isPending } = useQuery<Playlist[]>({ queryKey: ["/api/playlists", { userId: profile.id }] });
  if (isPending) return <p className="text-muted-foreground">Loading playlists...</p>;
  if (!data?.length) {
    return (
      <EmptyState
        text={own ? "You haven't created any playlists yet." : `${profile.displayName} has no playlists yet.`}
        href="/music"
        label="Browse Music"
      />
    );
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {data.map((playlist) => (
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
  );
}

function FavoritesTab({ profile, own }: { profile: User; own: boolean }) {
  const { data, isPending } = useQuery<MediaItem[]>({ queryKey: ["/api/users", profile.id, "favorites"] });
  if (isPending) return <p className="text-muted-foreground">Loading favorites...</p>;
  if (!data?.length) {
    return (
      <EmptyState
        text={own ? "You haven't added any favorites yet." : `${profile.displayName} has no favorites yet.`}
        href="/explore"
        label="Explore Content"
      />
    );
  }
  return (
    <div className="grid gap-6">
      <MediaList title="Favorite Sermons" items={data.filter((m) => m.type === "sermon")} href="/sermons" />
      <MediaList title="Favorite Songs" items={data.filter((m) => m.type === "song")} href="/music" />
      <MediaList title="Favorite Podcasts" items={data.filter((m) => m.type === "podcast")} href="/podcasts" />
    </div>
  );
}

/** /profile/{id}, or the signed-in member's own profile without an id (spec §2, §4). */
export function ProfilePage() {
  const { id } = useParams<{ id?: string }>();
  const { user, loading } = useAuth();
  const profileId = id ?? (user ? String(user.id) : undefined);
  const validId = profileId !== undefined && /^\d+$/.test(profileId);
  const profile = useQuery<User>({ queryKey: ["/api/users", Number(profileId)], enabled: Boolean(user) && validId });
  useDocumentTitle(profile.data ? profile.data.displayName : "Profile");

  if (loading && !user) return <p className="py-12 text-center text-muted-foreground">Loading profile...</p>;
  if (!user) {
    return (
      <CenteredCard>
        <h1 className="text-2xl font-bold">{messages.signInRequired}</h1>
        <p className="mt-2 text-muted-foreground">Please sign in to view member profiles.</p>
        <Button asChild className="mt-6">
          <Link href="/auth/login">
            <LogIn aria-hidden="true" />
            Sign In
          </Link>
        </Button>
      </CenteredCard>
    );
  }
  const notFound = !validId || (profile.error instanceof ApiRequestError && profile.error.status === 404);
  if (notFound) {
    return (
      <CenteredCard>
        <h1 className="text-2xl font-bold">{messages.userNotFoundTitle}</h1>
        <p className="mt-2 text-muted-foreground">{messages.userNotFound}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          <Button asChild>
            <Link href="/">
              <House aria-hidden="true" />
              Back to Home
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/community">Go to Community</Link>
          </Button>
        </div>
      </CenteredCard>
    );
  }
  if (profile.isPending) return <p className="py-12 text-center text-muted-foreground">Loading profile...</p>;
  if (profile.isError) {
    return (
      <CenteredCard>
        <h1 className="text-2xl font-bold">Profile Unavailable</h1>
        <p className="mt-2 text-muted-foreground">The profile could not be loaded. Please try again.</p>
        <Button className="mt-6" onClick={() => void profile.refetch()}>
          Try Again
        </Button>
      </CenteredCard>
    );
  }

  const own = profile.data.id === user.id;
  // The own profile shows the signed-in record (it carries the email and follows edits at once).
  const shown = own
    ? { ...profile.data, ...user, postCount: profile.data.postCount, favoriteCount: profile.data.favoriteCount }
    : profile.data;
  return (
    <div className="flex flex-col gap-6">
      <ProfileHeader key={shown.id} profile={shown} own={own} />
      <Tabs defaultValue="posts">
        <TabsList className="w-full sm:w-auto">
          <TabsTrigger value="posts">Posts</TabsTrigger>
          <TabsTrigger value="media">Media</TabsTrigger>
          <TabsTrigger value="playlists">Playlists</TabsTrigger>
          <TabsTrigger value="favorites">Favorites</TabsTrigger>
        </TabsList>
        <TabsContent value="posts">
          <PostsTab profile={shown} own={own} />
        </TabsContent>
        <TabsContent value="media">
          <MediaTab profile={shown} own={own} />
        </TabsContent>
        <TabsContent value="playlists">
          <PlaylistsTab profile={shown} own={own} />
        </TabsContent>
        <TabsContent value="favorites">
          <FavoritesTab profile={shown} own={own} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
