import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { sizedImage } from "@shared/images";
import { type TestApp, buildTestApp, describeEachDatabase } from "../test/app";
import { type Member, registerMember } from "../test/factories";
import { type FilePart, injectMultipart } from "../test/multipart";

const DEMO = path.resolve(import.meta.dirname, "../../../demo/media");
const MP3 = fs.readFileSync(path.join(DEMO, "song-02-still-waters.mp3"));

/** An 800×400 photo: wide enough for the 160, 320 and 640 copies, and a copy at its own width. */
const photo = () =>
  sharp({ create: { width: 800, height: 400, channels: 3, background: "#3a7" } })
    .jpeg()
    .toBuffer();

describeEachDatabase("images are stored with AVIF and WebP copies", (dialect) => {
  let t: TestApp;
  let ruth: Member;
  let admin: Member;
  let bytes: Buffer;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    ruth = await registerMember(t.app);
    admin = await registerMember(t.app);
    await t.ctx.db.updateTable("users").set({ role: "admin" }).where("id", "=", admin.user.id).execute();
    bytes = await photo();
  });
  afterAll(async () => t.close());

  const fileOf = (url: string) => path.join(t.ctx.config.mediaDir, url.slice("/media/".length));

  const post = async (member: Member, image: Buffer) => {
    const response = await injectMultipart(t.app, {
      url: "/api/posts",
      cookie: member.cookie,
      fields: { content: "The new hall" },
      files: [{ name: "image", filename: "hall.jpg", type: "image/jpeg", bytes: image }],
    });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: number; imageUrl: string };
  };

  /** Every copy the name promises exists, in its format and at its size. */
  async function expectVariants(url: string) {
    const sized = sizedImage(url);
    expect(sized).toMatchObject({ width: 800, height: 400 });
    expect(sized!.variants.map((v) => `${v.width}x${v.height}.${v.format}`).sort()).toEqual(
      ["160x80", "320x160", "640x320", "800x400"].flatMap((size) => [`${size}.avif`, `${size}.webp`]).sort(),
    );
    for (const variant of sized!.variants) {
      const metadata = await sharp(fs.readFileSync(fileOf(variant.url))).metadata();
      expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
        format: variant.format === "avif" ? "heif" : "webp",
        width: variant.width,
        height: variant.height,
      });
      if (variant.format === "avif") expect(metadata.compression).toBe("av1");
    }
    return sized!;
  }

  it("writes the copies of a post's image beside it and deletes them with the post", async () => {
    const created = await post(ruth, bytes);
    expect(created.imageUrl).toMatch(/^\/media\/uploads\/post-[0-9a-f]{24}\.800x400\.jpg$/);
    const sized = await expectVariants(created.imageUrl);
    // The smallest copies are much smaller than the original.
    const small = sized.variants.find((v) => v.width === 160 && v.format === "avif")!;
    expect(fs.statSync(fileOf(small.url)).size).toBeLessThan(fs.statSync(fileOf(created.imageUrl)).size);

    const removed = await t.app.inject({ method: "DELETE", url: `/api/posts/${created.id}`, headers: { cookie: ruth.cookie } });
    expect(removed.statusCode).toBe(204);
    for (const url of [created.imageUrl, ...sized.variants.map((v) => v.url)]) expect(fs.existsSync(fileOf(url))).toBe(false);
  });

  it("serves the copies under /media with their type, caching and Range; an unknown copy or a traversal is 404", async () => {
    const created = await post(ruth, bytes);
    const sized = sizedImage(created.imageUrl)!;
    for (const variant of sized.variants.filter((v) => v.width === 320)) {
      const whole = await t.app.inject({ method: "GET", url: variant.url });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers["content-type"]).toBe(`image/${variant.format}`);
      expect(whole.headers["cache-control"]).toBe("public, max-age=31536000");
      expect(whole.rawPayload.equals(fs.readFileSync(fileOf(variant.url)))).toBe(true);
      const part = await t.app.inject({ method: "GET", url: variant.url, headers: { range: "bytes=0-9" } });
      expect(part.statusCode).toBe(206);
      expect(part.rawPayload.length).toBe(10);
      expect(part.headers["content-range"]).toBe(`bytes 0-9/${whole.rawPayload.length}`);
    }
    const stem = created.imageUrl.replace(/\.jpg$/, "");
    for (const url of [
      `${stem}.480w.avif`,
      `${stem}.320w.png`,
      "/media/uploads/..%2F..%2Fpackage.json",
      "/media/%2e%2e/%2e%2e/etc/passwd",
    ]) {
      expect((await t.app.inject({ method: "GET", url })).statusCode, url).toBe(404);
    }
  });

  it("writes the copies of a profile photo and removes the old photo's copies when it is replaced", async () => {
    const upload = async (image: Buffer) => {
      const response = await injectMultipart(t.app, {
        url: `/api/users/${ruth.user.id}/avatar`,
        cookie: ruth.cookie,
        fields: {},
        files: [{ name: "avatar", filename: "me.jpg", type: "image/jpeg", bytes: image }],
      });
      expect(response.statusCode).toBe(200);
      return response.json().profileImageUrl as string;
    };
    const first = await upload(bytes);
    const sized = await expectVariants(first);
    await upload(
      await sharp({ create: { width: 90, height: 90, channels: 3, background: "#a37" } })
        .png()
        .toBuffer(),
    );
    for (const url of [first, ...sized.variants.map((v) => v.url)]) expect(fs.existsSync(fileOf(url))).toBe(false);
  });

  it("writes the copies of a published item's artwork and deletes them with the item", async () => {
    const parts: FilePart[] = [
      { name: "file", filename: "song.mp3", type: "audio/mpeg", bytes: MP3 },
      { name: "thumbnail", filename: "cover.jpg", type: "image/jpeg", bytes },
    ];
    const category = await t.ctx.db
      .insertInto("categories")
      .values({ name: "Hymns", description: "", type: "music" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const published = await injectMultipart(t.app, {
      url: "/api/content/media",
      cookie: admin.cookie,
      fields: { title: "Still Waters", type: "song", categoryId: String(category.id) },
      files: parts,
    });
    expect(published.statusCode).toBe(201);
    const item = published.json() as { id: number; thumbnailUrl: string };
    expect(item.thumbnailUrl).toMatch(/^\/media\/published\/[0-9a-f]{32}\.800x400\.jpg$/);
    const sized = await expectVariants(item.thumbnailUrl);

    const removed = await t.app.inject({ method: "DELETE", url: `/api/content/media/${item.id}`, headers: { cookie: admin.cookie } });
    expect(removed.statusCode).toBe(204);
    for (const url of [item.thumbnailUrl, ...sized.variants.map((v) => v.url)]) expect(fs.existsSync(fileOf(url))).toBe(false);
  });

  it("stores a GIF with its size and no still copies, which would lose an animation", async () => {
    const gif = await sharp({ create: { width: 200, height: 100, channels: 4, background: "#37a" } })
      .gif()
      .toBuffer();
    const created = await post(ruth, gif);
    expect(created.imageUrl).toMatch(/\.200x100\.gif$/);
    expect(sizedImage(created.imageUrl)).toEqual({ width: 200, height: 100, variants: [] });
    const folder = path.dirname(fileOf(created.imageUrl));
    const stem = path.basename(created.imageUrl, ".gif");
    expect(fs.readdirSync(folder).filter((name) => name.startsWith(stem))).toEqual([path.basename(created.imageUrl)]);
  });
});
