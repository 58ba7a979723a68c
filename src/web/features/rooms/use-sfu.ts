import { useCallback, useEffect, useRef, useState } from "react";
import type { IceServers, SfuAccess } from "@shared/contracts/rooms";
import { callRoute } from "@web/lib/api";
import { type LinkSample, connectionQuality, sampleFromReports } from "./call-stats";
import type { SfuCall, Substream } from "./sfu-call";
import { type CallMode, callModeFor, retryDelay } from "./sfu-plan";
import type { LinkStats } from "./use-peer-mesh";

export type { CallMode } from "./sfu-plan";
export { sfuNeeds } from "./sfu-plan";

/** How long the number of cameras must stay past (or back under) the threshold before the room's links change. */
const SWITCH_AFTER_MS = 1000;
const STATS_INTERVAL_MS = 1000;

interface UseSfuOptions {
  roomCode: string;
  joined: boolean;
  viewerId: number;
  /** Members with their camera on, the viewer included. */
  cameras: number;
  localStream: MediaStream | null;
  /** The track sent as video: the camera, or a shared screen. */
  videoTrack: MediaStreamTrack | null;
  ice: IceServers | undefined;
  /** The layer each other member's tile needs. */
  layers: Record<number, Substream>;
  /** Called once the room's links have moved: to the SFU (its call is up) or back to the mesh. */
  onSwitched: (mode: CallMode) => void;
}

/** The member's side of the SFU: when to use it, the call through Janus, and its streams and statistics. */
export function useSfu({ roomCode, joined, viewerId, cameras, localStream, videoTrack, ice, layers, onSwitched }: UseSfuOptions) {
  const [access, setAccess] = useState<SfuAccess | null>(null);
  const [mode, setMode] = useState<CallMode>("mesh");
  const [coolingDown, setCoolingDown] = useState(false);
  const failures = useRef(0);
  const [remoteStreams, setRemoteStreams] = useState<Record<number, MediaStream>>({});
  const [linkStats, setLinkStats] = useState<Record<number, LinkStats>>({});
  const [localAudioLevel, setLocalAudioLevel] = useState(0);
  const call = useRef<SfuCall | null>(null);
  const modeRef = useRef(mode);
  modeRef.current = mode;
  const media = useRef({ localStream, videoTrack, ice });
  media.current = { localStream, videoTrack, ice };
  const layersRef = useRef(layers);
  layersRef.current = layers;
  const switched = useRef(onSwitched);
  switched.current = onSwitched;

  // The platform says whether it has an SFU, the threshold, and this member's token (once seated). A member without
  // the answer would stay on the mesh while the others move to the SFU, and see nobody: a failed request is asked again.
  useEffect(() => {
    if (!joined) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = (attempt: number) =>
      callRoute("GET /api/rooms/:roomCode/sfu", { params: { roomCode } })
        .then((answer) => !cancelled && setAccess(answer))
        .catch((error: unknown) => {
          if (cancelled) return;
          console.warn("No answer from /sfu; asking again", error);
          timer = setTimeout(() => void ask(attempt + 1), retryDelay(attempt + 1));
        });
    void ask(0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [joined, roomCode]);

  useEffect(() => {
    if (!coolingDown) return;
    const timer = setTimeout(() => setCoolingDown(false), retryDelay(failures.current));
    return () => clearTimeout(timer);
  }, [coolingDown]);

  const desired = joined && !coolingDown ? callModeFor(access, cameras) : "mesh";
  useEffect(() => {
    if (desired === mode) return;
    const timer = setTimeout(() => setMode(desired), SWITCH_AFTER_MS);
    return () => clearTimeout(timer);
  }, [desired, mode]);

  useEffect(() => {
    if (mode !== "sfu" || !access?.janus) {
      switched.current("mesh");
      return;
    }
    const { localStream: stream, videoTrack: track, ice: iceServers } = media.current;
    const janus = access.janus;
    let sfuCall: SfuCall | null = null;
    let ended = false;
    const fail = (what: string, error: unknown) => {
      if (ended || (sfuCall && call.current !== sfuCall)) return;
      console.warn(`${what}; the room goes on peer to peer`, error);
      failures.current += 1;
      setCoolingDown(true);
      setMode("mesh");
    };
    // The SFU's client loads only when a room first needs it: most rooms stay peer to peer.
    import("./sfu-call")
      .then(({ SfuCall: Call }) => {
        if (ended) return;
        const created = new Call(
          { ...janus, userId: viewerId, ice: iceServers },
          {
            onStream: (userId, remote) =>
              setRemoteStreams((current) => {
                if (remote) return { ...current, [userId]: remote };
                const { [userId]: _gone, ...rest } = current;
                return rest;
              }),
            onFailed: (error) => fail("The SFU call failed", error),
          },
        );
        sfuCall = created;
        call.current = created;
        // Each subscription starts at the layer its tile needs.
        for (const [userId, substream] of Object.entries(layersRef.current)) created.setLayer(Number(userId), substream);
        return created.start(stream, track).then(() => {
          if (call.current !== created) return;
          failures.current = 0;
          switched.current("sfu");
        });
      })
      .catch((error: unknown) => fail("Could not join the SFU", error));
    return () => {
      ended = true;
      call.current = null;
      if (sfuCall) void sfuCall.stop();
      setRemoteStreams({});
      setLinkStats({});
    };
  }, [mode, access, viewerId]);

  // Each tile gets the layer it needs.
  const layersKey = JSON.stringify(layers);
  useEffect(() => {
    const wanted = JSON.parse(layersKey) as Record<string, Substream>;
    for (const [userId, substream] of Object.entries(wanted)) call.current?.setLayer(Number(userId), substream);
  }, [layersKey, remoteStreams]);

  // Quality marks and audio levels, as the mesh reads them from its links.
  useEffect(() => {
    if (mode !== "sfu") return;
    const previous = new Map<number, LinkSample>();
    let running = false;
    const timer = setInterval(() => {
      const current = call.current;
      if (running || !current) return;
      running = true;
      void (async () => {
        const { publisher, receivers } = current.connections();
        const next: Record<number, LinkStats> = {};
        for (const [userId, pc] of receivers) {
          if (pc.connectionState === "closed") continue;
          const reports = [...(await pc.getStats()).values()] as { type: string; [key: string]: unknown }[];
          const sample = sampleFromReports(reports, Date.now());
          next[userId] = { quality: connectionQuality(previous.get(userId), sample), audioLevel: sample.audioLevel };
          previous.set(userId, sample);
        }
        let local = 0;
        if (publisher && publisher.connectionState !== "closed") {
          for (const report of (await publisher.getStats()).values() as IterableIterator<{ type: string; [key: string]: unknown }>) {
            if (report.type === "media-source" && report.kind === "audio" && typeof report.audioLevel === "number")
              local = Math.max(local, report.audioLevel);
          }
        }
        setLinkStats(next);
        setLocalAudioLevel(local);
      })()
        .catch(() => {})
        .finally(() => {
          running = false;
        });
    }, STATS_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [mode]);

  /** Sends another track of this kind to the SFU (a new device, or a shared screen). */
  const replaceOutgoingTrack = useCallback((kind: "audio" | "video", track: MediaStreamTrack | null) => {
    call.current?.replaceTrack(kind, track);
  }, []);

  return { mode, modeRef, remoteStreams, linkStats, localAudioLevel, replaceOutgoingTrack };
}
