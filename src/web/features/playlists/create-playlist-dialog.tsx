import { type ReactNode, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type CreatePlaylist, type Playlist, createPlaylistSchema } from "@shared/contracts/playlists";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Field } from "@web/components/ui/form-field";
import { useAuth } from "@web/features/auth/use-auth";
import { invalidateMedia } from "@web/features/player/media-api";
import { callRoute, errorMessage } from "@web/lib/api";
import { maxLengthOf, useSchemaForm } from "@web/lib/forms";
import { toast } from "@web/lib/use-toast";
import { signInToCreatePlaylist } from "./lazy-create-playlist-dialog";

const fields = createPlaylistSchema.shape;

export function useCreatePlaylist(onCreated?: (playlist: Playlist) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; description?: string | null; mediaId?: number }) =>
      callRoute("POST /api/playlists", { body: { name: input.name, description: input.description || null } }).then(async (playlist) =>
        input.mediaId
          ? callRoute("POST /api/playlists/:id/items", { params: { id: playlist.id }, body: { mediaId: input.mediaId } })
          : playlist,
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
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useSchemaForm(createPlaylistSchema, { defaultValues: { name: "", description: "" } });
  const create = useCreatePlaylist(() => {
    setOpen(false);
    reset();
  });

  const handleCreate = ({ name, description }: CreatePlaylist) => create.mutate({ name, description, mediaId });

  const handleOpenChange = (next: boolean) => {
    if (next && !user) {
      signInToCreatePlaylist();
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
          <form onSubmit={handleSubmit(handleCreate)} className="grid gap-4" noValidate>
            <DialogHeader>
              <DialogTitle>Create Playlist</DialogTitle>
              <DialogDescription>Collect songs, sermons and podcasts to play in order.</DialogDescription>
            </DialogHeader>
            <Field
              id="playlist-name"
              label="Name"
              error={errors.name?.message}
              controlProps={{ maxLength: maxLengthOf(fields.name), autoFocus: true, ...register("name") }}
            />
            <Field
              id="playlist-description"
              label="Description (optional)"
              error={errors.description?.message}
              controlProps={{ maxLength: maxLengthOf(fields.description), ...register("description") }}
            />
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
