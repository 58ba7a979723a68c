import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useLocation, useParams } from "wouter";
import { ArrowDown, ArrowLeft, ArrowUp, ListMusic, Pencil, Play, Trash2, X } from "lucide-react";
import { type Playlist, type UpdatePlaylist, updatePlaylistSchema } from "@shared/contracts/playlists";
import { formatDuration } from "@shared/format";
import { PageHeader } from "@web/components/layout/page-header";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { ErrorState } from "@web/components/ui/error-state";
import { Field } from "@web/components/ui/form-field";
import { Skeleton } from "@web/components/ui/skeleton";
import { useAuth } from "@web/features/auth/use-auth";
import { invalidateMedia } from "@web/features/player/media-api";
import { EmptyState } from "@web/components/ui/empty-state";
import { MediaList } from "@web/features/player/media-list";
import { usePlayer } from "@web/features/player/player-provider";
import { toTrack } from "@web/features/player/track";
import { ApiRequestError, apiRequest, errorMessage } from "@web/lib/api";
import { maxLengthOf, useSchemaForm } from "@web/lib/forms";
import { toast } from "@web/lib/use-toast";

const fields = updatePlaylistSchema.shape;

function RenameDialog({
  playlist,
  open,
  onOpenChange,
  onSave,
}: {
  playlist: Playlist;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSave: (changes: { name: string; description: string }) => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm(updatePlaylistSchema, { defaultValues: { name: playlist.name, description: playlist.description ?? "" } });
  const handleSave = (changes: UpdatePlaylist) => onSave({ name: changes.name ?? playlist.name, description: changes.description ?? "" });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={handleSubmit(handleSave)} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Edit Playlist</DialogTitle>
            <DialogDescription>Change the name or description.</DialogDescription>
          </DialogHeader>
          <Field
            id="rename-name"
            label="Name"
            error={errors.name?.message}
            controlProps={{ maxLength: maxLengthOf(fields.name), ...register("name") }}
          />
          <Field
            id="rename-description"
            label="Description (optional)"
            error={errors.description?.message}
            controlProps={{ maxLength: maxLengthOf(fields.description), ...register("description") }}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit">Save</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** /playlists/{id}: one playlist's items in order; its owner renames, reorders, removes and deletes. */
export function PlaylistPage() {
  const { id } = useParams<{ id: string }>();
  const [, navigate] = useLocation();
  const { user } = useAuth();
  const player = usePlayer();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const key = ["/api/playlists", Number(id)] as const;
  const validId = /^\d+$/.test(id ?? "");
  const playlist = useQuery<Playlist>({ queryKey: key, enabled: validId });
  const change = useMutation({
    mutationFn: ({ method, url, body }: { method: string; url: string; body?: unknown }) => apiRequest(method, url, body),
    onSuccess: async (response, { method, url }) => {
      if (method === "DELETE" && url === `/api/playlists/${id}`) {
        toast({ title: "Playlist Deleted", description: `${playlist.data?.name} was deleted.` });
        navigate("/playlists");
      } else {
        queryClient.setQueryData(key, (await response.json()) as Playlist);
      }
      return invalidateMedia(queryClient);
    },
    onError: (error) =>
      toast({ title: "Error", description: errorMessage(error, "Could not change the playlist."), variant: "destructive" }),
  });

  if (playlist.isLoading) return <Skeleton className="h-64 w-full" />;
  if (!playlist.data) {
    const missing = !validId || (playlist.error instanceof ApiRequestError && playlist.error.status === 404);
    if (!missing) {
      return (
        <ErrorState title="The playlist could not be loaded." onRetry={() => void playlist.refetch()} retrying={playlist.isFetching} />
      );
    }
    return (
      <EmptyState
        icon={<ListMusic />}
        title="Playlist Not Found"
        action={
          <Button asChild>
            <Link href="/playlists">Back to Playlists</Link>
          </Button>
        }
      >
        This playlist doesn't exist or may have been deleted.
      </EmptyState>
    );
  }
  const data = playlist.data;
  const own = user?.id === data.userId;
  const items = data.playlistItems;
  const queue = items.map((item) => toTrack(item.media));
  const move = (index: number, delta: number) => {
    const order = items.map((item) => item.id);
    const [moved] = order.splice(index, 1);
    if (moved === undefined) return;
    order.splice(index + delta, 0, moved);
    change.mutate({ method: "PUT", url: `/api/playlists/${data.id}/items/order`, body: { itemIds: order } });
  };
  const remove = (index: number) => {
    const entry = items[index];
    if (entry) change.mutate({ method: "DELETE", url: `/api/playlists/${data.id}/items/${entry.id}` });
  };

  return (
    <>
      <Link href="/playlists" className="mb-4 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" />
        Playlists
      </Link>
      <PageHeader
        title={data.name}
        icon={ListMusic}
        description={`${data.description ? `${data.description} · ` : ""}${items.length} ${items.length === 1 ? "song" : "songs"} · ${formatDuration(items.reduce((sum, item) => sum + item.media.duration, 0))}`}
        actions={
          <>
            <Button disabled={items.length === 0} onClick={() => queue[0] && player.playTrack(queue[0], queue)}>
              <Play className="fill-current" aria-hidden="true" />
              Play All
            </Button>
            {own ? (
              <>
                <Button variant="outline" onClick={() => setEditing(true)}>
                  <Pencil aria-hidden="true" />
                  Edit
                </Button>
                <Button
                  variant="outline"
                  onClick={() => {
                    if (window.confirm(`Delete the playlist “${data.name}”?`))
                      change.mutate({ method: "DELETE", url: `/api/playlists/${data.id}` });
                  }}
                >
                  <Trash2 aria-hidden="true" />
                  Delete
                </Button>
              </>
            ) : null}
          </>
        }
      />
      {items.length === 0 ? (
        <EmptyState
          icon={<ListMusic />}
          title="This playlist is empty"
          action={
            <Button asChild>
              <Link href="/music">Browse Music</Link>
            </Button>
          }
        >
          Use Add to Playlist in the menu of any song, sermon or podcast.
        </EmptyState>
      ) : (
        <MediaList
          items={items.map((item) => item.media)}
          label={`Songs in ${data.name}`}
          extra={
            own
              ? (item, index) => (
                  <div className="mt-1 flex gap-1">
                    <Button
                      variant="ghost"
                      size="sm"
                      className="h-7 px-2"
                      disabled={index === 0 || change.isPending}
                      onClick={() => move(index, -1)}
                      aria-label={`Move ${item.title} up`}
                    >
                      <ArrowUp aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="h-7 px-2"
                      disabled={index === items.length - 1 || change.isPending}
                      onClick={() => move(index, 1)}
                      aria-label={`Move ${item.title} down`}
                    >
                      <ArrowDown aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="h-7 px-2"
                      disabled={change.isPending}
                      onClick={() => remove(index)}
                      aria-label={`Remove ${item.title} from the playlist`}
                    >
                      <X aria-hidden="true" />
                      Remove
                    </Button>
                  </div>
                )
              : undefined
          }
        />
      )}
      {editing ? (
        <RenameDialog
          playlist={data}
          open
          onOpenChange={setEditing}
          onSave={(changes) => {
            setEditing(false);
            change.mutate({ method: "PATCH", url: `/api/playlists/${data.id}`, body: changes });
          }}
        />
      ) : null}
    </>
  );
}
