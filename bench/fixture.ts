import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { createContext } from "../src/server/context";
import { openDatabase } from "../src/server/db/database";
import { migrateToLatest } from "../src/server/db/migrate";
import { seedDemoContent } from "../src/server/db/seed/seed";
import type { Fixture } from "./cases";

const root = path.resolve(import.meta.dirname, "..");

/** A data folder with the demo content and one extra signed-in member, for both servers to read. */
export async function prepareFixture(): Promise<{ dataDir: string; fixture: Fixture; token: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "platform-bench-"));
  const database = openDatabase({ sqliteFile: path.join(dataDir, "platform.db") });
  await migrateToLatest(database);
  await seedDemoContent(database, { mediaDir: path.join(dataDir, "media"), sourceDir: path.join(root, "demo/media") });
  const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: "false", LOG_LEVEL: "silent" });
  const app = await buildApp(createContext(config, database));
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: { username: "bench_member", email: "bench@example.org", password: "Benchmark123", displayName: "Bench Member" },
  });
  const cookie = String(response.headers["set-cookie"]).split(";")[0];
  const userId = response.json().id as number;
  const other = await database.db.selectFrom("users").select("id").where("id", "!=", userId).orderBy("id").executeTakeFirstOrThrow();
  await app.close();
  await database.close();
  return { dataDir, fixture: { cookie, userId, otherUserId: other.id }, token: cookie.slice("sid=".length) };
}
