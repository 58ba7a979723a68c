import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, ListPlus, Plus } from "lucide-react";
import type { MediaItem } from "@shared/contracts/content";
import type { Playlist } from "@shared/contracts/playlists";
import { messages } from "@shared/messages";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { QueryState } from "@web/components/ui/query-state";
import { SkeletonList } from "@web/components/ui/skeleton";
import { invalidateMedia } from "@web/features/player/media-api";
import { callRoute, errorMessage, routeQuery } from "@web/lib/api";
import { toast } from "@web/lib/use-toast";
import { CreatePlaylistDialog } from "./create-playlist-dialog";

/** Chooses one of the member's playlists for an item, or creates a new one with it. */
export function AddToPlaylistDialog({
  item,
  open,
  onOpenChange,
}: {
  item: MediaItem;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const playlists = useQuery({ ...routeQuery("GET /api/playlists"), enabled: open });
  const add = useMutation({
    mutationFn: (playlist: Playlist) =>
      callRoute("POST /api/playlists/:id/items", { params: { id: playlist.id }, body: { mediaId: item.id } }),
    onSuccess: (playlist) => {
      toast({ title: messages.addToPlaylistTitle, description: `${item.title} was added to ${playlist.name}.` });
      onOpenChange(false);
      return invalidateMedia(queryClient);
    },
    onError: (error) =>
      toast({ title: "Error", description: errorMessage(error, "Could not add to the playlist."), variant: "destructive" }),
  });

  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Add to Playlist</DialogTitle>
            <DialogDescription>Choose a playlist for “{item.title}”.</DialogDescription>
          </DialogHeader>
          <QueryState
            query={playlists}
            loading={<SkeletonList count={3} itemClassName="h-12 w-full" />}
            error="Your playlists could not be loaded."
            isEmpty={(list) => list.length === 0}
            empty={<p className="text-sm text-muted-foreground">You have no playlists yet.</p>}
          >
            {(list) => (
              <ul className="grid max-h-72 gap-2 overflow-y-auto">
                {list.map((playlist) => {
                  const contains = playlist.playlistItems.some((entry) => entry.media.id === item.id);
                  return (
                    <li key={playlist.id}>
                      <Button
                        variant="outline"
                        className="h-auto w-full justify-between py-3"
                        disabled={contains || add.isPending}
                        onClick={() => add.mutate(playlist)}
                      >
                        <span className="flex min-w-0 items-center gap-2">
                          <ListPlus aria-hidden="true" />
                          <span className="truncate">{playlist.name}</span>
                        </span>
                        <span className="flex items-center gap-1 text-xs text-muted-foreground">
                          {contains ? <Check aria-hidden="true" /> : null}
                          {contains ? "Added" : `${playlist.playlistItems.length} items`}
                        </span>
                      </Button>
                    </li>
                  );
                })}
              </ul>
            )}
          </QueryState>
          <Button
            variant="secondary"
            onClick={() => {
              onOpenChange(false);
              setCreating(true);
            }}
          >
            <Plus aria-hidden="true" />
            New Playlist
          </Button>
        </DialogContent>
      </Dialog>
      <CreatePlaylistDialog open={creating} onOpenChange={setCreating} mediaId={item.id} />
    </>
  );
}
