import type { BrowserContext, Page } from "@playwright/test";

/*
 * The journeys read WebRTC's own statistics. The page's RTCPeerConnections are recorded by an init script the
 * journey adds to its browser context, so the app carries no test hook.
 */

declare global {
  interface Window {
    recordedPeerConnections?: RTCPeerConnection[];
  }
}

/** Records every RTCPeerConnection the context's pages create, in window.recordedPeerConnections. */
export async function recordPeerConnections(context: BrowserContext) {
  await context.addInitScript(() => {
    const Original = window.RTCPeerConnection;
    const recorded: RTCPeerConnection[] = [];
    window.recordedPeerConnections = recorded;
    window.RTCPeerConnection = class extends Original {
      constructor(configuration?: RTCConfiguration) {
        super(configuration);
        recorded.push(this);
      }
    };
  });
}

/** For each open peer connection: its configured transport policy and the local and remote candidate types of the pair in use. */
export async function selectedCandidatePairs(page: Page) {
  return page.evaluate(async () => {
    const pairs: { policy: string | undefined; local: string; remote: string }[] = [];
    for (const pc of window.recordedPeerConnections ?? []) {
      if (pc.connectionState === "closed") continue;
      const stats = await pc.getStats();
      let transport: { selectedCandidatePairId?: string } | undefined;
      stats.forEach((report: { type: string }) => {
        if (report.type === "transport") transport = report as typeof transport;
      });
      const pair = transport?.selectedCandidatePairId ? stats.get(transport.selectedCandidatePairId) : undefined;
      if (!pair) continue;
      pairs.push({
        policy: pc.getConfiguration().iceTransportPolicy,
        local: stats.get(pair.localCandidateId)?.candidateType,
        remote: stats.get(pair.remoteCandidateId)?.candidateType,
      });
    }
    return pairs;
  });
}

/** One getStats() pass over a page's open peer connections: what it receives and what it sends. */
export interface VideoTraffic {
  /**
   * Each incoming video: its connection and RTP stream (together unique: Janus gives every subscription's track the
   * same identifier), frames decoded so far, and the decoded size.
   */
  inbound: { key: string; framesDecoded: number; frameWidth: number }[];
  /** Each outgoing video RTP stream (one per simulcast layer): its connection, layer and bytes sent so far. */
  outbound: { connection: number; rid: string | null; bytesSent: number; framesEncoded: number; frameWidth: number }[];
  /** Each video source of the connections (the camera, once per connection): frames it delivered so far. */
  sources: { key: string; frames: number }[];
  /** When the pass was taken, in milliseconds. */
  at: number;
}

/** Reads the video traffic of a page's open peer connections (recorded by recordPeerConnections). */
export async function videoTraffic(page: Page): Promise<VideoTraffic> {
  return page.evaluate(async () => {
    const traffic: VideoTraffic = { inbound: [], outbound: [], sources: [], at: performance.now() };
    // A connection's place in the recorded list stays the same while others open and close.
    for (const [connection, pc] of (window.recordedPeerConnections ?? []).entries()) {
      if (pc.connectionState === "closed") continue;
      (await pc.getStats()).forEach((report: Record<string, unknown>) => {
        if (report.kind !== "video") return;
        if (report.type === "inbound-rtp")
          traffic.inbound.push({
            key: `${connection}/${String(report.id)}`,
            framesDecoded: Number(report.framesDecoded ?? 0),
            frameWidth: Number(report.frameWidth ?? 0),
          });
        if (report.type === "outbound-rtp")
          traffic.outbound.push({
            connection,
            rid: typeof report.rid === "string" ? report.rid : null,
            bytesSent: Number(report.bytesSent ?? 0),
            framesEncoded: Number(report.framesEncoded ?? 0),
            frameWidth: Number(report.frameWidth ?? 0),
          });
        if (report.type === "media-source")
          traffic.sources.push({ key: `${connection}/${String(report.id)}`, frames: Number(report.frames ?? 0) });
      });
    }
    return traffic;
  });
}

/** Between two passes: frames per second of each incoming video, and the outgoing video's connections, layers and bitrate. */
export function trafficBetween(before: VideoTraffic, after: VideoTraffic) {
  const seconds = (after.at - before.at) / 1000;
  const earlier = new Map(before.inbound.map((video) => [video.key, video.framesDecoded]));
  const receivedFps = after.inbound
    .filter((video) => earlier.has(video.key))
    .map((video) => (video.framesDecoded - earlier.get(video.key)!) / seconds);
  const sentBefore = new Map(before.outbound.map((stream) => [`${stream.connection}/${stream.rid}`, stream.bytesSent]));
  const sending = after.outbound.filter((stream) => stream.bytesSent > (sentBefore.get(`${stream.connection}/${stream.rid}`) ?? 0));
  const encoded = (stream: VideoTraffic["outbound"][number]) =>
    stream.framesEncoded -
    (before.outbound.find((old) => old.connection === stream.connection && old.rid === stream.rid)?.framesEncoded ?? 0);
  const bytes = sending.reduce((sum, stream) => sum + stream.bytesSent - (sentBefore.get(`${stream.connection}/${stream.rid}`) ?? 0), 0);
  const sourcesBefore = new Map(before.sources.map((source) => [source.key, source.frames]));
  const cameraFps = after.sources
    .filter((source) => sourcesBefore.has(source.key))
    .map((source) => (source.frames - sourcesBefore.get(source.key)!) / seconds);
  return {
    receivedFps,
    /** Frames per second the member's camera delivered to its connections (what it could send at most). */
    cameraFps: Math.max(0, ...cameraFps),
    /** Peer connections carrying outgoing video: one through the SFU, one per other member in the mesh. */
    uploadConnections: new Set(sending.map((stream) => stream.connection)).size,
    /** Outgoing video RTP streams: the simulcast layers through the SFU. */
    uploadStreams: sending.length,
    /**
     * Simulcast layers set up on the connections sending video, whether or not they carried bytes in the window (the
     * browser pauses the larger layers while its estimate of the bandwidth, or of its own CPU, is too low for them).
     */
    uploadLayers: after.outbound.filter((stream) => stream.rid !== null && sending.some((s) => s.connection === stream.connection)).length,
    uploadKbps: (bytes * 8) / 1000 / seconds,
    /** Frames per second of the largest outgoing layer. */
    sentFps: Math.max(0, ...sending.map((stream) => encoded(stream) / seconds)),
  };
}
