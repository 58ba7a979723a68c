import { lazy, useState, type ReactNode } from "react";
import { messages } from "@shared/messages";
import { useAuth } from "@web/features/auth/use-auth";
import { toast } from "@web/lib/use-toast";
import { BrowserSuspense } from "@web/components/ui/browser-suspense";

// The form is validated by the contract (zod): it loads on the first click, off the page's first paint.
const CreatePlaylistDialog = lazy(async () => ({ default: (await import("./create-playlist-dialog")).CreatePlaylistDialog }));

/** Visitors are asked to sign in before creating a playlist. */
export function signInToCreatePlaylist() {
  toast({ title: messages.signInRequired, description: "Please sign in to create playlists.", variant: "destructive" });
}

/** `trigger` opens the Create Playlist dialog, whose code loads on that first click. */
export function LazyCreatePlaylistDialog({ trigger }: { trigger: ReactNode }) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  return (
    <>
      <span
        onClickCapture={(event) => {
          event.preventDefault();
          if (user) setOpen(true);
          else signInToCreatePlaylist();
        }}
      >
        {trigger}
      </span>
      {open ? (
        <BrowserSuspense fallback={null}>
          <CreatePlaylistDialog open onOpenChange={setOpen} />
        </BrowserSuspense>
      ) : null}
    </>
  );
}
