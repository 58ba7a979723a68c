import { describe, expect, it } from "vitest";
import type { Participant } from "@shared/contracts/live";
import { callModeFor, layerForTile, retryDelay, sfuNeeds } from "./sfu-plan";

const member = (userId: number, extra: Partial<Participant> = {}): Participant => ({
  userId,
  username: `member${userId}`,
  displayName: `Member ${userId}`,
  isHost: false,
  video: true,
  audio: true,
  ...extra,
});
const janus = { url: "http://sfu.test/janus", room: 7, token: "t" };

describe("when a room goes through the SFU", () => {
  it("stays in the mesh up to the threshold of cameras, and without an SFU at all", () => {
    expect(callModeFor({ videoThreshold: 4, janus }, 2)).toBe("mesh");
    expect(callModeFor({ videoThreshold: 4, janus }, 4)).toBe("mesh");
    expect(callModeFor({ videoThreshold: 4, janus }, 5)).toBe("sfu");
    expect(callModeFor({ videoThreshold: 4, janus: null }, 10)).toBe("mesh");
    expect(callModeFor(null, 10)).toBe("mesh");
  });

  it("tries the SFU again 2 s after a first failure, doubling the wait with each failure in a row up to 30 s", () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(retryDelay)).toEqual([2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });
});

describe("the simulcast layer a tile asks for", () => {
  it("is the full size on the stage and in a two-column grid, half in three columns, a quarter smaller", () => {
    expect(layerForTile("stage", 3)).toBe(2);
    expect(layerForTile("grid", 2)).toBe(2);
    expect(layerForTile("grid", 3)).toBe(1);
    expect(layerForTile("grid", 4)).toBe(0);
    expect(layerForTile("strip", 2)).toBe(0);
  });

  it("drops one layer on a poor link, never below the smallest", () => {
    expect(layerForTile("stage", 3, "poor")).toBe(1);
    expect(layerForTile("grid", 3, "poor")).toBe(0);
    expect(layerForTile("strip", 3, "poor")).toBe(0);
    expect(layerForTile("grid", 3, "fair")).toBe(1);
  });
});

describe("what the SFU needs from the room", () => {
  const six = [member(1), member(2), member(3), member(4), member(5, { video: false }), member(6)];

  it("counts the cameras on, the viewer's included", () => {
    expect(sfuNeeds({ participants: six, layout: "grid" }, 1, null, {}).cameras).toBe(5);
  });

  it("asks half size for everyone else in a grid of six (three columns)", () => {
    expect(sfuNeeds({ participants: six, layout: "grid" }, 1, null, {}).layers).toEqual({ 2: 1, 3: 1, 4: 1, 5: 1, 6: 1 });
  });

  it("asks full size for the active speaker on the stage and a quarter for the strip", () => {
    const { layers } = sfuNeeds({ participants: six, layout: "speaker" }, 1, 4, { 2: { quality: "poor", audioLevel: 0 } });
    expect(layers).toEqual({ 2: 0, 3: 0, 4: 2, 5: 0, 6: 0 });
  });
});
