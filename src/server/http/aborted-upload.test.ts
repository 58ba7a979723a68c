import fs from "node:fs";
import net from "node:net";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../app";
import { type TestApp, buildTestApp, describeEachDatabase } from "../test/app";
import { type Member, registerMember } from "../test/factories";

const DEMO = path.resolve(import.meta.dirname, "../../../demo/media");
const MP3 = fs.readFileSync(path.join(DEMO, "song-02-still-waters.mp3"));

interface LogLine {
  level: number;
  msg: string;
  event?: string;
  err?: unknown;
}

describeEachDatabase("a client that aborts an upload mid-body", (dialect) => {
  let t: TestApp;
  let app: FastifyInstance;
  let port: number;
  let member: Member;
  let creator: Member;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    member = await registerMember(t.app);
    creator = await registerMember(t.app);
    await t.ctx.db.updateTable("users").set({ role: "creator" }).where("id", "=", creator.user.id).execute();
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)) as LogLine);
        done();
      },
    });
    // A second, listening app over the same context, whose log this test reads.
    app = await buildApp(t.ctx, { logger: { level: "debug", stream } });
    await app.listen({ port: 0, host: "127.0.0.1" });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  /** Sends the headers and the first part of a multipart body that promises much more, then drops the connection. */
  async function abortUpload(url: string, cookie: string, fields: Record<string, string>, file: { name: string; bytes: Buffer }) {
    const boundary = "----abort-boundary-9c1";
    const head = Buffer.concat([
      ...Object.entries(fields).map(([name, value]) =>
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      ),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="upload.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.bytes,
    ]);
    const socket = net.connect(port, "127.0.0.1");
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write(
      `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${head.length + 1_000_000}\r\n\r\n`,
    );
    socket.write(head);
    await new Promise((resolve) => setTimeout(resolve, 150));
    socket.destroy();
  }

  async function waitForAbortLine(): Promise<LogLine[]> {
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline) {
      if (lines.some((line) => line.event === "request_aborted" || line.level >= 50)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Anything logged right after the abort (the reply that could not be sent) has arrived by now.
    await new Promise((resolve) => setTimeout(resolve, 200));
    return lines.slice();
  }

  it("logs an aborted post image as an aborted request at info level, not as an unhandled error", async () => {
    lines.length = 0;
    await abortUpload("/api/posts", member.cookie, { content: "Half a photo" }, { name: "image", bytes: Buffer.alloc(64 * 1024, 7) });
    const logged = await waitForAbortLine();
    expect(logged.filter((line) => line.level >= 50)).toEqual([]);
    const aborted = logged.filter((line) => line.event === "request_aborted");
    expect(aborted).toHaveLength(1);
    expect(aborted[0]?.level).toBeLessThanOrEqual(30);
  });

  it("logs an aborted media upload at info level and leaves no half-written file", async () => {
    lines.length = 0;
    const folder = path.join(t.ctx.config.mediaDir, "published");
    const before = fs.existsSync(folder) ? fs.readdirSync(folder) : [];
    await abortUpload(
      "/api/content/media",
      creator.cookie,
      { title: "Half a song", type: "song" },
      { name: "file", bytes: MP3.subarray(0, Math.min(MP3.length, 200_000)) },
    );
    const logged = await waitForAbortLine();
    expect(logged.filter((line) => line.level >= 50)).toEqual([]);
    expect(logged.filter((line) => line.event === "request_aborted")).toHaveLength(1);
    const after = fs.existsSync(folder) ? fs.readdirSync(folder) : [];
    expect(after).toEqual(before);
  });
});
