import path from "node:path";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { createContext } from "../src/server/context";
import { openDatabase } from "../src/server/db/database";

/**
 * The real application over the fixture's data folder, as `npm start` runs it (logging off): on its SQLite file, or,
 * given a PostgreSQL URL and schema, on the copy of it there.
 */
const [dataDir, port, databaseUrl, pgSchema] = process.argv.slice(2);
if (!dataDir || !port) throw new Error("usage: app-server.ts <dataDir> <port> [<postgres url> <schema>]");
const config = loadConfig({ DATA_DIR: dataDir, PORT: port, SEED_DEMO: "false", LOG_LEVEL: "silent", NODE_ENV: "production" });
const database = databaseUrl ? openDatabase({ databaseUrl, pgSchema }) : openDatabase({ sqliteFile: path.join(dataDir, "platform.db") });
const app = await buildApp(createContext(config, database));
await app.listen({ port: Number(port), host: "127.0.0.1" });
// The bench reads this process's CPU time around each measurement: CPU per request holds under a loaded machine.
process.on("message", (message) => {
  if (message !== "cpu") return;
  const usage = process.cpuUsage();
  process.send?.({ cpuMicros: usage.user + usage.system });
});
// Stopped by the bench with SIGINT: exiting normally lets --cpu-prof write its profile.
process.once("SIGINT", () => void app.close().then(() => process.exit(0)));
process.send?.("ready");
