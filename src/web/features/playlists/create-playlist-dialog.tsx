import { useState, type FormEvent, type ReactNode } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createPlaylistSchema, type Playlist } from "@shared/contracts/playlists";
import { messages } from "@shared/messages";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Input } from "@web/components/ui/input";
import { FieldError, Label } from "@web/components/ui/label";
import { useAuth } from "@web/features/auth/use-auth";
import { invalidateMedia } from "@web/features/player/media-api";
import { apiJson, errorMessage } from "@web/lib/api";
import { toast } from "@web/lib/use-toast";

export function useCreatePlaylist(onCreated?: (playlist: Playlist) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; description?: string; mediaId?: number }) =>
      apiJson<Playlist>("POST", "/api/playlists", { name: input.name, description: input.description || null }).then(async (playlist) =>
        input.mediaId ? apiJson<Playlist>("POST", `/api/playlists/${playlist.id}/items`, { mediaId: input.mediaId }) : playlist,
      ),
    onSuccess: (playlist) => {
      toast({ title: "Playlist Created", description: `${playlist.name} is ready.` });
      onCreated?.(playlist);
      return invalidateMedia(queryClient);
    },
    onError: (error) =>
      toast({ title: "Error", description: errorMessage(error, "Could not create the playlist."), variant: "destructive" }),
  });
}

/** The Create Playlist form in a dialog; `trigger` opens it. Visitors are asked to sign in. */
export function CreatePlaylistDialog({
  trigger,
  mediaId,
  open: controlledOpen,
  onOpenChange,
}: {
  trigger?: ReactNode;
  mediaId?: number;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const { user } = useAuth();
  const [uncontrolledOpen, setUncontrolledOpen] = useState(false);
  const open = controlledOpen ?? uncontrolledOpen;
  const setOpen = onOpenChange ?? setUncontrolledOpen;
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [error, setError] = useState<string>();
  const create = useCreatePlaylist(() => {
    setOpen(false);
    setName("");
    setDescription("");
  });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createPlaylistSchema.safeParse({ name, description });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    create.mutate({ name: parsed.data.name, description: parsed.data.description ?? undefined, mediaId });
  };

  const handleOpenChange = (next: boolean) => {
    if (next && !user) {
      toast({ title: messages.signInRequired, description: "Please sign in to create playlists.", variant: "destructive" });
      return;
    }
    setOpen(next);
  };

  return (
    <>
      {trigger ? (
        <span
          onClickCapture={(event) => {
            event.preventDefault();
            handleOpenChange(true);
          }}
        >
          {trigger}
        </span>
      ) : null}
      <Dialog open={open} onOpenChange={handleOpenChange}>
        <DialogContent>
          <form onSubmit={handleSubmit} className="grid gap-4" noValidate>
            <DialogHeader>
              <DialogTitle>Create Playlist</DialogTitle>
              <DialogDescription>Collect songs, sermons and podcasts to play in order.</DialogDescription>
            </DialogHeader>
            <div className="grid gap-2">
              <Label htmlFor="playlist-name">Name</Label>
              <Input
                id="playlist-name"
                value={name}
                onChange={(event) => setName(event.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "playlist-name-error" : undefined}
                maxLength={100}
                autoFocus
              />
              <FieldError id="playlist-name-error" message={error} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="playlist-description">Description (optional)</Label>
              <Input
                id="playlist-description"
                value={description}
                onChange={(event) => setDescription(event.target.value)}
                maxLength={500}
              />
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? "Creating..." : "Create Playlist"}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
