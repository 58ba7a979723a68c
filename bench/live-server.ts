import path from "node:path";
import { WebSocketServer, type WebSocket } from "ws";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { createContext } from "../src/server/context";
import { openDatabase } from "../src/server/db/database";

/**
 * The live-link bench's server, in a child process:
 *   app <dataDir> <port>       the real application (/ws hub over the in-memory bus, SQLite)
 *   baseline <unused> <port>   a bare `ws` relay: parse, look up the receiver (or the room), forward, acknowledge
 * It answers "stats" messages with its resident memory and CPU time, so the bench can report the cost per
 * connection and per message (CPU time per message holds even on a busy machine, where latencies don't).
 */
const [mode, dataDir, port] = process.argv.slice(2);
if (!dataDir || !port) throw new Error("usage: live-server.ts app|baseline <dataDir> <port>");

const cpuMicros = () => {
  const cpu = process.cpuUsage();
  return cpu.user + cpu.system;
};
let collecting = 0;
process.on("message", (message) => {
  if (message === "exit") process.exit(0);
  if (message === "stats") {
    // Memory after a full collection: what the sockets hold, not the garbage their opening left (live.ts runs this
    // process with --expose-gc). The CPU these collections take is left out of the CPU reported.
    const before = cpuMicros();
    globalThis.gc?.();
    const after = cpuMicros();
    collecting += after - before;
    const memory = process.memoryUsage();
    process.send?.({ rss: memory.rss, heap: memory.heapUsed + memory.external, cpuMicros: after - collecting });
  }
});

if (mode === "app") {
  const config = loadConfig({ DATA_DIR: dataDir, PORT: port, SEED_DEMO: "false", LOG_LEVEL: "silent", NODE_ENV: "production" });
  const database = openDatabase({ sqliteFile: path.join(dataDir, "platform.db") });
  const app = await buildApp(createContext(config, database));
  await app.listen({ port: Number(port), host: "127.0.0.1" });
} else {
  // Who is who comes from a query parameter here: the baseline has no sessions, database or validation.
  const sockets = new Map<number, Set<WebSocket>>();
  const rooms = new Map<string, Set<WebSocket>>();
  const server = new WebSocketServer({ port: Number(port), host: "127.0.0.1", maxPayload: 64 * 1024 });
  let nextId = 1;
  server.on("connection", (socket, request) => {
    const userId = Number(new URL(request.url ?? "/", "http://x").searchParams.get("user"));
    const set = sockets.get(userId) ?? new Set();
    set.add(socket);
    sockets.set(userId, set);
    // What the hub answers a connect with, so the clients time the same thing on both.
    socket.send(JSON.stringify({ type: "PRESENCE", payload: { snapshot: true, users: [{ userId, online: true }] } }));
    socket.on("message", (data) => {
      const event = JSON.parse(data.toString()) as { type: string; payload: { message: string; receiverId?: number; roomCode?: string } };
      if (event.type === "JOIN_ROOM" && event.payload.roomCode) {
        const room = rooms.get(event.payload.roomCode) ?? new Set();
        room.add(socket);
        rooms.set(event.payload.roomCode, room);
        socket.send(JSON.stringify({ type: "ROOM_INFO", payload: { roomCode: event.payload.roomCode, participants: [] } }));
        return;
      }
      if (event.type !== "CHAT_MESSAGE") return;
      const now = new Date().toISOString();
      const message = {
        id: nextId++,
        senderId: userId,
        receiverId: event.payload.receiverId ?? null,
        roomCode: event.payload.roomCode ?? null,
        message: event.payload.message,
        content: event.payload.message,
        createdAt: now,
        timestamp: now,
      };
      socket.send(JSON.stringify({ type: "CHAT_MESSAGE_SENT", payload: message }));
      const frame = JSON.stringify({ type: "CHAT_MESSAGE", payload: message });
      const targets = event.payload.roomCode ? rooms.get(event.payload.roomCode) : sockets.get(event.payload.receiverId ?? 0);
      for (const target of targets ?? []) if (target !== socket) target.send(frame);
    });
    socket.on("close", () => {
      set.delete(socket);
      for (const room of rooms.values()) room.delete(socket);
    });
  });
  await new Promise((resolve) => server.once("listening", resolve));
}
process.send?.("ready");
