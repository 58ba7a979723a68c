import { Pause, Play, SkipBack, SkipForward, Volume2, X } from "lucide-react";
import { PLAYER_SEEK_STEP, PLAYER_VOLUME_STEP } from "@shared/constants";
import { formatDuration } from "@shared/format";
import { Button } from "@web/components/ui/button";
import { Slider } from "@web/components/ui/slider";
import { AlbumArt } from "./album-art";
import { SpeedSelect } from "./audio-player";
import { usePlayer } from "./player-provider";

/** The player bar that stays at the bottom of every page while something is loaded. */
export function GlobalPlayer() {
  const player = usePlayer();
  const track = player.current;
  if (!track || player.inlinePlayers > 0) return null;
  const duration = player.duration || track.duration;
  return (
    <>
      {/* Keeps the footer clear of the fixed bar. */}
      <div aria-hidden="true" className="h-28 sm:h-20" />
      <section
        aria-label="Now playing"
        className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-card/95 px-3 py-2 shadow-[0_-4px_16px_rgba(0,0,0,0.08)] backdrop-blur md:left-64 sm:px-4"
      >
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 sm:flex-nowrap">
          <div className="flex min-w-0 flex-1 items-center gap-3 sm:w-64 sm:flex-none">
            <AlbumArt src={track.albumArt} className="size-11" />
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold" data-testid="now-playing-title">
                {track.title}
              </p>
              <p className="truncate text-xs text-muted-foreground">{track.artist}</p>
            </div>
          </div>
          <div className="flex items-center gap-1">
            <Button
              variant="ghost"
              size="icon"
              onClick={player.previous}
              disabled={player.queue.length < 2 && player.currentTime < 3}
              aria-label="Previous track"
            >
              <SkipBack aria-hidden="true" />
            </Button>
            <Button size="icon" className="rounded-full" onClick={player.toggle} aria-label={player.isPlaying ? "Pause" : "Play"}>
              {player.isPlaying ? (
                <Pause className="fill-current" aria-hidden="true" />
              ) : (
                <Play className="fill-current" aria-hidden="true" />
              )}
            </Button>
            <Button
              variant="ghost"
              size="icon"
              onClick={player.next}
              disabled={player.index >= player.queue.length - 1}
              aria-label="Next track"
            >
              <SkipForward aria-hidden="true" />
            </Button>
          </div>
          <div className="order-last flex w-full items-center gap-2 sm:order-none sm:flex-1">
            <span className="text-xs text-muted-foreground tabular-nums" data-testid="now-playing-time">
              {formatDuration(player.currentTime)}
            </span>
            <Slider
              aria-label="Seek"
              min={0}
              max={Math.max(duration, 0.1)}
              step={PLAYER_SEEK_STEP}
              value={[Math.min(player.currentTime, duration)]}
              onValueChange={([value]) => value !== undefined && player.seek(value)}
            />
            <span className="text-xs text-muted-foreground tabular-nums">{formatDuration(duration)}</span>
          </div>
          <div className="hidden items-center gap-2 lg:flex">
            <SpeedSelect />
            <Volume2 className="size-4 text-muted-foreground" aria-hidden="true" />
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
          <Button variant="ghost" size="icon" onClick={player.close} aria-label="Close player">
            <X aria-hidden="true" />
          </Button>
        </div>
      </section>
    </>
  );
}
