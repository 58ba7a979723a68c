import { Writable } from "node:stream";
import { afterAll, beforeAll, expect, it } from "vitest";
import { messages } from "@shared/messages";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { createContext } from "../../context";
import { type TestApp, buildTestApp, describeEachDatabase } from "../../test/app";
import { type Member, registerMember } from "../../test/factories";

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

describeEachDatabase("calendar links and the Host header", (dialect) => {
  let open: TestApp;
  let pinned: TestApp;
  let eventId: number;
  let pinnedEventId: number;

  async function createEvent(t: TestApp, admin: Member) {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/events",
      headers: { cookie: admin.cookie },
      payload: { title: "Harvest Supper", startTime: inHours(24), endTime: inHours(26), location: "Hall" },
    });
    return response.json().id as number;
  }

  async function adminOf(t: TestApp) {
    const admin = await registerMember(t.app);
    await t.ctx.db.updateTable("users").set({ role: "admin" }).where("id", "=", admin.user.id).execute();
    return admin;
  }

  beforeAll(async () => {
    open = await buildTestApp(dialect);
    eventId = await createEvent(open, await adminOf(open));
    // A trailing slash, as people often write it, must not change the links.
    pinned = await buildTestApp(dialect, { PUBLIC_ORIGIN: "https://church.example.org/", TRUST_PROXY: "1" });
    pinnedEventId = await createEvent(pinned, await adminOf(pinned));
  });
  afterAll(async () => {
    await open.close();
    await pinned.close();
  });

  it("answers 400, not 500, for a malformed Host on both .ics routes", async () => {
    for (const host of ["exa mple.org", "[::1", "user@example.org", "example.org:99999", "example.org/path", "%00", "a..b"]) {
      for (const url of ["/api/events/calendar.ics", `/api/events/${eventId}.ics`]) {
        const response = await open.app.inject({ method: "GET", url, headers: { host } });
        expect(response.statusCode, `${host} ${url}`).toBe(400);
        expect(response.json(), `${host} ${url}`).toEqual({ message: messages.badHost, code: "bad_host" });
      }
    }
    // A well-formed host, with or without a port, still works.
    for (const host of ["church.example.org", "localhost:3000", "[::1]:3000", "192.168.1.5"]) {
      expect((await open.app.inject({ method: "GET", url: "/api/events/calendar.ics", headers: { host } })).statusCode, host).toBe(200);
    }
  });

  it("writes PUBLIC_ORIGIN into the publicly cached feed and never a spoofed Host or X-Forwarded-Host", async () => {
    for (const url of ["/api/events/calendar.ics", `/api/events/${pinnedEventId}.ics`]) {
      const response = await pinned.app.inject({
        method: "GET",
        url,
        headers: { host: "evil.example.com", "x-forwarded-host": "attacker.example.net", "x-forwarded-proto": "http" },
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain("evil.example");
      expect(response.body).not.toContain("attacker.example");
      const unfolded = response.body.replace(/\r\n /g, "");
      expect(unfolded).toContain(`UID:event-${pinnedEventId}@church.example.org`);
      expect(unfolded).toContain(`URL:https://church.example.org/events#event-${pinnedEventId}`);
    }
  });
});

describeEachDatabase("PUBLIC_ORIGIN at start", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  async function startupLines(env: Record<string, string>) {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const config = loadConfig({ NODE_ENV: "production", DATA_DIR: t.dataDir, SEED_DEMO: "false", ...env });
    const app = await buildApp(createContext(config, t.database), { logger: { level: "info", stream } });
    await app.ready();
    await app.close();
    return lines.map((line) => JSON.parse(line) as { level: number; event?: string; msg: string });
  }

  it("tells a production operator in one log line to set PUBLIC_ORIGIN when it is unset, and says nothing once it is set", async () => {
    const unset = (await startupLines({})).filter((line) => line.event === "public_origin_unset");
    expect(unset).toHaveLength(1);
    expect(unset[0]?.level).toBe(40);
    expect(unset[0]?.msg).toContain("PUBLIC_ORIGIN");
    expect((await startupLines({ PUBLIC_ORIGIN: "https://church.example.org" })).some((line) => line.event === "public_origin_unset")).toBe(
      false,
    );
  });
});
