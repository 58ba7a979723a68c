import fs from "node:fs";
import path from "node:path";
import { parseFile } from "music-metadata";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase, openTestDatabase } from "../../test/app";
import type { Database } from "../database";
import { demoContent } from "./demo-content";
import { seedDemoContent } from "./seed";

const sourceDir = path.resolve(import.meta.dirname, "../../../../demo/media");

describeEachDatabase("demo content", (dialect) => {
  let database: Database;
  let mediaDir: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const opened = await openTestDatabase(dialect);
    database = opened.database;
    drop = opened.drop;
    mediaDir = path.join(opened.dataDir, "media");
    expect(await seedDemoContent(database, { mediaDir, sourceDir })).toBe(true);
  }, 120_000);
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it("fills an empty database with a living community", async () => {
    const { db } = database;
    const count = async (type: string) =>
      (
        await db
          .selectFrom("media")
          .select("id")
          .where("type", "=", type as "song")
          .execute()
      ).length;
    expect(await count("sermon")).toBeGreaterThanOrEqual(6);
    expect(await count("song")).toBeGreaterThanOrEqual(8);
    expect(await count("podcast")).toBeGreaterThanOrEqual(4);
    const categories = await db.selectFrom("categories").selectAll().execute();
    expect(categories.filter((c) => c.type === "sermon").length).toBeGreaterThanOrEqual(4);
    expect(categories.filter((c) => c.type === "music").length).toBeGreaterThanOrEqual(4);
    expect(categories.filter((c) => c.type === "podcast").length).toBeGreaterThanOrEqual(3);
    const sermonCategories = await db.selectFrom("media").select("categoryId").distinct().where("type", "=", "sermon").execute();
    expect(sermonCategories.length).toBeGreaterThanOrEqual(4);
    const upcoming = await db.selectFrom("events").select("id").where("startTime", ">", new Date().toISOString()).execute();
    expect(upcoming.length).toBeGreaterThanOrEqual(3);
    const users = await db.selectFrom("users").selectAll().execute();
    expect(users).toHaveLength(6);
    expect(users.some((u) => u.displayName.includes("Pastor"))).toBe(true);
    expect(users.some((u) => u.accountType === "premium")).toBe(true);
    expect((await db.selectFrom("posts").select("id").execute()).length).toBeGreaterThanOrEqual(6);
    expect((await db.selectFrom("comments").select("id").execute()).length).toBeGreaterThan(0);
    expect(await db.selectFrom("groups").select("id").execute()).toHaveLength(3);
  });

  it("keeps each post's like and comment counts true to the rows", async () => {
    const { db } = database;
    const posts = await db.selectFrom("posts").selectAll().execute();
    for (const post of posts) {
      const comments = await db.selectFrom("comments").select("id").where("postId", "=", post.id).execute();
      const likes = await db.selectFrom("post_likes").select("postId").where("postId", "=", post.id).execute();
      expect(post.commentsCount).toBe(comments.length);
      expect(post.likesCount).toBe(likes.length);
    }
  });

  it("names only media files that exist, with the duration read from each file", async () => {
    const items = await database.db.selectFrom("media").selectAll().execute();
    for (const item of items) {
      const file = path.join(mediaDir, item.mediaUrl.replace(/^\/media\//, ""));
      expect(fs.existsSync(file), file).toBe(true);
      const seconds = (await parseFile(file, { duration: true })).format.duration ?? 0;
      expect(item.duration).toBeGreaterThan(0);
      expect(Math.abs(item.duration - seconds)).toBeLessThanOrEqual(1);
      expect(item.thumbnailUrl).toBeTruthy();
      expect(fs.existsSync(path.join(mediaDir, item.thumbnailUrl!.replace(/^\/media\//, "")))).toBe(true);
    }
  });

  it("does nothing on a database that already has members", async () => {
    expect(await seedDemoContent(database, { mediaDir, sourceDir })).toBe(false);
    expect(await database.db.selectFrom("users").select("id").execute()).toHaveLength(6);
  });

  it("keeps the committed demo media small", () => {
    const total = fs.readdirSync(sourceDir).reduce((sum, name) => sum + fs.statSync(path.join(sourceDir, name)).size, 0);
    expect(total).toBeLessThan(15 * 1024 * 1024);
    expect(demoContent.media.every((item) => fs.existsSync(path.join(sourceDir, item.file)))).toBe(true);
  });
});
