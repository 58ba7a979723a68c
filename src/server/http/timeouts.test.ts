import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LiveTestInstance, LiveClient, startLiveTestApp } from "../test/live";
import { type Member, registerMember } from "../test/factories";

/** Short limits, so the test sees each one act within seconds. */
const LIMITS = {
  HTTP_HEADERS_TIMEOUT_SECONDS: "0.6",
  HTTP_REQUEST_TIMEOUT_SECONDS: "1",
  HTTP_UPLOAD_TIMEOUT_SECONDS: "3",
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: "1",
};

interface Trickle {
  /** Everything the server sent back. */
  received: () => string;
  /** Milliseconds from the first byte sent until the server closed the connection, or null while it is open. */
  closedAfter: () => number | null;
  stop: () => void;
}

/** Opens a raw connection, sends `head` at once, then one byte of `drip` every `everyMs` until stopped or closed. */
async function trickle(port: number, head: string, drip: string, everyMs = 150): Promise<Trickle> {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  const started = Date.now();
  let closedAt: number | null = null;
  let received = "";
  socket.on("data", (chunk) => (received += chunk.toString("latin1")));
  socket.on("error", () => {});
  socket.on("close", () => (closedAt = Date.now()));
  if (head) socket.write(head);
  let position = 0;
  const timer = setInterval(() => {
    if (socket.destroyed) return clearInterval(timer);
    socket.write(drip.charAt(position % drip.length));
    position += 1;
  }, everyMs);
  return {
    received: () => received,
    closedAfter: () => (closedAt === null ? null : closedAt - started),
    stop: () => {
      clearInterval(timer);
      socket.destroy();
    },
  };
}

async function waitUntil(condition: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
}

describe("HTTP timeouts", () => {
  let server: LiveTestInstance & { close(): Promise<void> };
  let port: number;
  let creator: Member;
  beforeAll(async () => {
    server = await startLiveTestApp("sqlite", { env: LIMITS });
    port = Number(new URL(server.origin).port);
    creator = await registerMember(server.app);
    await server.ctx.db.updateTable("users").set({ role: "creator" }).where("id", "=", creator.user.id).execute();
  });
  afterAll(async () => server.close());

  it("closes a request whose body arrives one byte at a time past HTTP_REQUEST_TIMEOUT_SECONDS, with 408", async () => {
    const head =
      `POST /api/newsletter HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` + `Content-Length: 400\r\n\r\n`;
    const slow = await trickle(port, head, '{"email":"slow@example.org"}');
    await waitUntil(() => slow.closedAfter() !== null, 5_000);
    slow.stop();
    expect(slow.closedAfter()).not.toBeNull();
    expect(slow.closedAfter()).toBeGreaterThanOrEqual(900);
    expect(slow.closedAfter()).toBeLessThan(2_500);
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("closes a connection whose headers arrive one byte at a time past HTTP_HEADERS_TIMEOUT_SECONDS", async () => {
    const slow = await trickle(port, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n", "X-Slow: yes\r\n");
    await waitUntil(() => slow.closedAfter() !== null, 5_000);
    slow.stop();
    expect(slow.closedAfter()).not.toBeNull();
    expect(slow.closedAfter()).toBeLessThan(2_000);
    expect(slow.received()).not.toContain("200 OK");
  });

  it("gives a creator's media upload HTTP_UPLOAD_TIMEOUT_SECONDS, not the shorter request timeout, and then closes it", async () => {
    const boundary = "----slow-upload";
    const head =
      `POST /api/content/media HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${creator.cookie}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 100000\r\n\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.mp3"\r\nContent-Type: audio/mpeg\r\n\r\nID3`;
    const slow = await trickle(port, head, "x");
    await new Promise((resolve) => setTimeout(resolve, 1_800));
    expect(slow.closedAfter()).toBeNull();
    await waitUntil(() => slow.closedAfter() !== null, 5_000);
    slow.stop();
    expect(slow.closedAfter()).not.toBeNull();
    expect(slow.closedAfter()).toBeGreaterThanOrEqual(2_900);
    expect(slow.closedAfter()).toBeLessThan(4_500);
  });

  it("closes an idle keep-alive connection after HTTP_KEEP_ALIVE_TIMEOUT_SECONDS", async () => {
    const idle = await trickle(port, `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`, "", 60_000);
    await waitUntil(() => idle.received().includes("200 OK"), 2_000);
    await waitUntil(() => idle.closedAfter() !== null, 4_000);
    idle.stop();
    expect(idle.received()).toContain("200 OK");
    expect(idle.closedAfter()).not.toBeNull();
    // Node closes idle sockets on a coarse timer: within about a second of the limit (the default would be 72 s).
    expect(idle.closedAfter()).toBeLessThan(3_000);
  });

  it("keeps a WebSocket open and answering long past every request timeout", async () => {
    const client = await LiveClient.connect(server.wsUrl, creator.cookie, { origin: server.origin });
    await new Promise((resolve) => setTimeout(resolve, 3_600));
    expect(client.closeCode).toBeNull();
    client.sendRaw("not json");
    await client.next("ERROR");
    expect(client.closeCode).toBeNull();
    await client.close();
  });
});

describe("HTTP connection cap", () => {
  let server: LiveTestInstance & { close(): Promise<void> };
  let port: number;
  beforeAll(async () => {
    server = await startLiveTestApp("sqlite", { env: { HTTP_MAX_CONNECTIONS: "3" } });
    port = Number(new URL(server.origin).port);
  });
  afterAll(async () => server.close());

  /** A connection that says what happened to a request sent on it. */
  async function ask(): Promise<{ socket: net.Socket; answer: Promise<string> }> {
    const socket = net.connect(port, "127.0.0.1");
    socket.on("error", () => {});
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    const answer = new Promise<string>((resolve) => {
      let text = "";
      socket.on("data", (chunk) => {
        text += chunk.toString("latin1");
        if (text.includes("\r\n\r\n")) resolve(text.slice(0, 12));
      });
      socket.on("close", () => resolve(text ? text.slice(0, 12) : "closed"));
    });
    return { socket, answer };
  }

  it("refuses connections beyond HTTP_MAX_CONNECTIONS and takes new ones once one closes", async () => {
    const held = await Promise.all([ask(), ask(), ask()]);
    for (const { answer } of held) expect(await answer).toBe("HTTP/1.1 200");
    const refused = await ask();
    expect(await refused.answer).toBe("closed");
    held[0].socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = await ask();
    expect(await after.answer).toBe("HTTP/1.1 200");
    for (const { socket } of [...held, after]) socket.destroy();
  });
});
