import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type TestApp, buildTestApp, describeEachDatabase } from "../test/app";
import { type Member, registerMember } from "../test/factories";
import { multipartBody } from "../test/multipart";

const DEMO = path.resolve(import.meta.dirname, "../../../demo/media");
const MP3 = fs.readFileSync(path.join(DEMO, "song-02-still-waters.mp3"));

const GPS_IFD_POINTER = 0x8825;

/** The tag numbers of an EXIF block's first IFD (enough to see a GPS pointer), read as TIFF says. */
function ifd0Tags(exif: Buffer): number[] {
  const tiff = exif.subarray(exif.indexOf("Exif\0\0") === 0 ? 6 : 0);
  const little = tiff.toString("latin1", 0, 2) === "II";
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const start = u32(4);
  return Array.from({ length: u16(start) }, (_, i) => u16(start + 2 + i * 12));
}

/** A 40×20 photo as a phone writes it: rotated by its Orientation tag, with the camera's make and where it was taken. */
async function phonePhoto(format: "jpeg" | "png" | "webp"): Promise<Buffer> {
  const bytes = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#7a3" } })
    .toFormat(format)
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "PhoneCo", Model: "Pocket 9" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 2645/100", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 3960/100" },
    })
    .toBuffer();
  const { exif } = await sharp(bytes).metadata();
  // The test is only worth something if the upload really carries GPS.
  expect(exif && ifd0Tags(exif)).toContain(GPS_IFD_POINTER);
  return bytes;
}

describeEachDatabase("uploaded photos lose their EXIF data", (dialect) => {
  let t: TestApp;
  let member: Member;
  let creator: Member;
  let categoryId: number;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    member = await registerMember(t.app);
    creator = await registerMember(t.app);
    await t.ctx.db.updateTable("users").set({ role: "creator" }).where("id", "=", creator.user.id).execute();
    categoryId = (
      await t.ctx.db
        .insertInto("categories")
        .values({ name: "Hymns", description: "", type: "music" })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => t.close());

  const post = async (who: Member, url: string, fields: Record<string, string>, files: Parameters<typeof multipartBody>[1]) => {
    const body = multipartBody(fields, files);
    return t.app.inject({ method: "POST", url, headers: { ...body.headers, cookie: who.cookie }, payload: body.payload });
  };

  /** The stored file behind a /media URL: no EXIF, no XMP, no camera or place, and the orientation applied to the pixels. */
  async function expectClean(url: string, format: string) {
    const stored = fs.readFileSync(path.join(t.ctx.config.mediaDir, url.slice("/media/".length)));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe(format);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(stored.includes("Exif\0\0")).toBe(false);
    expect(stored.includes("PhoneCo")).toBe(false);
    expect([meta.width, meta.height, meta.orientation ?? 1]).toEqual([20, 40, 1]);
  }

  it("strips EXIF and GPS from a post's photo, keeping its orientation", async () => {
    const response = await post(member, "/api/posts", { content: "At the lake" }, [
      { name: "image", filename: "lake.jpg", type: "image/jpeg", bytes: await phonePhoto("jpeg") },
    ]);
    expect(response.statusCode).toBe(201);
    await expectClean(response.json().imageUrl, "jpeg");
  });

  it("strips EXIF and GPS from an avatar, in PNG and WebP alike", async () => {
    for (const format of ["png", "webp"] as const) {
      const response = await post(member, `/api/users/${member.user.id}/avatar`, {}, [
        { name: "avatar", filename: `me.${format}`, type: `image/${format}`, bytes: await phonePhoto(format) },
      ]);
      expect(response.statusCode).toBe(200);
      await expectClean(response.json().profileImageUrl, format);
    }
  });

  it("strips EXIF and GPS from a published item's thumbnail", async () => {
    const response = await post(
      creator,
      "/api/content/media",
      { title: "Still Waters", type: "song", categoryId: String(categoryId), artist: "Choir" },
      [
        { name: "file", filename: "still-waters.mp3", type: "audio/mpeg", bytes: MP3 },
        { name: "thumbnail", filename: "cover.jpg", type: "image/jpeg", bytes: await phonePhoto("jpeg") },
      ],
    );
    expect(response.statusCode).toBe(201);
    await expectClean(response.json().thumbnailUrl, "jpeg");
  });

  it("refuses bytes that only look like an image (a JPEG signature and nothing behind it) with 400", async () => {
    const response = await post(member, "/api/posts", { content: "Broken" }, [
      { name: "image", filename: "x.jpg", type: "image/jpeg", bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 1, 2, 3]) },
    ]);
    expect(response.statusCode).toBe(400);
  });
});
