import { lazy, useState, type ReactElement } from "react";
import { Download, Flag, ListPlus, Star, WifiOff } from "lucide-react";
import type { MediaItem } from "@shared/contracts/content";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@web/components/ui/dropdown-menu";
import { useAuth } from "@web/features/auth/use-auth";
import { canDownload, saveDownload } from "@web/features/downloads/downloads";
import { toast } from "@web/lib/use-toast";
import { cn } from "@web/lib/utils";
import { signInToast, useToggleFavorite } from "./media-api";
import { BrowserSuspense } from "@web/components/ui/browser-suspense";

// The menu's dialogs hold forms validated by the contract (zod): loaded on first use, off the first page's path.
const AddToPlaylistDialog = lazy(async () => ({
  default: (await import("@web/features/playlists/add-to-playlist-dialog")).AddToPlaylistDialog,
}));
const ReportDialog = lazy(async () => ({ default: (await import("./report-dialog")).ReportDialog }));

/** Keeps a sermon or episode on this device for offline listening (Cache Storage; listed on /downloads). */
async function saveForOffline(item: MediaItem) {
  toast({ title: "Downloading…", description: item.title });
  try {
    await saveDownload(item);
    toast({ title: "Saved for offline", description: `${item.title} is in your Downloads.` });
  } catch {
    toast({ title: "Error", description: "Could not save it for offline listening.", variant: "destructive" });
  }
}

/** The item menu: Add to Playlist, Add to Favorites, Download and Report, each doing what it says. */
export function MediaMenuDropdown({ item, trigger }: { item: MediaItem; trigger: ReactElement }) {
  const { user } = useAuth();
  const [dialog, setDialog] = useState<"playlist" | "report" | null>(null);
  const favorite = useToggleFavorite();
  const requireMember = (action: string, then: () => void) => (user ? then() : signInToast(action));
  return (
    <>
      <DropdownMenu defaultOpen>
        <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => requireMember("add to playlists", () => setDialog("playlist"))}>
            <ListPlus aria-hidden="true" />
            Add to Playlist
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => requireMember("save favorites", () => favorite.mutate({ item, favorite: !item.favorited }))}>
            <Star aria-hidden="true" className={cn(item.favorited && "fill-amber-400 text-amber-500")} />
            {item.favorited ? "Remove from Favorites" : "Add to Favorites"}
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <a href={`${item.mediaUrl}?download=1`} download>
              <Download aria-hidden="true" />
              Download
            </a>
          </DropdownMenuItem>
          {item.type !== "song" && canDownload() ? (
            <DropdownMenuItem onSelect={() => requireMember("save for offline listening", () => void saveForOffline(item))}>
              <WifiOff aria-hidden="true" />
              Save for Offline
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => requireMember("report content", () => setDialog("report"))}>
            <Flag aria-hidden="true" />
            Report
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {dialog ? (
        <BrowserSuspense fallback={null}>
          {dialog === "playlist" ? (
            <AddToPlaylistDialog item={item} open onOpenChange={(open) => setDialog(open ? "playlist" : null)} />
          ) : (
            <ReportDialog item={item} open onOpenChange={(open) => setDialog(open ? "report" : null)} />
          )}
        </BrowserSuspense>
      ) : null}
    </>
  );
}
