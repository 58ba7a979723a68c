import path from "node:path";
import type { AddressInfo } from "node:net";
import { PerformanceObserver, constants } from "node:perf_hooks";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { createContext } from "../src/server/context";
import { openDatabase } from "../src/server/db/database";

/**
 * The soak's server: the real application over <dataDir>, in a child process started with --expose-gc.
 * Over IPC it answers "heap" (used heap after forced full collections), "stats" (CPU time, open connections, heap used
 * as it stands, full collections so far) and "exit".
 */
const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error("usage: soak-server.ts <dataDir>");
const config = loadConfig({ DATA_DIR: dataDir, PORT: "0", SEED_DEMO: "false", LOG_LEVEL: "silent", NODE_ENV: "production" });
const database = openDatabase({ sqliteFile: path.join(dataDir, "platform.db") });
const app = await buildApp(createContext(config, database));
await app.listen({ port: 0, host: "127.0.0.1" });

const collect = global.gc;
if (!collect) throw new Error("start the soak server with --expose-gc");

/** Full (mark-compact) collections so far, forced ones included. */
let majorCollections = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const { detail } = entry as PerformanceEntry & { detail?: { kind?: number } };
    if (detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majorCollections += 1;
  }
}).observe({ entryTypes: ["gc"] });

process.on("message", (message) => {
  if (message === "heap") {
    void (async () => {
      // Several rounds, with a turn of the event loop between them, so finalizers and weak references settle.
      for (let round = 0; round < 4; round += 1) {
        collect();
        await new Promise((resolve) => setImmediate(resolve));
      }
      const { heapUsed, rss } = process.memoryUsage();
      process.send?.({ type: "heap", heapUsed, rss });
    })();
  } else if (message === "stats") {
    app.server.getConnections((_error, connections) => {
      const cpu = process.cpuUsage();
      process.send?.({
        type: "stats",
        cpuMicros: cpu.user + cpu.system,
        connections,
        heapUsed: process.memoryUsage().heapUsed,
        majorCollections,
      });
    });
  } else if (message === "exit") {
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  }
});
process.send?.({ type: "ready", port: (app.server.address() as AddressInfo).port });
