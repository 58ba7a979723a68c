import { describe, expect, it } from "vitest";
import { type LinkSample, SPEAKER_HOLD_MS, connectionQuality, nextActiveSpeaker, sampleFromReports } from "./call-stats";

const sample = (overrides: Partial<LinkSample>): LinkSample => ({
  at: 0,
  roundTripMs: 40,
  packetsReceived: 0,
  packetsLost: 0,
  audioLevel: 0,
  framesPerSecond: null,
  ...overrides,
});

describe("reading getStats reports", () => {
  it("takes the round trip of the selected pair and sums packets over the incoming streams", () => {
    const reports = [
      { type: "transport", id: "T", selectedCandidatePairId: "P2" },
      { type: "candidate-pair", id: "P1", currentRoundTripTime: 0.9 },
      { type: "candidate-pair", id: "P2", currentRoundTripTime: 0.052 },
      { type: "inbound-rtp", kind: "audio", packetsReceived: 100, packetsLost: 2, audioLevel: 0.2 },
      { type: "inbound-rtp", kind: "video", packetsReceived: 300, packetsLost: -1, framesPerSecond: 24 },
      { type: "outbound-rtp", kind: "video", packetsSent: 999 },
    ];
    expect(sampleFromReports(reports, 5)).toEqual({
      at: 5,
      roundTripMs: 52,
      packetsReceived: 400,
      packetsLost: 2,
      audioLevel: 0.2,
      framesPerSecond: 24,
    });
  });

  it("answers an empty sample before the link is up", () => {
    expect(sampleFromReports([], 1)).toMatchObject({ roundTripMs: null, packetsReceived: 0, audioLevel: 0, framesPerSecond: null });
  });
});

describe("connection quality", () => {
  it("is unknown until anything is measured", () => {
    expect(connectionQuality(undefined, sample({ roundTripMs: null }))).toBe("unknown");
  });

  it("is good on a short round trip without loss", () => {
    expect(connectionQuality(sample({ packetsReceived: 100 }), sample({ at: 1000, packetsReceived: 200 }))).toBe("good");
  });

  it("is fair from 2% loss between samples, or a 300 ms round trip", () => {
    expect(connectionQuality(sample({ packetsReceived: 1000 }), sample({ at: 1000, packetsReceived: 1097, packetsLost: 3 }))).toBe("fair");
    expect(connectionQuality(undefined, sample({ roundTripMs: 350, packetsReceived: 10 }))).toBe("fair");
  });

  it("counts only the loss since the previous sample, not old loss", () => {
    const previous = sample({ packetsReceived: 1000, packetsLost: 500 });
    expect(connectionQuality(previous, sample({ at: 1000, packetsReceived: 1100, packetsLost: 500 }))).toBe("good");
  });

  it("is poor from 8% loss, an 800 ms round trip, or nothing received for two seconds", () => {
    expect(connectionQuality(sample({ packetsReceived: 0 }), sample({ at: 1000, packetsReceived: 90, packetsLost: 10 }))).toBe("poor");
    expect(connectionQuality(undefined, sample({ roundTripMs: 900, packetsReceived: 1 }))).toBe("poor");
    expect(connectionQuality(sample({ packetsReceived: 50 }), sample({ at: 2500, packetsReceived: 50 }))).toBe("poor");
  });
});

describe("active speaker", () => {
  const levels = (entries: [number, number][]) => new Map(entries);

  it("is nobody while everyone is silent, then the loudest member who speaks", () => {
    expect(
      nextActiveSpeaker(
        null,
        levels([
          [1, 0.001],
          [2, 0.01],
        ]),
        0,
      ),
    ).toBeNull();
    expect(
      nextActiveSpeaker(
        null,
        levels([
          [1, 0.2],
          [2, 0.4],
        ]),
        10,
      ),
    ).toEqual({ userId: 2, since: 10 });
  });

  it("keeps the speaker through a pause, and through another voice within the hold time", () => {
    const current = { userId: 1, since: 0 };
    expect(
      nextActiveSpeaker(
        current,
        levels([
          [1, 0],
          [2, 0],
        ]),
        5000,
      ),
    ).toBe(current);
    expect(
      nextActiveSpeaker(
        current,
        levels([
          [1, 0],
          [2, 0.5],
        ]),
        SPEAKER_HOLD_MS - 1,
      ),
    ).toBe(current);
  });

  it("moves to someone clearly louder, or to whoever speaks while the speaker is quiet, after the hold time", () => {
    const current = { userId: 1, since: 0 };
    expect(
      nextActiveSpeaker(
        current,
        levels([
          [1, 0.2],
          [2, 0.25],
        ]),
        SPEAKER_HOLD_MS,
      ),
    ).toBe(current);
    expect(
      nextActiveSpeaker(
        current,
        levels([
          [1, 0.2],
          [2, 0.4],
        ]),
        SPEAKER_HOLD_MS,
      ),
    ).toEqual({ userId: 2, since: SPEAKER_HOLD_MS });
    expect(
      nextActiveSpeaker(
        current,
        levels([
          [1, 0],
          [3, 0.05],
        ]),
        SPEAKER_HOLD_MS,
      ),
    ).toEqual({ userId: 3, since: SPEAKER_HOLD_MS });
  });
});
