import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, buildTestApp } from "../test/app";
import { parseRange } from "./range";

describe("parseRange", () => {
  it.each([
    ["bytes=0-99", { start: 0, end: 99 }],
    ["bytes=100-", { start: 100, end: 999 }],
    ["bytes=-100", { start: 900, end: 999 }],
    ["bytes=-5000", { start: 0, end: 999 }],
    ["bytes=990-5000", { start: 990, end: 999 }],
    ["bytes=1000-", "unsatisfiable"],
    ["bytes=500-400", "unsatisfiable"],
    ["bytes=-0", "unsatisfiable"],
    ["bytes=0-1,5-9", undefined],
    ["items=0-1", undefined],
    [undefined, undefined],
  ])("reads %s of a 1000-byte file", (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });
});

describe("GET /media/*", () => {
  let t: TestApp;
  const bytes = Buffer.alloc(3 * 1024 * 1024 + 17);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31) % 251;

  beforeAll(async () => {
    t = await buildTestApp("sqlite");
    fs.mkdirSync(t.ctx.config.mediaDir, { recursive: true });
    fs.writeFileSync(path.join(t.ctx.config.mediaDir, "song.mp3"), bytes);
    fs.writeFileSync(path.join(t.ctx.config.mediaDir, "talk.mp4"), bytes.subarray(0, 1000));
    fs.writeFileSync(path.join(t.dataDir, "secret.txt"), "not for you");
  });
  afterAll(async () => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

  it("serves the whole file with its type, length, ETag, long caching and Accept-Ranges", async () => {
    const response = await get("/media/song.mp3");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("audio/mpeg");
    expect(response.headers["content-length"]).toBe(String(bytes.length));
    expect(response.headers["accept-ranges"]).toBe("bytes");
    expect(response.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(response.headers["cache-control"]).toMatch(/max-age=31536000/);
    expect(response.rawPayload.equals(bytes)).toBe(true);
    expect((await get("/media/talk.mp4")).headers["content-type"]).toBe("video/mp4");
  });

  it("answers the first bytes with 206 and Content-Range", async () => {
    const response = await get("/media/song.mp3", { range: "bytes=0-1" });
    expect(response.statusCode).toBe(206);
    expect(response.headers["content-range"]).toBe(`bytes 0-1/${bytes.length}`);
    expect(response.headers["content-length"]).toBe("2");
    expect(response.rawPayload.equals(bytes.subarray(0, 2))).toBe(true);
  });

  it("answers a 1 MiB range from the middle of the file", async () => {
    const start = 1024 * 1024 + 5;
    const end = start + 1024 * 1024 - 1;
    const response = await get("/media/song.mp3", { range: `bytes=${start}-${end}` });
    expect(response.statusCode).toBe(206);
    expect(response.headers["content-range"]).toBe(`bytes ${start}-${end}/${bytes.length}`);
    expect(response.rawPayload.equals(bytes.subarray(start, end + 1))).toBe(true);
  });

  it("answers an open-ended and a suffix range", async () => {
    const open = await get("/media/song.mp3", { range: `bytes=${bytes.length - 10}-` });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.equals(bytes.subarray(bytes.length - 10))).toBe(true);
    const suffix = await get("/media/song.mp3", { range: "bytes=-500" });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.headers["content-range"]).toBe(`bytes ${bytes.length - 500}-${bytes.length - 1}/${bytes.length}`);
    expect(suffix.rawPayload.equals(bytes.subarray(bytes.length - 500))).toBe(true);
  });

  it("answers 416 with the size for an unsatisfiable range", async () => {
    const response = await get("/media/song.mp3", { range: `bytes=${bytes.length}-` });
    expect(response.statusCode).toBe(416);
    expect(response.headers["content-range"]).toBe(`bytes */${bytes.length}`);
  });

  it("answers 304 when the ETag still matches, and the whole file when If-Range no longer does", async () => {
    const etag = (await get("/media/song.mp3", { range: "bytes=0-0" })).headers.etag as string;
    const cached = await get("/media/song.mp3", { "if-none-match": etag });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);
    const stale = await get("/media/song.mp3", { range: "bytes=0-9", "if-range": '"stale"' });
    expect(stale.statusCode).toBe(200);
    const fresh = await get("/media/song.mp3", { range: "bytes=0-9", "if-range": etag });
    expect(fresh.statusCode).toBe(206);
  });

  it("answers a malformed path with 400, not 500", async () => {
    expect((await get("/media/bad%zz")).statusCode).toBe(400);
  });

  it("answers HEAD with the headers only", async () => {
    const response = await t.app.inject({ method: "HEAD", url: "/media/song.mp3" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-length"]).toBe(String(bytes.length));
    expect(response.rawPayload.length).toBe(0);
  });

  it("offers a download when asked", async () => {
    const response = await get("/media/talk.mp4?download=1");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="talk.mp4"');
  });

  it.each(["/media/missing.mp3", "/media/", "/media/nested/missing.mp3"])("answers 404 JSON for a missing file: %s", async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe("Not found.");
  });

  it.each(["/media/../secret.txt", "/media/%2e%2e/secret.txt", "/media/..%2fsecret.txt", "/media/%2e%2e%2f%2e%2e%2fetc%2fpasswd"])(
    "refuses a path outside the media folder: %s",
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain("not for you");
    },
  );
});
