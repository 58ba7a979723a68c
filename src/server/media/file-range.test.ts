import fs from "node:fs";
import net from "node:net";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, buildTestApp } from "../test/app";

/** How many descriptors this process holds open on `file` (Linux; elsewhere the check is skipped). */
function openDescriptors(file: string): number | null {
  if (!fs.existsSync("/proc/self/fd")) return null;
  let count = 0;
  for (const fd of fs.readdirSync("/proc/self/fd")) {
    try {
      if (fs.readlinkSync(`/proc/self/fd/${fd}`) === file) count += 1;
    } catch {
      // closed while we looked
    }
  }
  return count;
}

describe("media bodies written from reused read buffers", () => {
  let t: TestApp;
  let origin: string;
  let file: string;
  const bytes = Buffer.alloc(5 * 1024 * 1024 + 123);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7 + (i >> 13)) % 256;

  beforeAll(async () => {
    t = await buildTestApp("sqlite");
    fs.mkdirSync(t.ctx.config.mediaDir, { recursive: true });
    file = path.join(t.ctx.config.mediaDir, "sermon.mp4");
    fs.writeFileSync(file, bytes);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t.close());

  it("sends every byte right to many readers at once, whole files and ranges alike", async () => {
    const ranges = Array.from({ length: 16 }, (_, i) => (i % 2 === 0 ? null : { start: i * 300_001, end: i * 300_001 + 1_500_000 }));
    const bodies = await Promise.all(
      ranges.map(async (range) => {
        const response = await fetch(
          `${origin}/media/sermon.mp4`,
          range ? { headers: { range: `bytes=${range.start}-${range.end}` } } : {},
        );
        return { range, status: response.status, body: Buffer.from(await response.arrayBuffer()) };
      }),
    );
    for (const { range, status, body } of bodies) {
      expect(status).toBe(range ? 206 : 200);
      expect(body.equals(range ? bytes.subarray(range.start, range.end + 1) : bytes)).toBe(true);
    }
  });

  it("closes the file when a reader goes away mid-body, and keeps serving", async () => {
    const socket = net.connect(Number(new URL(origin).port), "127.0.0.1");
    socket.on("error", () => {});
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write(`GET /media/sermon.mp4 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    await new Promise<void>((resolve) => socket.once("data", () => resolve()));
    socket.destroy();
    if (openDescriptors(file) !== null) await expect.poll(() => openDescriptors(file), { timeout: 5_000 }).toBe(0);
    const again = await fetch(`${origin}/media/sermon.mp4`, { headers: { range: "bytes=0-99" } });
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes.subarray(0, 100))).toBe(true);
  });
});
