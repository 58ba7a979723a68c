import { lazy, useEffect } from "react";
import { ChevronDown, Pause, Play, SkipBack, SkipForward, Volume2, VolumeX } from "lucide-react";
import { PLAYER_SEEK_STEP, PLAYER_VOLUME_STEP } from "@shared/constants";
import { formatDuration } from "@shared/format";
import { Button } from "@web/components/ui/button";
import { Slider } from "@web/components/ui/slider";
import { cn } from "@web/lib/utils";
import { AlbumArt } from "./album-art";
import { usePlayer } from "./player-provider";
import type { Track } from "./track";
import { BrowserSuspense } from "@web/components/ui/browser-suspense";

// Radix's select is the largest part of the player: it loads after the first paint, behind a box of the same size.
const SpeedSelectMenu = lazy(async () => ({ default: (await import("./speed-select")).SpeedSelectMenu }));

/** The playback speed menu (spec §4). */
export function SpeedSelect({ className }: { className?: string }) {
  const player = usePlayer();
  return (
    <BrowserSuspense
      fallback={
        <span
          className={cn(
            "flex h-8 w-20 items-center justify-between gap-2 rounded-md border border-input bg-background px-3 py-2 text-sm",
            className,
          )}
          aria-hidden="true"
        >
          {player.rate}×
          <ChevronDown className="size-4 opacity-60" />
        </span>
      }
    >
      <SpeedSelectMenu className={className} />
    </BrowserSuspense>
  );
}

/**
 * The audio player of spec §4, showing the app's one player. When it plays another track (or nothing),
 * it shows `track` cued: pressing play starts it with `queue`. Compact mode: play button, seek bar and time only.
 */
export function AudioPlayer({
  track,
  queue,
  compact = false,
  className,
}: {
  track?: Track | null;
  queue?: Track[];
  compact?: boolean;
  className?: string;
}) {
  const player = usePlayer();
  const { registerInlinePlayer } = player;
  const current = player.current;
  const currentBelongsHere = current !== null && (!queue || queue.some((item) => item.id === current.id) || track?.id === current.id);
  const shown = currentBelongsHere ? current : (track ?? current);
  const isCurrent = shown !== null && shown !== undefined && current?.id === shown.id;
  // While this player shows what is playing, the bottom bar steps aside.
  useEffect(() => (!compact && isCurrent ? registerInlinePlayer() : undefined), [compact, isCurrent, registerInlinePlayer]);
  const playing = isCurrent && player.isPlaying;
  const time = isCurrent ? player.currentTime : 0;
  const duration = isCurrent ? player.duration || shown.duration : (shown?.duration ?? 0);

  const handleToggle = () => {
    if (!shown) return;
    if (isCurrent) player.toggle();
    else player.playTrack(shown, queue);
  };

  const playButton = (
    <Button
      size="icon"
      className="size-11 shrink-0 rounded-full"
      onClick={handleToggle}
      disabled={!shown}
      aria-label={playing ? "Pause" : "Play"}
    >
      {playing ? <Pause className="fill-current" aria-hidden="true" /> : <Play className="fill-current" aria-hidden="true" />}
    </Button>
  );
  const seekBar = (
    <Slider
      aria-label="Seek"
      min={0}
      max={Math.max(duration, 0.1)}
      step={PLAYER_SEEK_STEP}
      value={[Math.min(time, duration)]}
      onValueChange={([value]) => isCurrent && value !== undefined && player.seek(value)}
      disabled={!isCurrent}
    />
  );
  const times = (
    <span className="shrink-0 text-xs text-muted-foreground tabular-nums" data-testid="player-time">
      {formatDuration(time)} / {formatDuration(duration)}
    </span>
  );

  if (compact) {
    return (
      <div className={cn("flex items-center gap-3", className)} data-testid="audio-player">
        {playButton}
        {seekBar}
        {times}
      </div>
    );
  }

  const hasQueue = isCurrent && player.queue.length > 1;
  return (
    <div className={cn("flex flex-col gap-4 rounded-xl border border-border bg-card p-4 sm:p-5", className)} data-testid="audio-player">
      <div className="flex items-center gap-4">
        <AlbumArt src={shown?.albumArt ?? null} sizes="5rem" className="size-16 sm:size-20" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold" data-testid="player-title">
            {shown?.title ?? "Nothing playing"}
          </p>
          <p className="truncate text-sm text-muted-foreground">{shown?.artist ?? "Choose a track to listen"}</p>
        </div>
      </div>
      <div className="flex items-center gap-3">
        {seekBar}
        {times}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Button
            variant="ghost"
            size="icon"
            onClick={player.previous}
            disabled={!hasQueue || player.index === 0}
            aria-label="Previous track"
          >
            <SkipBack aria-hidden="true" />
          </Button>
          {playButton}
          <Button
            variant="ghost"
            size="icon"
            onClick={player.next}
            disabled={!hasQueue || player.index >= player.queue.length - 1}
            aria-label="Next track"
          >
            <SkipForward aria-hidden="true" />
          </Button>
        </div>
        <div className="flex items-center gap-2">
          <SpeedSelect />
          <Button
            variant="ghost"
            size="icon"
            onClick={() => player.setVolume(player.volume > 0 ? 0 : 0.7)}
            aria-label={player.volume > 0 ? "Mute" : "Unmute"}
          >
            {player.volume > 0 ? <Volume2 aria-hidden="true" /> : <VolumeX aria-hidden="true" />}
          </Button>
          <Slider
            aria-label="Volume"
            className="w-24"
            min={0}
            max={1}
            step={PLAYER_VOLUME_STEP}
            value={[player.volume]}
            onValueChange={([value]) => value !== undefined && player.setVolume(value)}
          />
        </div>
      </div>
    </div>
  );
}
