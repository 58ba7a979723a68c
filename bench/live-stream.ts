import { type ChildProcess, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { exitOf, hasFfmpeg, pushTestPattern } from "../src/server/test/rtmp";
import { freePort } from "../src/server/test/processes";

/**
 * The live-stream bench (`npm run bench:live`; `--smoke` for the short run bench/live-stream.test.ts makes):
 * an ffmpeg encoder sends a test pattern by RTMP to the real server; it reports how soon the stream is live, the
 * server's CPU time per HLS viewer (viewers are HTTP clients polling the playlist and fetching each new segment, as
 * hls.js does), and, with a built web app and Chromium, the ingest-to-screen latency a browser sees on /streaming.
 */
export interface LiveBenchOptions {
  viewerSteps: number[];
  windowSeconds: number;
  browser: boolean;
}
export const FULL: LiveBenchOptions = { viewerSteps: [0, 50, 200], windowSeconds: 10, browser: true };
export const SMOKE: LiveBenchOptions = { viewerSteps: [0, 20], windowSeconds: 5, browser: false };

export interface LiveBenchFigures {
  liveAfterMs: number;
  steps: { viewers: number; serverCpuPercent: number; segmentsPerViewer: number; megabitsPerSecond: number }[];
  /** Extra server CPU per viewer, in percent of one core, from the largest step over the idle one. */
  cpuPercentPerViewer: number;
  /** Ingest-to-screen in Chromium: the server's time stamp on the segment playing against the clock; null without a browser. */
  latencyMs: number | null;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One viewer: polls the playlist every second and fetches each segment it hasn't, until `until`. */
async function view(base: string, playlist: string, until: number, counters: { segments: number; bytes: number }) {
  const seen = new Set<string>();
  while (Date.now() < until) {
    const text = await (await fetch(`${base}${playlist}`)).text();
    const folder = playlist.slice(0, playlist.lastIndexOf("/") + 1);
    for (const line of text
      .split("\n")
      .filter((entry) => entry.endsWith(".ts"))
      .slice(-3)) {
      if (seen.has(line)) continue;
      seen.add(line);
      const body = await (await fetch(`${base}${folder}${line}`)).arrayBuffer();
      counters.segments += 1;
      counters.bytes += body.byteLength;
    }
    await sleep(1000);
  }
}

export async function runLiveBench(options: LiveBenchOptions): Promise<LiveBenchFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "live-bench-"));
  const rtmpPort = await freePort();
  const key = randomBytes(12).toString("hex");
  const webDir = path.join(here, "../dist/web");
  const withWeb = options.browser && fs.existsSync(path.join(webDir, "index.html"));
  const server: ChildProcess = fork(
    path.join(here, "live-stream-server.ts"),
    [dataDir, String(rtmpPort), key, ...(withWeb ? [webDir] : [])],
    {
      execArgv: ["--import", "tsx"],
    },
  );
  const ask = <T>(question: string) =>
    new Promise<T>((resolve) => {
      const listen = (message: { type: string }) => {
        if (message.type !== question) return;
        server.off("message", listen);
        resolve(message as T);
      };
      server.on("message", listen);
      server.send(question);
    });
  const { port } = await new Promise<{ port: number }>((resolve) => server.once("message", resolve as (message: unknown) => void));
  const base = `http://127.0.0.1:${port}`;
  const push = () => pushTestPattern(`rtmp://127.0.0.1:${rtmpPort}/live/${key}`, 600);
  let encoder = push();
  try {
    let started = Date.now();
    const deadline = started + 60_000;
    let live: { videoUrl: string } | null = null;
    while (!live) {
      if (Date.now() - started > 20_000 || Date.now() > deadline) throw new Error("the stream did not go live within 20 s");
      // The listener may not be bound yet on a busy machine: an encoder turned away tries again, as OBS does.
      if (encoder.exitCode !== null) {
        await sleep(500);
        encoder = push();
        started = Date.now();
      }
      live = ((await (await fetch(`${base}/api/streaming/state`)).json()) as { live: { videoUrl: string } | null }).live;
      if (!live) await sleep(200);
    }
    const liveAfterMs = Date.now() - started;

    const steps: LiveBenchFigures["steps"] = [];
    for (const viewers of options.viewerSteps) {
      const counters = { segments: 0, bytes: 0 };
      const before = await ask<{ cpuMicros: number }>("stats");
      const begun = Date.now();
      const until = begun + options.windowSeconds * 1000;
      await Promise.all(Array.from({ length: viewers }, () => view(base, live.videoUrl, until, counters)));
      if (viewers === 0) await sleep(options.windowSeconds * 1000);
      const after = await ask<{ cpuMicros: number }>("stats");
      const seconds = (Date.now() - begun) / 1000;
      steps.push({
        viewers,
        serverCpuPercent: ((after.cpuMicros - before.cpuMicros) / 1e6 / seconds) * 100,
        segmentsPerViewer: viewers ? counters.segments / viewers : 0,
        megabitsPerSecond: (counters.bytes * 8) / 1e6 / seconds,
      });
    }
    const idle = steps[0]!;
    const busiest = steps[steps.length - 1]!;
    const cpuPercentPerViewer = busiest.viewers ? (busiest.serverCpuPercent - idle.serverCpuPercent) / busiest.viewers : 0;

    let latencyMs: number | null = null;
    if (withWeb) {
      const browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
        args: ["--no-sandbox", "--autoplay-policy=no-user-gesture-required"],
      });
      try {
        const page = await browser.newPage();
        await page.goto(`${base}/streaming`);
        const latency = page.getByTestId("live-latency");
        await latency.waitFor({ timeout: 30_000 });
        await sleep(8000);
        latencyMs = Number(await latency.getAttribute("data-latency-ms"));
      } finally {
        await browser.close();
      }
    }
    return { liveAfterMs, steps, cpuPercentPerViewer, latencyMs };
  } finally {
    encoder.kill("SIGINT");
    await exitOf(encoder);
    server.send("exit");
    await exitOf(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!hasFfmpeg()) {
    console.error("ffmpeg is not installed: the live bench needs an encoder (apt-get install ffmpeg)");
    process.exit(1);
  }
  const figures = await runLiveBench(process.argv.includes("--smoke") ? SMOKE : FULL);
  console.info(`live ${figures.liveAfterMs} ms after the encoder connected`);
  for (const step of figures.steps)
    console.info(
      `${String(step.viewers).padStart(4)} viewers: server CPU ${step.serverCpuPercent.toFixed(1)} % of a core, ${step.megabitsPerSecond.toFixed(1)} Mbit/s out, ${step.segmentsPerViewer.toFixed(1)} segments each`,
    );
  console.info(`server CPU per viewer: ${figures.cpuPercentPerViewer.toFixed(3)} % of a core`);
  console.info(
    figures.latencyMs === null
      ? "ingest-to-screen: not measured (build the web app: npx vite build)"
      : `ingest-to-screen in Chromium: ${figures.latencyMs} ms`,
  );
}
