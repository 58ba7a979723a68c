import { type ChildProcess, execFileSync, fork } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import WebSocket from "ws";
import { openDatabase } from "../src/server/db/database";
import { migrateToLatest } from "../src/server/db/migrate";

/**
 * The live-link figure: connections held, and the delivery latency of direct chat messages at a steady
 * rate while they are held, for the real /ws hub (session check, schema validation, stored in SQLite
 * before the acknowledgement) against a bare `ws` relay measured in the same run.
 * Servers run pinned to core 0 (where `taskset` exists); the clients run here. Bounded to well under a minute.
 * BENCH_LIVE_PROFILE=<dir> writes a CPU profile of the hub's process there.
 */
const CONNECTIONS = Number(process.env.BENCH_LIVE_CONNECTIONS ?? 1000);
const PAIRS = Number(process.env.BENCH_LIVE_PAIRS ?? 50);
const RATE = Number(process.env.BENCH_LIVE_RATE ?? 500); // messages per second, all senders together
const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 8);
const here = path.dirname(fileURLToPath(import.meta.url));

function hasTaskset(): boolean {
  try {
    execFileSync("taskset", ["-V"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

function startServer(mode: "app" | "baseline", dataDir: string, port: number): Promise<ChildProcess> {
  const profile =
    process.env.BENCH_LIVE_PROFILE && mode === "app" ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_LIVE_PROFILE}`] : [];
  const child = fork(path.join(here, "live-server.ts"), [mode, dataDir, String(port)], {
    execArgv: ["--import", "tsx", ...profile],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  if (hasTaskset() && child.pid) execFileSync("taskset", ["-p", "-c", "0", String(child.pid)], { stdio: "ignore" });
  return new Promise((resolve, reject) => {
    child.once("message", () => resolve(child));
    child.once("exit", (code) => reject(new Error(`live-server ${mode} exited with ${code}`)));
  });
}

function statsOf(child: ChildProcess): Promise<{ rss: number; cpuMicros: number }> {
  return new Promise((resolve) => {
    child.once("message", (message) => resolve(message as { rss: number; cpuMicros: number }));
    child.send("stats");
  });
}

/** Members with ready sessions, written straight into the database (hashing passwords for 1,000 members would take a minute). */
export async function prepareMembers(dataDir: string, count: number): Promise<{ ids: number[]; cookies: string[] }> {
  const database = openDatabase({ sqliteFile: path.join(dataDir, "platform.db") });
  await migrateToLatest(database);
  const now = new Date().toISOString();
  const expires = new Date(Date.now() + 86_400_000).toISOString();
  const ids: number[] = [];
  const cookies: string[] = [];
  await database.db.transaction().execute(async (trx) => {
    for (let i = 0; i < count; i += 1) {
      const { id } = await trx
        .insertInto("users")
        .values({
          username: `live_${i}`,
          displayName: `Live ${i}`,
          email: `live_${i}@example.org`,
          passwordHash: "x",
          bio: null,
          profileImageUrl: null,
          accountType: "free",
          role: "member",
          createdAt: now,
          passwordChangedAt: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const token = randomBytes(32).toString("base64url");
      await trx
        .insertInto("sessions")
        .values({
          id: createHash("sha256").update(token).digest("hex"),
          userId: id,
          persistent: 0,
          createdAt: now,
          lastSeenAt: now,
          expiresAt: expires,
        })
        .execute();
      ids.push(id);
      cookies.push(`sid=${token}`);
    }
  });
  await database.close();
  return { ids, cookies };
}

type Opened = { sockets: WebSocket[]; seconds: number };

async function openAll(count: number, open: (index: number) => WebSocket): Promise<Opened> {
  const started = performance.now();
  const sockets: WebSocket[] = [];
  const batch = 100;
  for (let start = 0; start < count; start += batch) {
    const opened = await Promise.all(
      Array.from({ length: Math.min(batch, count - start) }, (_, j) => {
        const socket = open(start + j);
        socket.on("error", () => {});
        return new Promise<WebSocket>((resolve, reject) => {
          socket.once("open", () => resolve(socket));
          socket.once("unexpected-response", (_request, response) => reject(new Error(`upgrade refused ${response.statusCode}`)));
        });
      }),
    );
    sockets.push(...opened);
  }
  return { sockets, seconds: (performance.now() - started) / 1000 };
}

/** Senders 0..PAIRS-1 write to receivers PAIRS..2*PAIRS-1 at RATE messages/s in total; answers delivery latencies in ms. */
async function steadyChat(sockets: WebSocket[], ids: number[]): Promise<{ latencies: number[]; sent: number }> {
  const latencies: number[] = [];
  for (const receiver of sockets.slice(PAIRS, 2 * PAIRS)) {
    receiver.on("message", (data) => {
      const text = data.toString();
      if (!text.startsWith('{"type":"CHAT_MESSAGE",')) return;
      const match = text.match(/"message":"t=([\d.]+)/);
      if (match) latencies.push(performance.now() - Number(match[1]));
    });
  }
  let sent = 0;
  const interval = 1000 / RATE;
  const started = performance.now();
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.floor((performance.now() - started) / interval);
      while (sent < due && sent < RATE * SECONDS) {
        const p = sent % PAIRS;
        const sender = sockets[p];
        if (!sender) throw new Error(`no sender socket ${p}: fewer than ${PAIRS} connections opened`);
        sender.send(
          JSON.stringify({
            type: "CHAT_MESSAGE",
            payload: { message: `t=${performance.now()} grace and peace`, receiverId: ids[PAIRS + p] },
          }),
        );
        sent += 1;
      }
      if (sent >= RATE * SECONDS) resolve();
      else setTimeout(tick, 2);
    };
    tick();
  });
  // Let the last deliveries arrive.
  const deadline = performance.now() + 5000;
  while (latencies.length < sent && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return { latencies, sent };
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

type Row = {
  name: string;
  held: number;
  openSeconds: number;
  kibPerConnection: number;
  cpuMicrosPerMessage: number;
  sent: number;
  delivered: number;
  p50: number;
  p99: number;
};

async function measure(name: string, child: ChildProcess, open: (index: number) => WebSocket, ids: number[]): Promise<Row> {
  const before = await statsOf(child);
  const opened = await openAll(CONNECTIONS, open);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = await statsOf(child);
  const { latencies, sent } = await steadyChat(opened.sockets, ids);
  const end = await statsOf(child);
  const held = opened.sockets.filter((socket) => socket.readyState === WebSocket.OPEN).length;
  for (const socket of opened.sockets) socket.terminate();
  return {
    name,
    held,
    openSeconds: opened.seconds,
    kibPerConnection: (after.rss - before.rss) / 1024 / CONNECTIONS,
    cpuMicrosPerMessage: (end.cpuMicros - after.cpuMicros) / Math.max(1, latencies.length),
    sent,
    delivered: latencies.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

/** Runs the live-link bench and prints its table. */
export async function runLiveBench(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "platform-bench-live-"));
  const appPort = 3911;
  const basePort = 3912;
  const { ids, cookies } = await prepareMembers(dataDir, CONNECTIONS);
  const app = await startServer("app", dataDir, appPort);
  const baseline = await startServer("baseline", dataDir, basePort);
  // An interrupted bench must not leave its servers holding the ports.
  const stopServers = () => {
    app.kill();
    baseline.kill();
    process.exit(130);
  };
  process.once("SIGINT", stopServers);
  process.once("SIGTERM", stopServers);
  try {
    const ours = await measure(
      "/ws hub (session, validation, stored in SQLite)",
      app,
      (i) => new WebSocket(`ws://127.0.0.1:${appPort}/ws`, { headers: { cookie: cookies[i] } }),
      ids,
    );
    console.error("measured live link: app");
    const base = await measure("bare ws relay", baseline, (i) => new WebSocket(`ws://127.0.0.1:${basePort}/?user=${ids[i]}`), ids);
    console.error("measured live link: baseline");
    console.log(`\nLive link: ${CONNECTIONS} connections held, ${PAIRS} sender→receiver pairs at ${RATE} messages/s for ${SECONDS} s\n`);
    console.log(
      "| server | connections held | opened in | RSS per connection | delivered | p50 | p99 | p99 ratio | server CPU per message | CPU ratio |",
    );
    console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    for (const row of [ours, base]) {
      console.log(
        `| ${row.name} | ${row.held} | ${row.openSeconds.toFixed(2)} s | ${row.kibPerConnection.toFixed(1)} KiB | ${row.delivered}/${row.sent} | ${row.p50.toFixed(2)} ms | ${row.p99.toFixed(2)} ms | ${(row.p99 / base.p99).toFixed(2)}× | ${Math.round(row.cpuMicrosPerMessage)} µs | ${(row.cpuMicrosPerMessage / base.cpuMicrosPerMessage).toFixed(1)}× |`,
      );
    }
    console.log(
      `(machine load average at the end: ${(os.loadavg()[0] ?? Number.NaN).toFixed(1)} on ${os.cpus().length} cores; latencies stretch with it, CPU per message doesn't)`,
    );
  } finally {
    // A clean exit (rather than a kill) lets BENCH_LIVE_PROFILE=<dir> write the hub's CPU profile.
    for (const child of [app, baseline]) {
      if (child.connected) child.send("exit");
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    app.kill();
    baseline.kill();
    process.off("SIGINT", stopServers);
    process.off("SIGTERM", stopServers);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  if (hasTaskset()) execFileSync("taskset", ["-p", "-c", "1", String(process.pid)], { stdio: "ignore" });
  runLiveBench().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
