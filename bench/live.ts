import { type ChildProcess, execFileSync, fork } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import WebSocket from "ws";
import { openDatabase } from "../src/server/db/database";
import { migrateToLatest } from "../src/server/db/migrate";
import { compiled } from "./compiled";

/**
 * The live-link figures, for the real /ws hub (session check, schema validation, stored in SQLite before the
 * acknowledgement) against a bare `ws` relay measured in the same run:
 *   - idle connections held, and the resident memory each costs;
 *   - the delivery latency of direct messages at a steady rate while they are held;
 *   - a reconnect storm: `storm` members (each with `contacts` conversations) drop and all reconnect at once, each
 *     writing a contact as soon as it is back, while members outside the storm keep chatting: time to the
 *     connect's snapshot (p50/p99), and every message acknowledged (stored) and delivered to whoever was connected;
 *   - room fan-out: a 200 B room message to a room of `roomSize`, p50/p99 from send to each other member.
 * Servers run pinned to core 0 (where `taskset` exists); the clients run here.
 * `npm run bench:link` runs the full size (10,000 idle, a storm of 1,000); `npm run bench` a smaller one.
 * BENCH_LIVE_PROFILE=<dir> writes a CPU profile of the hub's process there; BENCH_LIVE_HEAP=<dir> a heap snapshot of it
 * once its idle sockets are open (what each connection holds).
 */
export interface LiveBenchOptions {
  connections: number;
  pairs: number;
  /** Direct messages per second, all senders together, for `seconds`. */
  rate: number;
  seconds: number;
  storm: number;
  contacts: number;
  roomSize: number;
  /** Room messages per second, all members together, for `seconds`. */
  roomRate: number;
  /** Alternated rounds of the room fan-out; `seconds` is shared among them on each side. */
  fanOutRounds: number;
  /** Only the room fan-out: no idle connections, direct chat or storm before it. */
  fanOutOnly?: boolean;
}

export const FULL: LiveBenchOptions = {
  connections: 10_000,
  pairs: 50,
  rate: 500,
  seconds: 8,
  storm: 1_000,
  contacts: 10,
  roomSize: 10,
  roomRate: 100,
  fanOutRounds: 6,
};
export const DEFAULT: LiveBenchOptions = { ...FULL, connections: 2_000, seconds: 5 };
export const SMOKE: LiveBenchOptions = { ...FULL, connections: 300, pairs: 20, rate: 100, seconds: 2, storm: 200, roomRate: 50 };
/** `npm run bench:link -- --fan-out`: the room fan-out alone, in twice as many rounds, to weigh a change to its path. */
export const FAN_OUT: LiveBenchOptions = { ...FULL, connections: FULL.roomSize, storm: 0, seconds: 12, fanOutRounds: 12, fanOutOnly: true };

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
  const heap =
    process.env.BENCH_LIVE_HEAP && mode === "app"
      ? ["--heapsnapshot-signal=SIGUSR2", `--diagnostic-dir=${process.env.BENCH_LIVE_HEAP}`]
      : [];
  const child = fork(compiled("bench/live-server.ts"), [mode, dataDir, String(port)], {
    execArgv: ["--expose-gc", ...profile, ...heap],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  if (hasTaskset() && child.pid) execFileSync("taskset", ["-a", "-p", "-c", "0", String(child.pid)], { stdio: "ignore" });
  return new Promise((resolve, reject) => {
    child.once("message", () => resolve(child));
    child.once("exit", (code) => reject(new Error(`live-server ${mode} exited with ${code}`)));
  });
}

type ServerStats = { rss: number; heap: number; cpuMicros: number };
function statsOf(child: ChildProcess): Promise<ServerStats> {
  return new Promise((resolve) => {
    child.once("message", (message) => resolve(message as ServerStats));
    child.send("stats");
  });
}

/** Members with ready sessions, written straight into the database (hashing passwords for 1,000 members would take a minute). */
export async function prepareMembers(
  dataDir: string,
  count: number,
  /** The first `among` members each get `each` contacts among them: a ring of past conversations. */
  contacts: { among: number; each: number } = { among: 0, each: 0 },
): Promise<{ ids: number[]; cookies: string[] }> {
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
    for (let i = 0; i < contacts.among; i += 1) {
      for (let k = 1; k <= contacts.each / 2; k += 1) {
        await trx
          .insertInto("messages")
          .values({
            senderId: ids[i]!,
            receiverId: ids[(i + k) % contacts.among]!,
            groupId: null,
            roomCode: null,
            content: "Good morning",
            createdAt: now,
            readAt: now,
          })
          .execute();
      }
    }
  });
  await database.close();
  return { ids, cookies };
}

type Opened = { sockets: WebSocket[]; seconds: number; retried: number };

/** Opens a socket and resolves once its first frame (the presence snapshot) arrives: answers it and the time taken. */
function connectTimed(open: () => WebSocket): Promise<{ socket: WebSocket; ms: number }> {
  const started = performance.now();
  const socket = open();
  let failure = "";
  socket.on("error", (error) => {
    failure = error.message;
  });
  return new Promise((resolve, reject) => {
    socket.once("message", () => resolve({ socket, ms: performance.now() - started }));
    socket.once("unexpected-response", (_request, response) => reject(new Error(`upgrade refused ${response.statusCode}`)));
    socket.once("close", (code) => reject(new Error(`closed ${code} before its snapshot ${failure}`)));
  });
}

/** Opens `count` sockets, 100 at a time; one that fails is tried again once, as a client would (counted in `retried`). */
async function openAll(count: number, open: (index: number) => WebSocket): Promise<Opened> {
  const started = performance.now();
  const sockets: WebSocket[] = [];
  let retried = 0;
  const batch = 100;
  const openOne = (index: number) =>
    connectTimed(() => open(index)).catch(async () => {
      retried += 1;
      await sleep(100);
      return connectTimed(() => open(index));
    });
  for (let start = 0; start < count; start += batch) {
    const opened = await Promise.all(Array.from({ length: Math.min(batch, count - start) }, (_, j) => openOne(start + j)));
    sockets.push(...opened.map((o) => o.socket));
  }
  return { sockets, seconds: (performance.now() - started) / 1000, retried };
}

/** Has the hub's process write a heap snapshot into `dir` (it runs with --heapsnapshot-signal) and waits for it. */
async function heapSnapshot(child: ChildProcess, dir: string) {
  const snapshots = () => fs.readdirSync(dir).filter((file) => file.endsWith(".heapsnapshot"));
  const had = new Set(snapshots());
  child.kill("SIGUSR2");
  let file: string | undefined;
  while (!(file = snapshots().find((name) => !had.has(name)))) await sleep(500);
  // Written once its size stops changing.
  for (let size = -1; size !== fs.statSync(path.join(dir, file)).size; await sleep(1000)) size = fs.statSync(path.join(dir, file)).size;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends `total` frames at `perSecond`, the i-th one built by `frame(i)`, then lets the last deliveries arrive. */
async function paced(total: number, perSecond: number, send: (i: number) => void, arrived: () => number, expected: number) {
  let sent = 0;
  const interval = 1000 / perSecond;
  const started = performance.now();
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.floor((performance.now() - started) / interval);
      while (sent < due && sent < total) send(sent++);
      if (sent >= total) resolve();
      else setTimeout(tick, 2);
    };
    tick();
  });
  const deadline = performance.now() + 5000;
  while (arrived() < expected && performance.now() < deadline) await sleep(50);
  return sent;
}

const stamp = (text: string) => text.match(/"message":"t=([\d.]+)/);

/** Records, into `latencies`, how long each stamped chat message took to arrive on a socket. */
function latencyListener(latencies: number[]) {
  return (data: WebSocket.RawData) => {
    const text = data.toString();
    if (!text.startsWith('{"type":"CHAT_MESSAGE",')) return;
    const match = stamp(text);
    if (match) latencies.push(performance.now() - Number(match[1]));
  };
}

/** Direct messages from senders to receivers (pairwise) at `rate`; answers delivery latencies in ms. */
async function steadyChat(
  senders: WebSocket[],
  receivers: WebSocket[],
  receiverIds: number[],
  rate: number,
  seconds: number,
): Promise<{ latencies: number[]; sent: number }> {
  const latencies: number[] = [];
  const listener = latencyListener(latencies);
  for (const receiver of receivers) receiver.on("message", listener);
  const total = Math.round(rate * seconds);
  const sent = await paced(
    total,
    rate,
    (i) => {
      const p = i % senders.length;
      senders[p]!.send(
        JSON.stringify({
          type: "CHAT_MESSAGE",
          payload: { message: `t=${performance.now()} grace and peace`, receiverId: receiverIds[p] },
        }),
      );
    },
    () => latencies.length,
    total,
  );
  for (const receiver of receivers) receiver.off("message", listener);
  return { latencies, sent };
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

interface StormFigures {
  members: number;
  reconnected: number;
  seconds: number;
  connectP50: number;
  connectP99: number;
  /** Each reconnected member wrote a contact at once: acknowledged (stored) of sent, and delivered live to those connected. */
  written: number;
  acknowledged: number;
  deliveredLive: number;
  /** Chat among members outside the storm, during it. */
  steadySent: number;
  steadyDelivered: number;
}

/** Drops the first `members` sockets, lets the server see them go, then reconnects them all at once. */
async function storm(
  opened: WebSocket[],
  open: (index: number) => WebSocket,
  ids: number[],
  options: LiveBenchOptions,
): Promise<{ figures: StormFigures; sockets: WebSocket[] }> {
  const members = options.storm;
  for (const socket of opened.slice(0, members)) socket.terminate();
  await sleep(2000);
  // Outside the storm, a steady chat goes on meanwhile.
  const base = members;
  const pairs = Math.min(options.pairs, Math.floor((opened.length - members) / 2) - options.roomSize);
  const steady = steadyChat(
    opened.slice(base, base + pairs),
    opened.slice(base + pairs, base + 2 * pairs),
    ids.slice(base + pairs, base + 2 * pairs),
    Math.min(options.rate, 200),
    3,
  );
  let acknowledged = 0;
  let deliveredLive = 0;
  let written = 0;
  const started = performance.now();
  const results = await Promise.allSettled(
    Array.from({ length: members }, async (_, i) => {
      const { socket, ms } = await connectTimed(() => open(i));
      socket.on("message", (data) => {
        const text = data.toString();
        if (text.startsWith('{"type":"CHAT_MESSAGE_SENT",')) acknowledged += 1;
        else if (text.startsWith('{"type":"CHAT_MESSAGE",') && text.includes('"message":"back ')) deliveredLive += 1;
      });
      // Back: a word to a contact (who may or may not be back yet).
      socket.send(JSON.stringify({ type: "CHAT_MESSAGE", payload: { message: `back ${i}`, receiverId: ids[(i + 1) % members] } }));
      written += 1;
      return { socket, ms };
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const steadyResult = await steady;
  const deadline = performance.now() + 5000;
  while (acknowledged < written && performance.now() < deadline) await sleep(50);
  const back = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
  const times = back.map((b) => b.ms);
  const sockets = [...opened];
  results.forEach((r, i) => {
    if (r.status === "fulfilled") sockets[i] = r.value.socket;
  });
  return {
    figures: {
      members,
      reconnected: back.length,
      seconds,
      connectP50: percentile(times, 50),
      connectP99: percentile(times, 99),
      written,
      acknowledged,
      deliveredLive,
      steadySent: steadyResult.sent,
      steadyDelivered: steadyResult.latencies.length,
    },
    sockets,
  };
}

/** Has each member join the room, and resolves once every one has its ROOM_INFO. */
async function joinRoom(members: WebSocket[], roomCode: string) {
  await Promise.all(
    members.map(
      (socket) =>
        new Promise<void>((resolve) => {
          const onMessage = (data: WebSocket.RawData) => {
            if (!data.toString().startsWith('{"type":"ROOM_INFO",')) return;
            socket.off("message", onMessage);
            resolve();
          };
          socket.on("message", onMessage);
          socket.send(JSON.stringify({ type: "JOIN_ROOM", payload: { roomCode } }));
        }),
    ),
  );
}

/** The room's members, each in turn sending a 200 B message at `rate` for `seconds`; answers latencies from send to every other member. */
async function fanOutRound(members: WebSocket[], roomCode: string, rate: number, seconds: number) {
  const latencies: number[] = [];
  const listener = latencyListener(latencies);
  for (const socket of members) socket.on("message", listener);
  const total = Math.round(rate * seconds);
  const sent = await paced(
    total,
    rate,
    (i) => {
      const head = `t=${performance.now()} `;
      members[i % members.length]!.send(
        JSON.stringify({ type: "CHAT_MESSAGE", payload: { message: head.padEnd(200, "alleluia "), roomCode } }),
      );
    },
    () => latencies.length,
    total * (members.length - 1),
  );
  for (const socket of members) socket.off("message", listener);
  return { sent, latencies };
}

const median = (values: number[]) => percentile(values, 50);

export interface FanOut {
  delivered: number;
  expected: number;
  /** Over every delivery of every round. */
  p50: number;
  p99: number;
}

/**
 * Room fan-out on both servers in alternated rounds (which goes first alternating too), as the API bench compares
 * endpoints: a burst from another tenant of the machine then lands on both sides, not on whichever was measured at
 * that moment. Each side's room is `roomSize` members of its own, with the idle sockets of the earlier steps closed.
 * The ratio is the median of the rounds' p50 ratios.
 */
async function alternatedFanOut(
  sides: { members: WebSocket[]; roomCode: string }[],
  options: LiveBenchOptions,
): Promise<{ rows: FanOut[]; ratio: number; rounds: number }> {
  for (const side of sides) await joinRoom(side.members, side.roomCode);
  await sleep(300);
  const rounds = options.fanOutRounds;
  const seconds = options.seconds / rounds;
  const all = sides.map(() => ({ latencies: [] as number[], sent: 0 }));
  const ratios: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    const p50s: number[] = [];
    for (const index of order) {
      const { members, roomCode } = sides[index]!;
      const result = await fanOutRound(members, roomCode, options.roomRate, seconds);
      all[index]!.latencies.push(...result.latencies);
      all[index]!.sent += result.sent;
      p50s[index] = percentile(result.latencies, 50);
      await sleep(200);
    }
    ratios.push(p50s[0]! / p50s[1]!);
  }
  const rows = all.map(({ latencies, sent }, index) => ({
    delivered: latencies.length,
    expected: sent * (sides[index]!.members.length - 1),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  }));
  return { rows, ratio: median(ratios), rounds };
}

type Row = {
  name: string;
  held: number;
  retried: number;
  openSeconds: number;
  kibPerConnection: number;
  /** What the JavaScript heap and its buffers hold per connection, after a full collection. */
  heapKibPerConnection: number;
  cpuMicrosPerMessage: number;
  sent: number;
  delivered: number;
  p50: number;
  p99: number;
  storm: StormFigures;
};

async function measure(
  name: string,
  child: ChildProcess,
  open: (index: number) => WebSocket,
  ids: number[],
  options: LiveBenchOptions,
): Promise<Row> {
  const before = await statsOf(child);
  const opened = await openAll(options.connections, open);
  await sleep(1000);
  const after = await statsOf(child);
  if (process.env.BENCH_LIVE_HEAP && name.startsWith("/ws hub")) await heapSnapshot(child, process.env.BENCH_LIVE_HEAP);
  const held = opened.sockets.filter((socket) => socket.readyState === WebSocket.OPEN).length;
  const { pairs } = options;
  // Chat between members outside the storm's range, so its ids are the same on both servers.
  const from = options.storm;
  const { latencies, sent } = await steadyChat(
    opened.sockets.slice(from, from + pairs),
    opened.sockets.slice(from + pairs, from + 2 * pairs),
    ids.slice(from + pairs, from + 2 * pairs),
    options.rate,
    options.seconds,
  );
  const end = await statsOf(child);
  const stormed = await storm(opened.sockets, open, ids, options);
  for (const socket of stormed.sockets) socket.terminate();
  return {
    name,
    held,
    retried: opened.retried,
    openSeconds: opened.seconds,
    kibPerConnection: (after.rss - before.rss) / 1024 / options.connections,
    heapKibPerConnection: (after.heap - before.heap) / 1024 / options.connections,
    cpuMicrosPerMessage: (end.cpuMicros - after.cpuMicros) / Math.max(1, latencies.length),
    sent,
    delivered: latencies.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    storm: stormed.figures,
  };
}

async function createRoom(port: number, cookie: string, size: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/api/rooms`, {
    method: "POST",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify({ name: "Bench fan-out", maxParticipants: size }),
  });
  if (!response.ok) throw new Error(`creating the bench room answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { roomCode: string }).roomCode;
}

export interface LiveBenchResult {
  options: LiveBenchOptions;
  /** Absent when only the fan-out was measured. */
  rows?: [Row, Row];
  /** The hub's fan-out and the relay's, measured in alternated rounds once the idle sockets are closed. */
  fanOut: { rows: [FanOut, FanOut]; ratio: number; rounds: number };
  loadAverage: number;
}

/** Runs the live-link bench against the hub and the bare relay, one after the other on the same pinned core. */
export async function measureLiveLink(options: LiveBenchOptions, ports = { app: 3911, baseline: 3912 }): Promise<LiveBenchResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "platform-bench-live-"));
  const { ids, cookies } = await prepareMembers(dataDir, options.connections, { among: options.storm, each: options.contacts });
  const app = await startServer("app", dataDir, ports.app);
  const baseline = await startServer("baseline", dataDir, ports.baseline);
  // An interrupted bench must not leave its servers holding the ports.
  const stopServers = () => {
    app.kill();
    baseline.kill();
    process.exit(130);
  };
  process.once("SIGINT", stopServers);
  process.once("SIGTERM", stopServers);
  try {
    const firstInRoom = options.connections - options.roomSize;
    const roomCode = await createRoom(ports.app, cookies[firstInRoom]!, options.roomSize);
    const openApp = (i: number) => new WebSocket(`ws://127.0.0.1:${ports.app}/ws`, { headers: { cookie: cookies[i] } });
    const openBaseline = (i: number) => new WebSocket(`ws://127.0.0.1:${ports.baseline}/?user=${ids[i]}`);
    let rows: [Row, Row] | undefined;
    if (!options.fanOutOnly) {
      const ours = await measure(SERVER_NAMES[0], app, openApp, ids, options);
      console.error("measured live link: app");
      const base = await measure(SERVER_NAMES[1], baseline, openBaseline, ids, options);
      console.error("measured live link: baseline");
      rows = [ours, base];
    }
    const roomOf = async (open: (index: number) => WebSocket) => (await openAll(options.roomSize, (j) => open(firstInRoom + j))).sockets;
    const sides = [
      { members: await roomOf(openApp), roomCode },
      { members: await roomOf(openBaseline), roomCode },
    ];
    const fanOut = await alternatedFanOut(sides, options);
    for (const side of sides) for (const socket of side.members) socket.terminate();
    console.error("measured room fan-out");
    return {
      options,
      rows,
      fanOut: { rows: [fanOut.rows[0]!, fanOut.rows[1]!], ratio: fanOut.ratio, rounds: fanOut.rounds },
      loadAverage: os.loadavg()[0] ?? Number.NaN,
    };
  } finally {
    // A clean exit (rather than a kill) lets BENCH_LIVE_PROFILE=<dir> write the hub's CPU profile.
    for (const child of [app, baseline]) {
      if (child.connected) child.send("exit");
    }
    await sleep(500);
    app.kill();
    baseline.kill();
    process.off("SIGINT", stopServers);
    process.off("SIGTERM", stopServers);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const ms = (value: number) => `${value.toFixed(2)} ms`;
const SERVER_NAMES = ["/ws hub (session, validation, stored in SQLite)", "bare ws relay"] as const;

export function printLiveBench({ options, rows, fanOut, loadAverage }: LiveBenchResult) {
  if (rows) printConnectionTables(options, rows);
  printFanOut(options, fanOut);
  console.log(
    `(machine load average at the end: ${loadAverage.toFixed(1)} on ${os.cpus().length} cores; latencies stretch with it, CPU per message doesn't)`,
  );
}

function printConnectionTables(options: LiveBenchOptions, rows: [Row, Row]) {
  const base = rows[1];
  console.log(
    `\nLive link: ${options.connections} idle connections held, ${options.pairs} sender→receiver pairs at ${options.rate} messages/s for ${options.seconds} s\n`,
  );
  console.log(
    "| server | connections held | retried once | opened in | RSS per connection | heap per connection | delivered | p50 | p99 | p50 ratio | p99 ratio | server CPU per message | CPU ratio |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${row.held} | ${row.retried} | ${row.openSeconds.toFixed(2)} s | ${row.kibPerConnection.toFixed(1)} KiB | ${row.heapKibPerConnection.toFixed(1)} KiB | ${row.delivered}/${row.sent} | ${ms(row.p50)} | ${ms(row.p99)} | ${(row.p50 / base.p50).toFixed(2)}× | ${(row.p99 / base.p99).toFixed(2)}× | ${Math.round(row.cpuMicrosPerMessage)} µs | ${(row.cpuMicrosPerMessage / base.cpuMicrosPerMessage).toFixed(1)}× |`,
    );
  }
  console.log(
    `\nReconnect storm: ${options.storm} members (${options.contacts} contacts each) drop and reconnect at once; each writes a contact when back, while others chat\n`,
  );
  console.log(
    "| server | reconnected | all back in | connect p50 | connect p99 | p99 ratio | written → stored (acknowledged) | delivered live | chat outside the storm |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const { name, storm: s } of rows) {
    console.log(
      `| ${name} | ${s.reconnected}/${s.members} | ${s.seconds.toFixed(2)} s | ${ms(s.connectP50)} | ${ms(s.connectP99)} | ${(s.connectP99 / base.storm.connectP99).toFixed(2)}× | ${s.acknowledged}/${s.written} | ${s.deliveredLive} | ${s.steadyDelivered}/${s.steadySent} |`,
    );
  }
}

function printFanOut(options: LiveBenchOptions, fanOut: LiveBenchResult["fanOut"]) {
  console.log(
    `\nRoom fan-out: a 200 B message to a room of ${options.roomSize}, ${options.roomRate} messages/s, ${fanOut.rounds} rounds of ${(options.seconds / fanOut.rounds).toFixed(2)} s per server, alternated; the ratio is the median of the rounds' p50 ratios\n`,
  );
  console.log("| server | delivered | p50 (all rounds) | p99 (all rounds) | p50 ratio (median of rounds) | p50 ratio (all rounds) |");
  console.log("| --- | --- | --- | --- | --- | --- |");
  const relay = fanOut.rows[1];
  fanOut.rows.forEach((room, index) => {
    console.log(
      `| ${SERVER_NAMES[index]} | ${room.delivered}/${room.expected} | ${ms(room.p50)} | ${ms(room.p99)} | ${index === 0 ? fanOut.ratio.toFixed(2) : "1.00"}× | ${(room.p50 / relay.p50).toFixed(2)}× |`,
    );
  });
}

/** Runs the live-link bench and prints its tables (`npm run bench` runs it at a smaller size). */
export async function runLiveBench(options: LiveBenchOptions = DEFAULT): Promise<void> {
  printLiveBench(await measureLiveLink(options));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  if (hasTaskset()) execFileSync("taskset", ["-a", "-p", "-c", "1", String(process.pid)], { stdio: "ignore" });
  runLiveBench(process.argv.includes("--smoke") ? SMOKE : process.argv.includes("--fan-out") ? FAN_OUT : FULL).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
