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
