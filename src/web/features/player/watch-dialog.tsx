import { useEffect, useRef, useState } from "react";
import { formatCount } from "@shared/format";
import type { MediaItem } from "@shared/contracts/content";
import { relativeTime } from "@web/lib/relative-time";
import { messages } from "@shared/messages";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Label } from "@web/components/ui/label";
import { useAuth } from "@web/features/auth/use-auth";
import { toast } from "@web/lib/use-toast";
import { LikeButton, MediaMenu, ShareButton } from "./media-actions";
import { recordPlay, savePosition } from "./media-api";
import { usePlayer } from "./player-provider";
import { PLAYBACK_RATES, startPosition } from "./track";

/**
 * Watching a sermon: the video (or, for an audio sermon, the audio with its artwork) with playback speed,
 * resuming where the member stopped. The app's audio player pauses while it plays.
 */
export function WatchDialog({ item, open, onOpenChange }: { item: MediaItem; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { user } = useAuth();
  const player = usePlayer();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [rate, setRate] = useState(1);
  const counted = useRef(false);
  const isVideo = item.mimeType.startsWith("video/");

  useEffect(() => {
    if (videoRef.current) videoRef.current.playbackRate = rate;
  }, [rate]);

  const save = () => {
    const video = videoRef.current;
    if (user && video && counted.current) savePosition(item.id, video.ended ? 0 : video.currentTime);
  };

  const handleOpenChange = (next: boolean) => {
    if (!next) save();
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent className="max-w-3xl gap-3 p-4 sm:p-6">
        <DialogHeader>
          <DialogTitle>{item.title}</DialogTitle>
          <DialogDescription>
            {item.artist} · {relativeTime(item.createdAt)} · {formatCount(item.playCount)} views
          </DialogDescription>
        </DialogHeader>
        <video
          ref={videoRef}
          src={item.mediaUrl}
          poster={item.thumbnailUrl ?? undefined}
          controls
          autoPlay
          playsInline
          preload="metadata"
          aria-label={`${isVideo ? "Video" : "Audio"}: ${item.title}`}
          className="aspect-video w-full rounded-lg bg-black"
          data-testid="sermon-video"
          onLoadedMetadata={(event) => {
            const position = startPosition({
              resumePosition: item.resumePosition,
              duration: event.currentTarget.duration || item.duration,
            });
            if (position) event.currentTarget.currentTime = position;
            event.currentTarget.playbackRate = rate;
          }}
          onPlay={(event) => {
            player.pause();
            if (!counted.current) {
              counted.current = true;
              recordPlay(item.id, event.currentTarget.currentTime || undefined);
            }
          }}
          onPause={save}
          onError={() => toast({ title: messages.playbackErrorTitle, description: messages.playbackError, variant: "destructive" })}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex items-center gap-2">
            <Label htmlFor={`watch-speed-${item.id}`} className="text-sm">
              Playback speed
            </Label>
            <select
              id={`watch-speed-${item.id}`}
              value={rate}
              onChange={(event) => setRate(Number(event.target.value))}
              className="h-9 rounded-md border border-input bg-background px-2 text-sm"
            >
              {PLAYBACK_RATES.map((value) => (
                <option key={value} value={value}>
                  {value}×
                </option>
              ))}
            </select>
          </div>
          <div className="flex items-center gap-1">
            <LikeButton item={item} />
            <ShareButton item={item} />
            <MediaMenu item={item} />
          </div>
        </div>
        {item.description ? <p className="text-sm text-muted-foreground">{item.description}</p> : null}
      </DialogContent>
    </Dialog>
  );
}
