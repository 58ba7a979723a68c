import { useEffect, useRef } from "react";
import { MicOff, VideoOff } from "lucide-react";
import { UserAvatar } from "@web/components/ui/avatar";
import { cn } from "@web/lib/utils";

type VideoTileProps = {
  stream: MediaStream | null;
  name: string;
  isLocal: boolean;
  isHost: boolean;
  video: boolean;
  audio: boolean;
};

/** One member in the video grid: their video (or avatar when the camera is off), name, Host, and muted marks. */
export function VideoTile({ stream, name, isLocal, isHost, video, audio }: VideoTileProps) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  const showVideo = Boolean(stream) && video;
  return (
    <figure
      className="relative flex aspect-video items-center justify-center overflow-hidden rounded-xl bg-neutral-900"
      data-testid="video-tile"
      data-user={name}
      data-camera={video ? "on" : "off"}
      data-microphone={audio ? "on" : "off"}
    >
      <video
        ref={ref}
        autoPlay
        playsInline
        muted={isLocal}
        className={cn("size-full object-cover", !showVideo && "hidden")}
        aria-label={`${name}'s video`}
      />
      {!showVideo ? <UserAvatar displayName={name} size="lg" /> : null}
      <figcaption className="absolute bottom-2 left-2 flex items-center gap-1.5 rounded-md bg-black/60 px-2 py-1 text-xs text-white">
        {isLocal ? `${name} (You)` : name}
        {isHost ? <span className="font-semibold">· Host</span> : null}
        {!audio ? <MicOff className="size-3.5" aria-label="Microphone off" role="img" /> : null}
        {!video ? <VideoOff className="size-3.5" aria-label="Camera off" role="img" /> : null}
      </figcaption>
    </figure>
  );
}
