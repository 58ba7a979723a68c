import type { SfuAccess } from "@shared/contracts/rooms";
import { videoGridColumns } from "@shared/format";
import { type RoomState, speakerStage } from "./room-state";
import type { Substream } from "./sfu-call";
import type { LinkStats } from "./use-peer-mesh";

/* When a room goes through the SFU, and which simulcast layer each tile asks for (decision 0018): plain functions. */

export type CallMode = "mesh" | "sfu";

/**
 * The mode every member computes alike from the room's shared state: the SFU once more than the threshold of
 * members have their camera on, when the platform has one (decision 0018).
 */
export function callModeFor(access: Pick<SfuAccess, "videoThreshold" | "janus"> | null, cameras: number): CallMode {
  return access?.janus && cameras > access.videoThreshold ? "sfu" : "mesh";
}

const RETRY_FIRST_MS = 2000;
const RETRY_MAX_MS = 30_000;
/**
 * How long a member stays on the mesh after this many failures of the SFU in a row: 2 s after the first, doubling
 * up to 30 s. Meanwhile the others may all be on the SFU, so the member sees nobody: a passing failure (a request
 * that timed out on a busy phone) must not cost long, and a Janus that is down is not asked every 2 s.
 */
export const retryDelay = (failures: number) => Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, failures - 1));

/** The simulcast layer a tile needs: the stage or a grid of one or two columns the full size, three columns half, smaller a quarter. */
export function layerForTile(size: "grid" | "stage" | "strip", columns: number, quality: LinkStats["quality"] = "unknown"): Substream {
  const wanted: Substream = size === "stage" ? 2 : size === "strip" ? 0 : columns <= 2 ? 2 : columns === 3 ? 1 : 0;
  // A link that loses packets gets one layer less.
  return quality === "poor" && wanted > 0 ? ((wanted - 1) as Substream) : wanted;
}

/** What the SFU needs from the room's state: how many cameras are on, and the layer each other member's tile needs. */
export function sfuNeeds(
  state: Pick<RoomState, "participants" | "layout">,
  viewerId: number,
  activeSpeakerId: number | null,
  linkStats: Record<number, LinkStats>,
): { cameras: number; layers: Record<number, Substream> } {
  const { participants } = state;
  const columns = videoGridColumns(Math.max(1, participants.length));
  const { stage } = speakerStage(participants, viewerId, activeSpeakerId);
  const layers: Record<number, Substream> = {};
  for (const p of participants) {
    if (p.userId === viewerId) continue;
    const size = state.layout === "grid" ? "grid" : p.userId === stage ? "stage" : "strip";
    layers[p.userId] = layerForTile(size, columns, linkStats[p.userId]?.quality);
  }
  return { cameras: participants.filter((p) => p.video).length, layers };
}
