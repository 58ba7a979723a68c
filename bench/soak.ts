import { type ChildProcess, execFileSync, fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import WebSocket from "ws";
import { prepareMembers } from "./live";

/**
 * The soak: after thousands of WebSockets open and close, the server's heap returns near its starting figure and its
 * media throughput (1 MiB Range reads through /media/) stays at least 0.8× its own warm figure from before the churn.
 * `npm run bench:soak` runs the full 5,000 sockets; `--smoke` (and bench/soak.test.ts in CI) a short version.
 */
export interface SoakOptions {
  /** WebSockets opened, held together, then closed. */
  sockets: number;
  /** Throughput runs before and after the churn; the best of them counts, so a noisy neighbour weighs less. */
  runs: number;
  runSeconds: number;
  /** Concurrent HTTP connections of each throughput run. */
  connections: number;
  mediaFileMiB: number;
}

export const FULL: SoakOptions = { sockets: 5_000, runs: 3, runSeconds: 5, connections: 10, mediaFileMiB: 50 };
export const SMOKE: SoakOptions = { sockets: 500, runs: 5, runSeconds: 1, connections: 4, mediaFileMiB: 8 };

/** The bars: the heap back within 10 % (or 4 MiB, for small heaps) of where it began, and throughput at 0.8× or better. */
export const HEAP_TOLERANCE = { ratio: 1.1, mib: 4 };
export const MIN_THROUGHPUT_RATIO = 0.8;

export interface Throughput {
  /** Requests per second, the best run. */
  rps: number;
  /** The server's CPU time per request, the best run: a busy machine distorts it far less than requests per second. */
  cpuMicrosPerRequest: number;
  /** Full collections V8 ran per 1,000 requests over all runs: where a lost throughput went, when it went to GC. */
  majorCollectionsPer1000: number;
}

interface Stats {
  cpuMicros: number;
  connections: number;
  heapUsed: number;
  majorCollections: number;
}

export interface SoakFigures {
  socketsOpened: number;
  heapBeforeMiB: number;
  heapHeldMiB: number;
  heapAfterMiB: number;
  warm: Throughput;
  after: Throughput;
}

const MEDIA_FILE = "soak.bin";
const MiB = 1024 * 1024;
const here = path.dirname(fileURLToPath(import.meta.url));

interface Server {
  child: ChildProcess;
  port: number;
  ask<T>(question: "heap" | "stats"): Promise<T>;
}

function startServer(dataDir: string, pin: boolean): Promise<Server> {
  const child = fork(path.join(here, "soak-server.ts"), [dataDir], {
    execArgv: ["--import", "tsx", "--expose-gc"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  if (pin && child.pid) execFileSync("taskset", ["-a", "-p", "-c", "0", String(child.pid)], { stdio: "ignore" });
  const ask = <T>(question: "heap" | "stats") =>
    new Promise<T>((resolve) => {
      const listen = (message: { type: string }) => {
        if (message.type !== question) return;
        child.off("message", listen);
        resolve(message as T);
      };
      child.on("message", listen);
      child.send(question);
    });
  return new Promise((resolve, reject) => {
    child.once("message", (message: { type: string; port: number }) => resolve({ child, port: message.port, ask }));
    child.once("exit", (code) => reject(new Error(`soak-server exited with ${code}`)));
  });
}

const heapMiB = async (server: Server) => (await server.ask<Stats>("heap")).heapUsed / MiB;

async function throughput(server: Server, options: SoakOptions): Promise<Throughput> {
  let best = { rps: 0, cpuMicrosPerRequest: Number.POSITIVE_INFINITY };
  let requests = 0;
  const first = await server.ask<Stats>("stats");
  for (let run = 0; run < options.runs; run += 1) {
    const before = await server.ask<Stats>("stats");
    const result = await autocannon({
      url: `http://127.0.0.1:${server.port}/media/${MEDIA_FILE}`,
      headers: { range: `bytes=0-${MiB - 1}` },
      connections: options.connections,
      duration: options.runSeconds,
    });
    const after = await server.ask<Stats>("stats");
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`media reads failed: ${result.non2xx} non-2xx, ${result.errors} errors`);
    const served = Math.max(1, result.requests.total);
    requests += served;
    best = {
      rps: Math.max(best.rps, result.requests.total / options.runSeconds),
      cpuMicrosPerRequest: Math.min(best.cpuMicrosPerRequest, (after.cpuMicros - before.cpuMicros) / served),
    };
  }
  const last = await server.ask<Stats>("stats");
  return { ...best, majorCollectionsPer1000: ((last.majorCollections - first.majorCollections) * 1000) / requests };
}

/** Opens `count` WebSockets, 100 at a time, each as its own member; answers them once all are open. */
async function openSockets(port: number, cookies: string[], count: number): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let start = 0; start < count; start += 100) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(100, count - start) }, (_, j) => {
        const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { cookie: cookies[start + j] } });
        socket.on("error", () => {});
        return new Promise<WebSocket>((resolve, reject) => {
          socket.once("open", () => resolve(socket));
          socket.once("unexpected-response", (_request, response) => reject(new Error(`upgrade refused: ${response.statusCode}`)));
        });
      }),
    );
    sockets.push(...batch);
  }
  return sockets;
}

async function closeSockets(server: Server, sockets: WebSocket[]) {
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise<void>((resolve) => {
          socket.once("close", () => resolve());
          socket.close(1000);
        }),
    ),
  );
  const deadline = Date.now() + 30_000;
  while ((await server.ask<Stats>("stats")).connections > 0) {
    if (Date.now() > deadline) throw new Error("the server still holds connections 30 s after every socket closed");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // Presence changes leave in batches (250 ms); let the last one go before the heap is weighed.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
}

/** Runs one soak on a fresh data folder and answers its figures. */
export async function runSoak(
  options: SoakOptions,
  log: (line: string) => void = () => {},
  /** Pins the server to core 0 (the caller pins itself elsewhere), as the other benches do. */
  pin = false,
): Promise<SoakFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "platform-soak-"));
  let server: Server | undefined;
  try {
    const { cookies } = await prepareMembers(dataDir, options.sockets);
    fs.mkdirSync(path.join(dataDir, "media"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "media", MEDIA_FILE), Buffer.alloc(options.mediaFileMiB * MiB, 7));
    server = await startServer(dataDir, pin);

    // Weighed before any media request, so the warm figure is the server at its best: a full collection after media
    // traffic is what once cut media throughput to ~0.3× for many seconds (fresh 1 MiB read buffers, see
    // src/server/media/file-range.ts), and the churn's own heap swing brings one. Warming up may add a MiB or two.
    const heapBeforeMiB = await heapMiB(server);
    await throughput(server, { ...options, runs: 2 }); // warm-up: compilation, the file cache, V8's heap sizing
    const warm = await throughput(server, options);
    log(`warm: ${warm.rps.toFixed(0)} req/s, heap ${heapBeforeMiB.toFixed(1)} MiB`);

    const sockets = await openSockets(server.port, cookies, options.sockets);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const heapHeldMiB = (await server.ask<Stats>("stats")).heapUsed / MiB;
    log(`${sockets.length} sockets open: heap ${heapHeldMiB.toFixed(1)} MiB (before collection)`);
    await closeSockets(server, sockets);

    const heapAfterMiB = await heapMiB(server);
    const after = await throughput(server, options);
    log(`after the churn: ${after.rps.toFixed(0)} req/s, heap ${heapAfterMiB.toFixed(1)} MiB`);
    return { socketsOpened: sockets.length, heapBeforeMiB, heapHeldMiB, heapAfterMiB, warm, after };
  } finally {
    if (server?.child.connected) server.child.send("exit");
    await new Promise((resolve) => setTimeout(resolve, 300));
    server?.child.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The heap bar: back within the tolerance of where it began. */
export const heapReturned = (figures: SoakFigures) =>
  figures.heapAfterMiB <= Math.max(figures.heapBeforeMiB * HEAP_TOLERANCE.ratio, figures.heapBeforeMiB + HEAP_TOLERANCE.mib);

/** After-churn throughput over the warm figure, by requests per second and by the server's CPU time per request. */
export const throughputRatios = (figures: SoakFigures) => ({
  rps: figures.after.rps / figures.warm.rps,
  cpu: figures.warm.cpuMicrosPerRequest / figures.after.cpuMicrosPerRequest,
});

function hasTaskset(): boolean {
  try {
    execFileSync("taskset", ["-V"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

async function main() {
  const options = process.argv.includes("--smoke") ? SMOKE : FULL;
  const pin = hasTaskset();
  if (pin) execFileSync("taskset", ["-a", "-p", "-c", "1", String(process.pid)], { stdio: "ignore" });
  const figures = await runSoak(options, (line) => console.error(line), pin);
  const ratios = throughputRatios(figures);
  const heapOk = heapReturned(figures);
  const throughputOk = ratios.rps >= MIN_THROUGHPUT_RATIO;
  console.log(
    `\nSoak: ${figures.socketsOpened} WebSockets opened, held and closed; media as 1 MiB Range reads, best of ${options.runs} × ${options.runSeconds} s\n`,
  );
  console.log("| figure | before the churn | sockets held | after the churn | bar | |");
  console.log("| --- | --- | --- | --- | --- | --- |");
  console.log(
    `| heap used (after GC) | ${figures.heapBeforeMiB.toFixed(1)} MiB | ${figures.heapHeldMiB.toFixed(1)} MiB | ${figures.heapAfterMiB.toFixed(1)} MiB | ≤ ${Math.max(figures.heapBeforeMiB * HEAP_TOLERANCE.ratio, figures.heapBeforeMiB + HEAP_TOLERANCE.mib).toFixed(1)} MiB | ${heapOk ? "ok" : "FAIL"} |`,
  );
  console.log(
    `| media req/s | ${figures.warm.rps.toFixed(0)} | | ${figures.after.rps.toFixed(0)} (${ratios.rps.toFixed(2)}×) | ≥ ${MIN_THROUGHPUT_RATIO}× | ${throughputOk ? "ok" : "FAIL"} |`,
  );
  console.log(
    `| server CPU per request | ${figures.warm.cpuMicrosPerRequest.toFixed(0)} µs | | ${figures.after.cpuMicrosPerRequest.toFixed(0)} µs (${ratios.cpu.toFixed(2)}×) | | |`,
  );
  console.log(
    `| full GCs per 1,000 requests | ${figures.warm.majorCollectionsPer1000.toFixed(1)} | | ${figures.after.majorCollectionsPer1000.toFixed(1)} | | |`,
  );
  console.log(`(machine load average at the end: ${(os.loadavg()[0] ?? 0).toFixed(1)} on ${os.cpus().length} cores)`);
  if (!heapOk || !throughputOk) process.exit(1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
