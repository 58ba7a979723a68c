import path from "node:path";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { createContext } from "../src/server/context";
import { openDatabase } from "../src/server/db/database";
import { migrateToLatest } from "../src/server/db/migrate";

/**
 * The live bench's server: the real application with the ffmpeg ingest over <dataDir>, one stream whose key is
 * <streamKey>, RTMP on <rtmpPort>, the built web app when there is one. Over IPC it answers "stats" with its CPU time.
 */
const [dataDir, rtmpPort, streamKey, webDir] = process.argv.slice(2);
if (!dataDir || !rtmpPort || !streamKey) throw new Error("usage: live-stream-server.ts <dataDir> <rtmpPort> <streamKey> [webDir]");
const config = loadConfig({
  DATA_DIR: dataDir,
  PORT: "0",
  SEED_DEMO: "false",
  LOG_LEVEL: "silent",
  NODE_ENV: "production",
  LIVE_INGEST: "ffmpeg",
  RTMP_HOST: "127.0.0.1",
  RTMP_PORT: rtmpPort,
});
const database = openDatabase({ sqliteFile: path.join(dataDir, "platform.db") });
await migrateToLatest(database);
const now = new Date().toISOString();
await database.db.insertInto("streams").values({ name: "Bench", streamKey, createdAt: now, keyRotatedAt: now }).execute();
const app = await buildApp(createContext(config, database), { liveIngest: true, ...(webDir ? { webDir } : {}) });
await app.listen({ port: 0, host: "127.0.0.1" });
const { port } = app.server.address() as { port: number };
process.send?.({ type: "ready", port });
process.on("message", (message) => {
  if (message === "stats") {
    const cpu = process.cpuUsage();
    process.send?.({ type: "stats", cpuMicros: cpu.user + cpu.system });
  } else if (message === "exit") {
    void app.close().then(() => process.exit(0));
  }
});
