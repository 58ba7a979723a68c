import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import multipart from "@fastify/multipart";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishingMessages } from "@shared/contracts/publishing";
import { type TestApp, buildTestApp, describeEachDatabase } from "../../test/app";
import { type Member, registerMember } from "../../test/factories";
import { type FilePart, multipartBody } from "../../test/multipart";
import { registerErrorHandler } from "../../http/error-handler";
import { readPublishForm, sniffMedia, sniffThumbnail } from "./media-upload";

const DEMO = path.resolve(import.meta.dirname, "../../../../demo/media");
const MP3 = fs.readFileSync(path.join(DEMO, "song-02-still-waters.mp3"));
const MP4 = fs.readFileSync(path.join(DEMO, "sermon-01-grace-that-finds-us.mp4"));
const JPG = fs.readFileSync(path.join(DEMO, "thumb-sermon-01.jpg"));

const mp3Part = (bytes: Buffer = MP3): FilePart => ({ name: "file", filename: "still-waters.mp3", type: "audio/mpeg", bytes });

describe("media sniffing", () => {
  it("recognises audio and video containers by their first bytes", () => {
    expect(sniffMedia(MP3)?.mimeType).toBe("audio/mpeg");
    expect(sniffMedia(MP4)?.mimeType).toBe("video/mp4");
    expect(sniffMedia(Buffer.from([0xff, 0xfb, 0x90, 0x00]))?.ext).toBe("mp3");
    expect(sniffMedia(Buffer.from("\0\0\0\x20ftypM4A \0\0\0\0", "latin1"))?.mimeType).toBe("audio/mp4");
    expect(sniffMedia(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x01]))?.ext).toBe("webm");
    expect(sniffMedia(Buffer.from("OggS\0\x02", "latin1"))?.ext).toBe("ogg");
    expect(sniffMedia(Buffer.from("RIFF\x24\0\0\0WAVEfmt ", "latin1"))?.ext).toBe("wav");
    expect(sniffMedia(Buffer.from("fLaC\0\0\0\x22", "latin1"))?.ext).toBe("flac");
    expect(sniffMedia(Buffer.from("<html><script>alert(1)</script>"))).toBeNull();
    expect(sniffMedia(Buffer.from([0xff, 0xf1, 0x50, 0x80]))).toBeNull(); // AAC ADTS, not MPEG audio
  });

  it("accepts JPEG, PNG and WebP thumbnails only", () => {
    expect(sniffThumbnail(JPG)).toBe("jpg");
    expect(sniffThumbnail(Buffer.from("GIF89a......"))).toBeNull();
    expect(sniffThumbnail(Buffer.from("<svg/>"))).toBeNull();
  });
});

describe("the publish form's size limits", () => {
  it("answers 413 for a media file over the limit and leaves no half-written file behind", async () => {
    const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "publish-limit-"));
    const app = Fastify();
    registerErrorHandler(app);
    await app.register(multipart);
    app.post("/upload", async (request) => {
      const form = await readPublishForm(request, mediaDir, { mediaBytes: 64 * 1024, thumbnailBytes: 1024 });
      return { media: form.media?.url ?? null };
    });
    try {
      const small = multipartBody({}, [mp3Part(MP3.subarray(0, 32 * 1024))]);
      const accepted = await app.inject({ method: "POST", url: "/upload", headers: small.headers, payload: small.payload });
      expect(accepted.statusCode).toBe(200);
      const kept = fs.readdirSync(path.join(mediaDir, "published"));
      expect(kept).toHaveLength(1);

      const big = multipartBody({}, [mp3Part(MP3.subarray(0, 128 * 1024))]);
      const refused = await app.inject({ method: "POST", url: "/upload", headers: big.headers, payload: big.payload });
      expect(refused.statusCode).toBe(413);
      expect(refused.json().message).toBe(publishingMessages.fileTooLarge);
      expect(fs.readdirSync(path.join(mediaDir, "published"))).toEqual(kept);
    } finally {
      await app.close();
      fs.rmSync(mediaDir, { recursive: true, force: true });
    }
  });
});

describeEachDatabase("publishing media", (dialect) => {
  let t: TestApp;
  let creator: Member;
  let otherCreator: Member;
  let admin: Member;
  let member: Member;
  let sermonCategory: number;
  let musicCategory: number;
  let podcastCategory: number;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    creator = await registerMember(t.app, { displayName: "Creator Grace" });
    otherCreator = await registerMember(t.app, { displayName: "Creator Paul" });
    admin = await registerMember(t.app, { displayName: "Admin Ada" });
    member = await registerMember(t.app, { displayName: "Member Mo" });
    await t.ctx.db.updateTable("users").set({ role: "creator" }).where("id", "in", [creator.user.id, otherCreator.user.id]).execute();
    await t.ctx.db.updateTable("users").set({ role: "admin" }).where("id", "=", admin.user.id).execute();
    const insert = async (name: string, type: "sermon" | "music" | "podcast") =>
      (await t.ctx.db.insertInto("categories").values({ name, description: "", type }).returning("id").executeTakeFirstOrThrow()).id;
    sermonCategory = await insert("Faith", "sermon");
    musicCategory = await insert("Hymns", "music");
    podcastCategory = await insert("Daily Walk", "podcast");
  });
  afterAll(async () => t.close());

  const publishedFiles = () => {
    const folder = path.join(t.ctx.config.mediaDir, "published");
    return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
  };
  const publish = (who: Member | null, fields: Record<string, string>, files: FilePart[] = [mp3Part()]) => {
    const body = multipartBody(fields, files);
    return t.app.inject({
      method: "POST",
      url: "/api/content/media",
      headers: { ...body.headers, ...(who ? { cookie: who.cookie } : {}) },
      payload: body.payload,
    });
  };
  const song = () => ({
    title: "Still Waters (live)",
    description: "Recorded at evening worship",
    type: "song",
    categoryId: String(musicCategory),
    artist: "Gathering Choir",
  });

  it("publishes a song as a creator: stored file, duration read from it, shown in the media list", async () => {
    const response = await publish(creator, song(), [
      mp3Part(),
      { name: "thumbnail", filename: "cover.jpg", type: "image/jpeg", bytes: JPG },
    ]);
    expect(response.statusCode).toBe(201);
    const item = response.json();
    expect(item).toMatchObject({
      title: "Still Waters (live)",
      type: "song",
      categoryId: musicCategory,
      artist: "Gathering Choir",
      mimeType: "audio/mpeg",
      playCount: 0,
    });
    expect(item.duration).toBeGreaterThan(0);
    expect(item.mediaUrl).toMatch(/^\/media\/published\/[\w-]+\.mp3$/);
    expect(item.thumbnailUrl).toMatch(/^\/media\/published\/[0-9a-f]{32}\.480x270\.jpg$/);
    expect(item.mediaUrl).not.toContain("still-waters");

    const served = await t.app.inject({ method: "GET", url: item.mediaUrl });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(MP3)).toBe(true);

    const list = await t.app.inject({ method: "GET", url: "/api/content/media?type=song" });
    expect(list.json().map((m: { id: number }) => m.id)).toContain(item.id);
    const row = await t.ctx.db.selectFrom("media").select("uploadedBy").where("id", "=", item.id).executeTakeFirstOrThrow();
    expect(row.uploadedBy).toBe(creator.user.id);
  });

  it("publishes a sermon video as an admin and reads its type from the bytes", async () => {
    const response = await publish(admin, { title: "Grace That Finds Us", type: "sermon", categoryId: String(sermonCategory) }, [
      { name: "file", filename: "grace.bin", type: "application/octet-stream", bytes: MP4 },
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ mimeType: "video/mp4", thumbnailUrl: null, description: "", artist: "" });
    expect(response.json().mediaUrl).toMatch(/\.mp4$/);
  });

  it("announces a published item in the transaction that stores it: both are written, or neither (the outbox)", async () => {
    const announcements = async (mediaId: number) =>
      (await t.ctx.db.selectFrom("jobs").select("name").where("dedupeKey", "=", `media-published:${mediaId}`).execute()).map(
        (job) => job.name,
      );
    const published = await publish(admin, { title: "Fresh Mercies", type: "sermon", categoryId: String(sermonCategory) });
    expect(published.statusCode).toBe(201);
    expect(await announcements(published.json().id)).toEqual(["media.published"]);

    // The announcement is written and then the transaction fails: neither the sermon nor its announcement remains.
    const enqueue = t.ctx.jobs.enqueue;
    t.ctx.jobs.enqueue = (async (...args: Parameters<typeof enqueue>) => {
      await enqueue(...args);
      throw new Error("the transaction fails after the announcement");
    }) as typeof enqueue;
    const jobsBefore = (await t.ctx.db.selectFrom("jobs").select("id").execute()).length;
    try {
      const failed = await publish(admin, { title: "Never Announced", type: "sermon", categoryId: String(sermonCategory) });
      expect(failed.statusCode).toBe(500);
    } finally {
      t.ctx.jobs.enqueue = enqueue;
    }
    expect(await t.ctx.db.selectFrom("media").select("id").where("title", "=", "Never Announced").execute()).toEqual([]);
    expect((await t.ctx.db.selectFrom("jobs").select("id").execute()).length).toBe(jobsBefore);
  });

  it("answers 401 to a visitor and 403 to a plain member, storing nothing", async () => {
    const before = publishedFiles().length;
    expect((await publish(null, song())).statusCode).toBe(401);
    const refused = await publish(member, song());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(publishingMessages.notAllowed);
    expect(publishedFiles().length).toBe(before);
  });

  it("refuses a bad type, a missing title, a category of another type and a missing file with clear messages", async () => {
    const before = publishedFiles().length;
    const badType = await publish(creator, { ...song(), type: "video" });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toBe(publishingMessages.typeInvalid);
    const noTitle = await publish(creator, { ...song(), title: "   " });
    expect(noTitle.json().message).toBe(publishingMessages.titleRequired);
    const wrongCategory = await publish(creator, { ...song(), categoryId: String(sermonCategory) });
    expect(wrongCategory.statusCode).toBe(400);
    expect(wrongCategory.json().message).toBe(publishingMessages.categoryMismatch);
    const podcastInMusic = await publish(creator, { ...song(), type: "podcast", categoryId: String(musicCategory) });
    expect(podcastInMusic.json().message).toBe(publishingMessages.categoryMismatch);
    const unknownCategory = await publish(creator, { ...song(), categoryId: "999999" });
    expect(unknownCategory.json().message).toBe(publishingMessages.categoryMismatch);
    const noFile = await publish(creator, song(), []);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe(publishingMessages.fileRequired);
    // Every refused upload left no file behind.
    expect(publishedFiles().length).toBe(before);
  });

  it("refuses a file that is not audio or video whatever its name says, and a thumbnail that is not an image", async () => {
    const before = publishedFiles().length;
    const html = await publish(creator, song(), [
      { name: "file", filename: "song.mp3", type: "audio/mpeg", bytes: Buffer.from("<html><script>alert(1)</script></html>") },
    ]);
    expect(html.statusCode).toBe(400);
    expect(html.json().message).toBe(publishingMessages.fileType);
    const svgThumb = await publish(creator, song(), [
      mp3Part(),
      { name: "thumbnail", filename: "x.png", type: "image/png", bytes: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>") },
    ]);
    expect(svgThumb.statusCode).toBe(400);
    expect(svgThumb.json().message).toBe(publishingMessages.thumbnailType);
    expect(publishedFiles().length).toBe(before);
  });

  it("answers 413 for a thumbnail over 5 MB and removes the media file already written", async () => {
    const before = publishedFiles().length;
    const big = Buffer.concat([JPG, Buffer.alloc(5 * 1024 * 1024)]);
    const response = await publish(creator, song(), [
      mp3Part(),
      { name: "thumbnail", filename: "big.jpg", type: "image/jpeg", bytes: big },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(publishingMessages.thumbnailTooLarge);
    expect(publishedFiles().length).toBe(before);
  });

  it("lets the uploader edit words and category, refuses another member, and checks the category type", async () => {
    const created = (await publish(creator, { ...song(), type: "podcast", categoryId: String(podcastCategory) })).json();
    const patch = (who: Member | null, payload: Record<string, unknown>, id = created.id) =>
      t.app.inject({ method: "PATCH", url: `/api/content/media/${id}`, headers: who ? { cookie: who.cookie } : {}, payload });

    const edited = await patch(creator, { title: "Episode 1: Beginnings", artist: "Host Hannah", playCount: 999, mediaUrl: "/etc/passwd" });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      title: "Episode 1: Beginnings",
      artist: "Host Hannah",
      playCount: 0,
      mediaUrl: created.mediaUrl,
    });
    expect((await patch(otherCreator, { title: "Hijacked" })).statusCode).toBe(403);
    expect((await patch(member, { title: "Hijacked" })).statusCode).toBe(403);
    expect((await patch(null, { title: "Hijacked" })).statusCode).toBe(401);
    expect((await patch(admin, { description: "Edited by the office" })).statusCode).toBe(200);
    const wrong = await patch(creator, { categoryId: musicCategory });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(publishingMessages.categoryMismatch);
    expect((await patch(creator, { title: "" })).json().message).toBe(publishingMessages.titleRequired);
    expect((await patch(creator, { title: "x" }, 999999)).statusCode).toBe(404);
    const malformed = await t.app.inject({
      method: "PATCH",
      url: `/api/content/media/${created.id}`,
      headers: { cookie: creator.cookie, "content-type": "application/json" },
      payload: "{not json",
    });
    expect(malformed.statusCode).toBe(400);
  });

  it("deletes an item with its files for the uploader or an admin, never for another member", async () => {
    const created = (
      await publish(creator, song(), [mp3Part(), { name: "thumbnail", filename: "c.jpg", type: "image/jpeg", bytes: JPG }])
    ).json();
    const remove = (who: Member | null, id = created.id) =>
      t.app.inject({ method: "DELETE", url: `/api/content/media/${id}`, headers: who ? { cookie: who.cookie } : {} });
    const file = path.join(t.ctx.config.mediaDir, created.mediaUrl.replace(/^\/media\//, ""));
    expect(fs.existsSync(file)).toBe(true);

    expect((await remove(null)).statusCode).toBe(401);
    expect((await remove(member)).statusCode).toBe(403);
    expect((await remove(otherCreator)).statusCode).toBe(403);
    expect(fs.existsSync(file)).toBe(true);

    expect((await remove(creator)).statusCode).toBe(204);
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.existsSync(path.join(t.ctx.config.mediaDir, created.thumbnailUrl.replace(/^\/media\//, "")))).toBe(false);
    expect((await t.app.inject({ method: "GET", url: `/api/content/media/${created.id}` })).statusCode).toBe(404);
    expect((await remove(creator)).statusCode).toBe(404);

    const another = (await publish(otherCreator, song())).json();
    expect((await remove(admin, another.id)).statusCode).toBe(204);
  });
});
