import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompress } from "../../../scripts/vite-precompress";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { createContext } from "../context";
import { type Database, openDatabase } from "../db/database";
import { migrateToLatest } from "../db/migrate";
import { registerMember } from "../test/factories";
import { LiveClient } from "../test/live";

/** A built web app as the build leaves it: a script, a style sheet and index.html, each with .br and .gz beside it. */
async function writeWebBuild(webDir: string) {
  fs.mkdirSync(path.join(webDir, "assets"), { recursive: true });
  const script = `export const verses = ${JSON.stringify(Array.from({ length: 400 }, (_, index) => `verse ${index}`))};\n`;
  const index = `<!doctype html><html lang="en"><head><title>Gathering</title>${"<meta name=x content=y>".repeat(80)}</head><body><div id="root"></div></body></html>`;
  fs.writeFileSync(path.join(webDir, "assets", "app-abc123.js"), script);
  fs.writeFileSync(path.join(webDir, "index.html"), index);
  fs.writeFileSync(path.join(webDir, "favicon.svg"), "<svg/>");
  // The build's own plugin writes the variants, so this test also covers it.
  const plugin = precompress();
  const configResolved = plugin.configResolved as (config: { root: string; build: { outDir: string; write: boolean } }) => void;
  configResolved({ root: webDir, build: { outDir: ".", write: true } });
  await (plugin.closeBundle as () => Promise<void>)();
  return { script, index };
}

describe("compression", () => {
  let app: FastifyInstance;
  let database: Database;
  let dataDir: string;
  let webDir: string;
  let origin: string;
  let files: { script: string; index: string };
  const media = Buffer.from("ID3".padEnd(64 * 1024, "a"));

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gathering-compression-"));
    webDir = path.join(dataDir, "web");
    files = await writeWebBuild(webDir);
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, SEED_DEMO: "false", LOG_LEVEL: "silent" });
    database = openDatabase({ sqliteFile: path.join(dataDir, "platform.db") });
    await migrateToLatest(database);
    fs.mkdirSync(config.mediaDir, { recursive: true });
    fs.writeFileSync(path.join(config.mediaDir, "hymn.mp3"), media);
    app = await buildApp(createContext(config, database), { webDir });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address() as { port: number };
    origin = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: "GET", url, headers });

  it("writes Brotli and gzip variants at build time, and none for a file too small to gain", () => {
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(webDir, "assets", "app-abc123.js.br"))).toString()).toBe(files.script);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(webDir, "assets", "app-abc123.js.gz"))).toString()).toBe(files.script);
    expect(fs.existsSync(path.join(webDir, "favicon.svg.br"))).toBe(false);
  });

  it("sends a built script's Brotli variant with Content-Encoding, its own type and Vary", async () => {
    const response = await get("/assets/app-abc123.js", { "accept-encoding": "gzip, deflate, br" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(files.script);
  });

  it("sends the gzip variant to a client without Brotli, and the plain file to one that accepts neither", async () => {
    const gzip = await get("/assets/app-abc123.js", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(files.script);
    const plain = await get("/assets/app-abc123.js", { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(files.script);
  });

  it("sends the app's page compressed for any path the web router answers", async () => {
    const response = await get("/sermons", { "accept-encoding": "br" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/text\/html/);
    expect(response.headers["cache-control"]).toBe("no-cache, private");
    // The page as built, with the visitor's initial state before </head> (app-shell.test.ts).
    const [head, body] = files.index.split("</head>");
    const page = zlib.brotliDecompressSync(response.rawPayload).toString();
    expect(page.startsWith(`${head}<script type="application/json" id="initial-state">{"user":null,`)).toBe(true);
    expect(page.endsWith(`</script></head>${body}`)).toBe(true);
    const gzip = await get("/sermons", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toContain('{"user":null,');
  });

  it("compresses an API answer above 1 KiB, and not a small one", async () => {
    const large = await get("/api/openapi.json", { "accept-encoding": "br, gzip" });
    expect(large.headers["content-encoding"]).toBe("br");
    expect(large.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(zlib.brotliDecompressSync(large.rawPayload).toString())).toHaveProperty("openapi");
    const gzip = await get("/api/openapi.json", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    const small = await get("/api/auth/current", { "accept-encoding": "br, gzip" });
    expect(small.statusCode).toBe(401);
    expect(small.headers["content-encoding"]).toBeUndefined();
  });

  it("never compresses a media Range answer: its bytes and Content-Range stay exact", async () => {
    const response = await get("/media/hymn.mp3", { "accept-encoding": "br, gzip", range: "bytes=0-9999" });
    expect(response.statusCode).toBe(206);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers["content-range"]).toBe(`bytes 0-9999/${media.length}`);
    expect(response.rawPayload.equals(media.subarray(0, 10_000))).toBe(true);
  });

  it("leaves the live link alone: a WebSocket opens and speaks plain frames", async () => {
    const member = await registerMember(app);
    const client = await LiveClient.connect(`${origin.replace("http", "ws")}/ws`, member.cookie, { origin });
    expect(client.snapshot).toContain(member.user.id);
    client.socket.close();
    await client.closed;
  });
});
