import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { createContext } from "../src/server/context";
import { openDatabase } from "../src/server/db/database";
import { migrateToLatest } from "../src/server/db/migrate";
import { seedDemoContent } from "../src/server/db/seed/seed";
import { BENCH_MEDIA_FILE, type Fixture, cases } from "./cases";

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
  const [cookie] = String(response.headers["set-cookie"]).split(";");
  if (!cookie?.startsWith("sid=")) throw new Error("registering the bench member set no session cookie");
  const userId = response.json().id as number;
  const other = await database.db.selectFrom("users").select("id").where("id", "!=", userId).orderBy("id").executeTakeFirstOrThrow();
  await app.close();
  await database.close();
  const posts = Math.max(0, ...cases.map((benchCase) => benchCase.needs?.posts ?? 0));
  if (posts > 0) bulkInsertPosts(path.join(dataDir, "platform.db"), posts, userId);
  const mediaMiB = Math.max(0, ...cases.map((benchCase) => benchCase.needs?.mediaFileMiB ?? 0));
  if (mediaMiB > 0) fs.writeFileSync(path.join(dataDir, "media", BENCH_MEDIA_FILE), Buffer.alloc(mediaMiB * 1024 * 1024, 7));
  return { dataDir, fixture: { cookie, userId, otherUserId: other.id }, token: cookie.slice("sid=".length) };
}

/**
 * Adds `count` posts by every member in turn, newest a minute ago, in one transaction of 500-row inserts
 * (100,000 posts take about a second), and has the bench member like every tenth one.
 */
function bulkInsertPosts(file: string, count: number, likerId: number) {
  const started = Date.now();
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  const userIds = (sqlite.prepare("select id from users order by id").all() as { id: number }[]).map((row) => row.id);
  const batch = 500;
  const columns = `("userId", content, "imageUrl", "likesCount", "commentsCount", "createdAt")`;
  const insertPosts = sqlite.prepare(`insert into posts ${columns} values ${Array(batch).fill("(?, ?, null, ?, 0, ?)").join(", ")}`);
  const insertLike = sqlite.prepare(`insert into post_likes ("postId", "userId", "createdAt") values (?, ?, ?)`);
  const now = Date.now();
  sqlite.transaction(() => {
    for (let start = 0; start < count; start += batch) {
      const values: unknown[] = [];
      for (let i = start; i < start + batch; i++) {
        const liked = i % 10 === 0 ? 1 : 0;
        values.push(
          userIds[i % userIds.length],
          `Bench post ${i}: grace and peace to you all. #Bench`,
          liked,
          new Date(now - 60_000 - i * 30_000).toISOString(),
        );
      }
      insertPosts.run(...values);
    }
    // The bench member's likes behind those counts, so likedByMe has real rows to find.
    const liked = sqlite.prepare(`select id from posts where "likesCount" = 1 and content like 'Bench post %'`).all() as { id: number }[];
    for (const { id } of liked) insertLike.run(id, likerId, new Date(now).toISOString());
  })();
  sqlite.close();
  console.error(`fixture: ${count} posts inserted in ${Date.now() - started} ms`);
}
