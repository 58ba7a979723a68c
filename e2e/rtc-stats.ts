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
  /** Each incoming video: its track, frames decoded so far, and the decoded size. */
  inbound: { trackIdentifier: string; framesDecoded: number; frameWidth: number }[];
  /** Each outgoing video RTP stream (one per simulcast layer): its connection, layer and bytes sent so far. */
  outbound: { connection: number; rid: string | null; bytesSent: number; framesEncoded: number; frameWidth: number }[];
  /** When the pass was taken, in milliseconds. */
  at: number;
}

/** Reads the video traffic of a page's open peer connections (recorded by recordPeerConnections). */
export async function videoTraffic(page: Page): Promise<VideoTraffic> {
  return page.evaluate(async () => {
    const traffic: VideoTraffic = { inbound: [], outbound: [], at: performance.now() };
    const connections = (window.recordedPeerConnections ?? []).filter((pc) => pc.connectionState !== "closed");
    for (const [connection, pc] of connections.entries()) {
      (await pc.getStats()).forEach((report: Record<string, unknown>) => {
        if (report.kind !== "video") return;
        if (report.type === "inbound-rtp")
          traffic.inbound.push({
            trackIdentifier: String(report.trackIdentifier),
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
      });
    }
    return traffic;
  });
}

/** Between two passes: frames per second of each incoming video, and the outgoing video's connections, layers and bitrate. */
export function trafficBetween(before: VideoTraffic, after: VideoTraffic) {
  const seconds = (after.at - before.at) / 1000;
  const earlier = new Map(before.inbound.map((video) => [video.trackIdentifier, video.framesDecoded]));
  const receivedFps = after.inbound
    .filter((video) => earlier.has(video.trackIdentifier))
    .map((video) => (video.framesDecoded - earlier.get(video.trackIdentifier)!) / seconds);
  const sentBefore = new Map(before.outbound.map((stream) => [`${stream.connection}/${stream.rid}`, stream.bytesSent]));
  const sending = after.outbound.filter((stream) => stream.bytesSent > (sentBefore.get(`${stream.connection}/${stream.rid}`) ?? 0));
  const encoded = (stream: VideoTraffic["outbound"][number]) =>
    stream.framesEncoded -
    (before.outbound.find((old) => old.connection === stream.connection && old.rid === stream.rid)?.framesEncoded ?? 0);
  const bytes = sending.reduce((sum, stream) => sum + stream.bytesSent - (sentBefore.get(`${stream.connection}/${stream.rid}`) ?? 0), 0);
  return {
    receivedFps,
    /** Peer connections carrying outgoing video: one through the SFU, one per other member in the mesh. */
    uploadConnections: new Set(sending.map((stream) => stream.connection)).size,
    /** Outgoing video RTP streams: the simulcast layers through the SFU. */
    uploadStreams: sending.length,
    uploadKbps: (bytes * 8) / 1000 / seconds,
    /** Frames per second of the largest outgoing layer. */
    sentFps: Math.max(0, ...sending.map((stream) => encoded(stream) / seconds)),
  };
}
