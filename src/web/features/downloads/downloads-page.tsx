import { useState, useSyncExternalStore } from "react";
import { Download, Play, Trash2, WifiOff } from "lucide-react";
import { formatDuration } from "@shared/format";
import { PageHeader } from "@web/components/layout/page-header";
import { Button } from "@web/components/ui/button";
import { EmptyState } from "@web/components/ui/empty-state";
import { AlbumArt } from "@web/features/player/album-art";
import { usePlayer } from "@web/features/player/player-provider";
import type { Track } from "@web/features/player/track";
import { toast } from "@web/lib/use-toast";
import { type SavedDownload, formatBytes, listDownloads, removeDownload, subscribeDownloads } from "./downloads";

const toTrack = (saved: SavedDownload): Track => ({
  id: saved.id,
  title: saved.title,
  artist: saved.artist,
  albumArt: saved.thumbnailUrl,
  audioSrc: saved.mediaUrl,
  duration: saved.duration,
  isVideo: saved.mimeType.startsWith("video/"),
});

const none: SavedDownload[] = [];
const noDownloads = () => none;

/** /downloads: the sermons and episodes kept on this device for offline listening, with their sizes. */
export function DownloadsPage() {
  // The server's render of the page knows nothing this device keeps.
  const downloads = useSyncExternalStore(subscribeDownloads, listDownloads, noDownloads);
  const player = usePlayer();
  const [removing, setRemoving] = useState<number | null>(null);
  const total = downloads.reduce((sum, saved) => sum + saved.size, 0);
  const queue = downloads.map(toTrack);

  const handleRemove = async (saved: SavedDownload) => {
    setRemoving(saved.id);
    try {
      await removeDownload(saved);
      toast({ title: "Download removed", description: `${saved.title} is no longer on this device.` });
    } catch {
      toast({ title: "Error", description: "Could not remove the download.", variant: "destructive" });
    } finally {
      setRemoving(null);
    }
  };

  return (
    <>
      <PageHeader
        title="Downloads"
        icon={Download}
        description={
          downloads.length > 0
            ? `Kept on this device for listening offline: ${downloads.length} ${downloads.length === 1 ? "item" : "items"}, ${formatBytes(total)}.`
            : "Sermons and episodes you download play here even without a connection."
        }
      />
      {downloads.length === 0 ? (
        <EmptyState icon={<WifiOff />} title="No downloads yet">
          Choose Save for Offline in a sermon's or episode's menu to keep it on this device.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-border rounded-xl border border-border bg-card" aria-label="Downloaded items">
          {downloads.map((saved, index) => (
            <li key={saved.id} className="flex items-center gap-3 p-3">
              <Button
                variant="secondary"
                size="icon"
                className="size-10 rounded-full"
                aria-label={`Play ${saved.title}`}
                onClick={() => player.playTrack(queue[index]!, queue)}
              >
                <Play aria-hidden="true" />
              </Button>
              <AlbumArt src={saved.thumbnailUrl} className="hidden size-12 sm:flex" />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{saved.title}</p>
                <p className="truncate text-sm text-muted-foreground">
                  {saved.artist} · {formatDuration(saved.duration)} · <span>{formatBytes(saved.size)}</span>
                </p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                disabled={removing === saved.id}
                aria-label={`Remove ${saved.title}`}
                onClick={() => void handleRemove(saved)}
              >
                <Trash2 aria-hidden="true" />
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
