import { useEffect, useState } from "react";
import { Headphones, Users, Video } from "lucide-react";
import type { LiveBroadcast } from "@shared/contracts/streaming";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { liveLink, useLiveLink } from "@web/lib/live";

const HLS_TYPE = "application/vnd.apple.mpegurl";
/** How far a premiere viewer may drift from the shared position before the player seeks back to it, in seconds. */
const SYNC_TOLERANCE_S = 1;

/**
 * Plays a live HLS playlist through hls.js, loaded only when a stream is actually playing so no other page pays
 * for it, or natively where the browser has no Media Source Extensions (Safari on iPhone).
 */
function useHls(video: HTMLVideoElement | null, src: string) {
  const [failed, setFailed] = useState(false);
  const [latencyMs, setLatencyMs] = useState<number | null>(null);
  useEffect(() => {
    if (!video) return;
    setFailed(false);
    // hls.js wherever Media Source Extensions exist (it reads each segment's time, for the latency shown); the
    // browser's own HLS where they don't (Safari on iPhone).
    const hasMediaSource = typeof window.MediaSource !== "undefined" || "ManagedMediaSource" in window;
    if (!hasMediaSource && video.canPlayType(HLS_TYPE)) {
      video.src = src;
      void video.play().catch(() => undefined);
      return () => {
        video.removeAttribute("src");
        video.load();
      };
    }
    let destroyed = false;
    let destroy = () => {};
    void import("hls.js").then(({ default: Hls }) => {
      if (destroyed) return;
      if (!Hls.isSupported()) {
        setFailed(true);
        return;
      }
      // No worker: the page's Content-Security-Policy allows scripts from our own files only, not from blob: URLs.
      // Two segments behind the live edge; drifted past four (a stall, a paused tab), it plays faster to catch up.
      const hls = new Hls({
        enableWorker: false,
        liveSyncDurationCount: 2,
        liveMaxLatencyDurationCount: 4,
        maxLiveSyncPlaybackRate: 1.5,
        backBufferLength: 30,
      });
      hls.on(Hls.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        if (data.type === Hls.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
        else if (data.type === Hls.ErrorTypes.NETWORK_ERROR) hls.startLoad();
        else setFailed(true);
      });
      hls.loadSource(src);
      hls.attachMedia(video);
      hls.on(Hls.Events.MANIFEST_PARSED, () => void video.play().catch(() => undefined));
      // Each segment carries the time the server received it: how far the picture is behind the room.
      let playing: { programDateTime: number | null; start: number } | null = null;
      hls.on(Hls.Events.FRAG_CHANGED, (_event, { frag }) => (playing = frag));
      const timer = setInterval(() => {
        const at = playing?.programDateTime ? playing.programDateTime + (video.currentTime - playing.start) * 1000 : null;
        setLatencyMs(at === null ? null : Date.now() - at);
      }, 1000);
      destroy = () => {
        clearInterval(timer);
        hls.destroy();
      };
    });
    return () => {
      destroyed = true;
      destroy();
    };
  }, [video, src]);
  return { failed, latencyMs };
}

/**
 * A premiere: the recorded video plays as live, every viewer at the same position. The server gives the start and its
 * own time; the player seeks to (now - start), measured on the server's clock, and again if it drifts by more than a
 * second (buffering after the seek, a paused tab).
 */
function PremierePlayer({ broadcast, serverOffsetMs }: { broadcast: LiveBroadcast; serverOffsetMs: number }) {
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  useEffect(() => {
    if (!video) return;
    const position = () => (Date.now() + serverOffsetMs - Date.parse(broadcast.startedAt)) / 1000;
    const sync = () => {
      if (Math.abs(video.currentTime - position()) > SYNC_TOLERANCE_S) video.currentTime = Math.max(0, position());
    };
    const start = () => {
      sync();
      // Browsers may refuse sound without a click: it then starts muted, and the controls bring the sound.
      void video.play().catch(() => {
        video.muted = true;
        void video.play().catch(() => undefined);
      });
    };
    if (video.readyState >= 1) start();
    video.addEventListener("loadedmetadata", start);
    // Buffering after the first seek (or a stall) leaves the player behind: it catches up once playing.
    video.addEventListener("playing", sync);
    const timer = setInterval(() => {
      if (!video.paused) sync();
    }, 2000);
    return () => {
      clearInterval(timer);
      video.removeEventListener("loadedmetadata", start);
      video.removeEventListener("playing", sync);
    };
  }, [video, broadcast.startedAt, serverOffsetMs]);
  return (
    <div className="flex flex-col">
      <video
        ref={setVideo}
        src={broadcast.videoUrl}
        className="aspect-video w-full bg-black"
        controls
        playsInline
        preload="auto"
        aria-label={`Premiere: ${broadcast.title}`}
        data-testid="premiere-video"
        data-started-at={broadcast.startedAt}
      />
      <div className="flex flex-wrap items-center gap-3 px-6 pt-4">
        <Badge variant="live" className="px-3 py-1 tracking-wide">
          <span className="size-2 animate-pulse rounded-full bg-white" aria-hidden="true" />
          LIVE
        </Badge>
        <span className="text-sm text-muted-foreground">Premiere: everyone is watching together</span>
      </div>
    </div>
  );
}

/** The live service: a received stream, or a premiere. `serverOffsetMs` is the server's clock minus this one's. */
export function LivePlayer({ broadcast, serverOffsetMs = 0 }: { broadcast: LiveBroadcast; serverOffsetMs?: number }) {
  if (broadcast.kind === "premiere") return <PremierePlayer broadcast={broadcast} serverOffsetMs={serverOffsetMs} />;
  return <StreamPlayer broadcast={broadcast} />;
}

/** The live stream with LIVE and its viewers, and a switch to sound only for poor connections. */
function StreamPlayer({ broadcast }: { broadcast: LiveBroadcast }) {
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [audioOnly, setAudioOnly] = useState(false);
  const { failed, latencyMs } = useHls(video, audioOnly ? broadcast.audioUrl : broadcast.videoUrl);
  const { connected } = useLiveLink();

  // A signed-in member watching counts as a viewer (on every instance) until they leave the page.
  useEffect(() => {
    const id = broadcast.streamId;
    if (!connected || id === null) return;
    liveLink.send("STREAM_WATCH", { streamId: id, watching: true });
    return () => void liveLink.send("STREAM_WATCH", { streamId: id, watching: false });
  }, [connected, broadcast.streamId]);

  return (
    <div className="flex flex-col">
      <div className="relative bg-black">
        <video
          ref={setVideo}
          className={audioOnly ? "h-0 w-full" : "aspect-video w-full bg-black"}
          controls
          playsInline
          aria-label={`Live: ${broadcast.title}`}
          data-testid="live-video"
        />
        {audioOnly ? (
          <div className="flex aspect-[4/1] w-full items-center justify-center gap-2 text-white/80">
            <Headphones className="size-6" aria-hidden="true" />
            <span>Listening to the sound only</span>
          </div>
        ) : null}
      </div>
      {failed ? (
        <p role="alert" className="p-3 text-sm text-destructive">
          This browser cannot play the live stream. Try another browser or the sound-only switch.
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3 px-6 pt-4">
        <Badge variant="live" className="px-3 py-1 tracking-wide">
          <span className="size-2 animate-pulse rounded-full bg-white" aria-hidden="true" />
          LIVE
        </Badge>
        <span className="flex items-center gap-1 text-sm text-muted-foreground" aria-live="polite">
          <Users className="size-4" aria-hidden="true" />
          {broadcast.viewers === 1 ? "1 watching" : `${broadcast.viewers} watching`}
        </span>
        {latencyMs !== null && latencyMs > 0 ? (
          <span className="text-xs text-muted-foreground" data-testid="live-latency" data-latency-ms={Math.round(latencyMs)}>
            {Math.round(latencyMs / 1000)} s behind
          </span>
        ) : null}
        <Button
          variant="outline"
          size="sm"
          className="ml-auto"
          aria-pressed={audioOnly}
          onClick={() => setAudioOnly((current) => !current)}
        >
          {audioOnly ? <Video aria-hidden="true" /> : <Headphones aria-hidden="true" />}
          {audioOnly ? "Back to video" : "Audio only"}
        </Button>
      </div>
    </div>
  );
}
