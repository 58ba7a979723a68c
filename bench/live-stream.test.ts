import { describe, expect, it } from "vitest";
import { hasFfmpeg } from "../src/server/test/rtmp";
import { SMOKE, runLiveBench } from "./live-stream";

describe.skipIf(!hasFfmpeg())("live-stream bench, short (npm run bench:live runs 200 viewers and Chromium)", () => {
  it(
    "goes live within 10 s, and 20 HLS viewers cost the server little CPU each: segments are files, sent as they are",
    { timeout: 120_000 },
    async () => {
      const figures = await runLiveBench(SMOKE);
      const report = JSON.stringify(figures);
      expect(figures.liveAfterMs, report).toBeLessThan(10_000);
      const [, watched] = figures.steps;
      expect(watched!.segmentsPerViewer, report).toBeGreaterThanOrEqual(1);
      // Generous for a shared 2-core machine; measured well under this (see the README's "Going live").
      expect(figures.cpuPercentPerViewer, report).toBeLessThan(1);
    },
  );
});
