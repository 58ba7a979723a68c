import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, buildTestApp } from "../test/app";
import { type NginxInstance, mediaLocations, nginxMissing, startNginx } from "../test/nginx";

/**
 * The production path where nginx serves /media/ itself (deploy/nginx-media.conf, as the README tells a church to
 * include it): every answer a player or a download relies on is the one the app's own /media/ route gives.
 */
if (nginxMissing) console.warn(`Skipping the nginx media tests: ${nginxMissing}`);

describe.skipIf(Boolean(nginxMissing))("nginx serving /media/ from the media folder", () => {
  let t: TestApp;
  let nginx: NginxInstance;
  let app: string;
  const bytes = Buffer.alloc(3 * 1024 * 1024 + 17);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31) % 251;

  beforeAll(async () => {
    t = await buildTestApp("sqlite");
    const media = t.ctx.config.mediaDir;
    fs.mkdirSync(path.join(media, "sermons"), { recursive: true });
    fs.writeFileSync(path.join(media, "sermons", "grace.mp3"), bytes);
    fs.writeFileSync(path.join(media, "talk.mp4"), bytes.subarray(0, 1000));
    fs.writeFileSync(path.join(media, ".upload-in-progress.mp3"), "partial");
    fs.writeFileSync(path.join(t.dataDir, "platform-secret.txt"), "not for you");
    // nginx's workers read the files: the scratch folders mkdtemp made private must be readable to them.
    for (let folder = media; folder.startsWith(path.dirname(t.dataDir)); folder = path.dirname(folder)) fs.chmodSync(folder, 0o755);
    app = await t.app.listen({ port: 0, host: "127.0.0.1" });
    nginx = await startNginx({ upstream: new URL(app).host, server: mediaLocations(media) });
  });
  afterAll(async () => {
    await nginx?.stop();
    await t?.close();
  });

  const both = async (url: string, init: RequestInit = {}) => {
    const [fromNginx, fromApp] = await Promise.all([fetch(`${nginx.url}${url}`, init), fetch(`${app}${url}`, init)]);
    return { nginx: fromNginx, app: fromApp };
  };

  it("answers a Range read with the same bytes, status and headers as the app", async () => {
    const { nginx: proxied, app: direct } = await both("/media/sermons/grace.mp3", { headers: { range: "bytes=1000-1999999" } });
    expect(proxied.status).toBe(206);
    expect(direct.status).toBe(206);
    // (nginx names Accept-Ranges on full answers only; the next test reads it there.)
    for (const header of ["content-range", "content-length", "content-type", "cache-control", "cross-origin-resource-policy"]) {
      expect(proxied.headers.get(header), header).toBe(direct.headers.get(header));
    }
    const body = Buffer.from(await proxied.arrayBuffer());
    expect(body.equals(bytes.subarray(1000, 2_000_000))).toBe(true);
    expect(Buffer.from(await direct.arrayBuffer()).equals(body)).toBe(true);
  });

  it("serves the whole file with its type and an ETag that answers 304, and HEAD with its length", async () => {
    const whole = await fetch(`${nginx.url}/media/talk.mp4`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("video/mp4");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes.subarray(0, 1000))).toBe(true);
    const etag = whole.headers.get("etag")!;
    expect(etag).toBeTruthy();
    const again = await fetch(`${nginx.url}/media/talk.mp4`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    const head = await fetch(`${nginx.url}/media/sermons/grace.mp3`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(bytes.length));
  });

  it("refuses a range past the end with 416, as the app does", async () => {
    const { nginx: proxied, app: direct } = await both("/media/talk.mp4", { headers: { range: "bytes=5000-" } });
    expect(proxied.status).toBe(416);
    expect(direct.status).toBe(416);
    expect(proxied.headers.get("content-range")).toBe("bytes */1000");
  });

  it("saves rather than plays with ?download, keeping the caching headers", async () => {
    const response = await fetch(`${nginx.url}/media/sermons/grace.mp3?download=1`, { headers: { range: "bytes=0-9" } });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000");
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes.subarray(0, 10))).toBe(true);
  });

  it("never serves a hidden file or anything outside the media folder", async () => {
    expect((await fetch(`${nginx.url}/media/.upload-in-progress.mp3`)).status).toBe(404);
    expect((await fetch(`${nginx.url}/media/..%2Fplatform-secret.txt`)).status).not.toBe(200);
    expect((await fetch(`${nginx.url}/media/../platform-secret.txt`)).status).not.toBe(200);
    expect((await fetch(`${nginx.url}/media/missing.mp3`)).status).toBe(404);
  });

  it("still sends everything else, the live HLS folder included, to the app", async () => {
    const ready = await fetch(`${nginx.url}/readyz`);
    expect(ready.status).toBe(200);
    // The app's own answer for a live name it doesn't know, not nginx's file lookup.
    const live = await fetch(`${nginx.url}/media/live/1/video.m3u8`);
    expect(live.status).toBe(404);
    expect(live.headers.get("content-type")).toMatch(/application\/json/);
  });
});
