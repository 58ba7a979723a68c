import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { createContext } from "./context";
import { openDatabase } from "./db/database";
import { migrateToLatest } from "./db/migrate";
import { seedDemoContent } from "./db/seed/seed";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, "platform.db") });
  await migrateToLatest(database);
  const ctx = createContext(config, database);
  const pretty = config.env === "development" && process.stdout.isTTY;
  const app = await buildApp(ctx, {
    webDir: path.join(projectRoot, "dist/web"),
    housekeeping: true,
    jobs: true,
    liveIngest: true,
    logger: {
      level: config.logLevel,
      redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
      ...(pretty ? { transport: { target: "pino-pretty" } } : {}),
    },
  });
  if (config.seedDemo) {
    const seeded = await seedDemoContent(database, { mediaDir: config.mediaDir, sourceDir: path.join(projectRoot, "demo/media") });
    if (seeded) app.log.info({ event: "seeded" }, "demo content added to the empty database");
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("unhandledRejection", (reason) => app.log.error({ err: reason }, "unhandled rejection"));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
