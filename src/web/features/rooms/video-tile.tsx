import { useEffect, useRef } from "react";
import { Hand, MicOff, MonitorUp, Signal, SignalHigh, SignalLow, SignalMedium, VideoOff } from "lucide-react";
import { UserAvatar } from "@web/components/ui/avatar";
import { cn } from "@web/lib/utils";
import type { ConnectionQuality } from "./call-stats";

type VideoTileProps = {
  stream: MediaStream | null;
  name: string;
  isLocal: boolean;
  isHost: boolean;
  video: boolean;
  audio: boolean;
  handRaised?: boolean;
  screenSharing?: boolean;
  /** The link's quality, for another member's tile. */
  quality?: ConnectionQuality;
  /** The active speaker's tile is outlined. */
  speaking?: boolean;
  /** The speaker view's stage tile, or a small one in its strip. */
  size?: "grid" | "stage" | "strip";
};

const qualityMarks = {
  good: { Icon: SignalHigh, className: "text-emerald-400" },
  fair: { Icon: SignalMedium, className: "text-amber-400" },
  poor: { Icon: SignalLow, className: "text-red-400" },
  unknown: { Icon: Signal, className: "text-neutral-400" },
} as const;

/** One member in the video grid: their video (or avatar when the camera is off), name, Host, hand, and muted marks. */
export function VideoTile({
  stream,
  name,
  isLocal,
  isHost,
  video,
  audio,
  handRaised,
  screenSharing,
  quality,
  speaking,
  size = "grid",
}: VideoTileProps) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  // A shared screen is shown even with the camera off.
  const showVideo = Boolean(stream) && (video || Boolean(screenSharing));
  const mark = quality ? qualityMarks[quality] : null;
  return (
    <figure
      className={cn(
        "relative flex items-center justify-center overflow-hidden rounded-xl bg-neutral-900 ring-offset-2 ring-offset-background",
        // On a phone the grid's two columns are narrow: portrait tiles (as phone cameras film) fill the screen instead
        // of two thin strips with empty space around them.
        size === "grid" ? "aspect-[3/4] sm:aspect-video" : "aspect-video",
        speaking && "ring-3 ring-primary",
        size === "strip" && "w-48 shrink-0",
      )}
      data-testid="video-tile"
      data-user={name}
      data-camera={video ? "on" : "off"}
      data-microphone={audio ? "on" : "off"}
      data-hand={handRaised ? "raised" : "down"}
      data-screen={screenSharing ? "on" : "off"}
      data-quality={quality}
      data-speaking={speaking ? "true" : "false"}
      data-size={size}
    >
      <video
        ref={ref}
        autoPlay
        playsInline
        muted={isLocal}
        className={cn("size-full", screenSharing ? "object-contain" : "object-cover", !showVideo && "hidden")}
        aria-label={`${name}'s video`}
      />
      {!showVideo ? <UserAvatar displayName={name} size={size === "strip" ? "md" : "lg"} /> : null}
      {handRaised ? (
        <span className="absolute top-2 left-2 flex items-center gap-1 rounded-md bg-amber-400 px-2 py-1 text-xs font-semibold text-black">
          <Hand className="size-3.5" aria-hidden="true" />
          Hand raised
        </span>
      ) : null}
      {mark ? (
        <span className={cn("absolute top-2 right-2 rounded-md bg-black/60 p-1", mark.className)}>
          <mark.Icon className="size-4" role="img" aria-label={`Connection ${quality}`} />
        </span>
      ) : null}
      <figcaption className="absolute bottom-2 left-2 flex items-center gap-1.5 rounded-md bg-black/60 px-2 py-1 text-xs text-white">
        {isLocal ? `${name} (You)` : name}
        {isHost ? <span className="font-semibold">· Host</span> : null}
        {screenSharing ? <MonitorUp className="size-3.5" aria-label="Sharing screen" role="img" /> : null}
        {!audio ? <MicOff className="size-3.5" aria-label="Microphone off" role="img" /> : null}
        {!video ? <VideoOff className="size-3.5" aria-label="Camera off" role="img" /> : null}
      </figcaption>
    </figure>
  );
}
