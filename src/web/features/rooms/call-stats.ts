/*
 * What the room reads from WebRTC's statistics, as plain functions over the reports (tested alone in
 * call-stats.test.ts): the link's quality for each tile, and who is speaking for the speaker view.
 */

/** One peer link's numbers, from one getStats() pass. */
export interface LinkSample {
  /** Milliseconds since the epoch when the sample was taken. */
  at: number;
  /** Round trip of the link in use, in milliseconds. */
  roundTripMs: number | null;
  /** Incoming audio and video packets received and lost so far. */
  packetsReceived: number;
  packetsLost: number;
  /** The other member's microphone level, 0 to 1. */
  audioLevel: number;
  /** Frames per second of the incoming video. */
  framesPerSecond: number | null;
}

type Report = { type: string; [key: string]: unknown };
const numberOr = <T>(value: unknown, fallback: T): number | T => (typeof value === "number" && Number.isFinite(value) ? value : fallback);

/** Reads a getStats() report (as an array of its entries) into a sample. */
export function sampleFromReports(reports: Report[], at: number): LinkSample {
  const sample: LinkSample = { at, roundTripMs: null, packetsReceived: 0, packetsLost: 0, audioLevel: 0, framesPerSecond: null };
  const transport = reports.find((report) => report.type === "transport");
  const pairs = reports.filter((report) => report.type === "candidate-pair");
  const pair =
    pairs.find((candidate) => candidate.id === transport?.selectedCandidatePairId) ??
    pairs.find((candidate) => candidate.nominated === true && candidate.state === "succeeded");
  const roundTrip = numberOr(pair?.currentRoundTripTime, null);
  sample.roundTripMs = roundTrip === null ? null : Math.round(roundTrip * 1000);
  for (const report of reports) {
    if (report.type !== "inbound-rtp") continue;
    sample.packetsReceived += numberOr(report.packetsReceived, 0);
    sample.packetsLost += Math.max(0, numberOr(report.packetsLost, 0));
    if (report.kind === "audio") sample.audioLevel = Math.max(sample.audioLevel, numberOr(report.audioLevel, 0));
    if (report.kind === "video") sample.framesPerSecond = numberOr(report.framesPerSecond, sample.framesPerSecond);
  }
  return sample;
}

export type ConnectionQuality = "good" | "fair" | "poor" | "unknown";

/**
 * The quality shown on a tile, from two samples a second or so apart: the share of packets lost between them and
 * the round trip. Video suffers visibly from about 2% loss or 300 ms round trip, and breaks up from 8% or 800 ms.
 */
export function connectionQuality(previous: LinkSample | undefined, current: LinkSample): ConnectionQuality {
  if (current.roundTripMs === null && current.packetsReceived === 0) return "unknown";
  const received = current.packetsReceived - (previous?.packetsReceived ?? 0);
  const lost = current.packetsLost - (previous?.packetsLost ?? 0);
  const lossRatio = received + lost > 0 ? Math.max(0, lost) / (received + lost) : 0;
  const roundTrip = current.roundTripMs ?? 0;
  if (previous && received <= 0 && current.at - previous.at >= 2000) return "poor";
  if (lossRatio >= 0.08 || roundTrip >= 800) return "poor";
  if (lossRatio >= 0.02 || roundTrip >= 300) return "fair";
  return "good";
}

/** Below this level a member is silent (audioLevel is linear, 0 to 1; speech is usually above 0.05). */
export const SPEAKING_LEVEL = 0.03;
/** The speaker view changes speaker at most this often, so a cough doesn't steal the stage. */
export const SPEAKER_HOLD_MS = 1500;

export interface ActiveSpeaker {
  userId: number;
  since: number;
}

/**
 * Who holds the stage: the loudest member above SPEAKING_LEVEL, once the current speaker has held it for
 * SPEAKER_HOLD_MS and is either quiet or clearly (1.5×) quieter. Nobody speaking keeps the last speaker.
 */
export function nextActiveSpeaker(current: ActiveSpeaker | null, levels: ReadonlyMap<number, number>, now: number): ActiveSpeaker | null {
  let loudest: { userId: number; level: number } | null = null;
  for (const [userId, level] of levels) {
    if (level >= SPEAKING_LEVEL && (!loudest || level > loudest.level)) loudest = { userId, level };
  }
  if (!loudest || loudest.userId === current?.userId) return current;
  if (!current) return { userId: loudest.userId, since: now };
  if (now - current.since < SPEAKER_HOLD_MS) return current;
  const currentLevel = levels.get(current.userId) ?? 0;
  if (currentLevel < SPEAKING_LEVEL || loudest.level > currentLevel * 1.5) return { userId: loudest.userId, since: now };
  return current;
}
