import ICAL from "ical.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { eventMessages } from "@shared/contracts/events";
import { type TestApp, buildTestApp, describeEachDatabase } from "../../test/app";
import { type Member, registerMember } from "../../test/factories";

const ORIGIN = "https://church.example.org";
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

function summaries(text: string): string[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent).summary);
}

describeEachDatabase('"My schedule": a private calendar of the events a member is going to', (dialect) => {
  let t: TestApp;
  let admin: Member;
  let ruth: Member;
  let boaz: Member;
  const ids: Record<string, number> = {};

  const inject = (method: "GET" | "POST" | "DELETE" | "PUT", url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  const pathOf = (url: string) => {
    expect(url.startsWith(`${ORIGIN}/api/events/schedule/`)).toBe(true);
    return url.slice(ORIGIN.length);
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, { PUBLIC_ORIGIN: ORIGIN });
    admin = await registerMember(t.app);
    await t.ctx.db.updateTable("users").set({ role: "admin" }).where("id", "=", admin.user.id).execute();
    ruth = await registerMember(t.app);
    boaz = await registerMember(t.app);
    for (const [title, start] of [
      ["Harvest Supper", 24],
      ["Choir Practice", 48],
      ["Youth Night", 72],
      ["Prayer Breakfast", 96],
    ] as const) {
      const response = await inject("POST", "/api/events", admin.cookie, { title, startTime: inHours(start), endTime: inHours(start + 2) });
      ids[title] = response.json().id;
    }
    await inject("PUT", `/api/events/${ids["Harvest Supper"]}/rsvp`, ruth.cookie, { status: "going" });
    await inject("PUT", `/api/events/${ids["Choir Practice"]}/rsvp`, ruth.cookie, { status: "not_going" });
    await inject("PUT", `/api/events/${ids["Youth Night"]}/rsvp`, boaz.cookie, { status: "going" });
    await inject("PUT", `/api/events/${ids["Prayer Breakfast"]}/rsvp`, ruth.cookie, { status: "going" });
  });
  afterAll(async () => t.close());

  it("answers 401 to a visitor for the address routes", async () => {
    for (const method of ["GET", "POST", "DELETE"] as const)
      expect((await inject(method, "/api/events/schedule-link")).statusCode).toBe(401);
  });

  it("lists only the events the member is going to, read back by ical.js, signed out", async () => {
    expect((await inject("GET", "/api/events/schedule-link", ruth.cookie)).json()).toEqual({ active: false, createdAt: null });
    const created = await inject("POST", "/api/events/schedule-link", ruth.cookie);
    expect(created.statusCode).toBe(201);
    const { url } = created.json() as { url: string };
    expect((await inject("GET", "/api/events/schedule-link", ruth.cookie)).json()).toMatchObject({ active: true });

    const feed = await t.app.inject({ method: "GET", url: pathOf(url), headers: { host: "evil.example.com" } });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(feed.headers["cache-control"]).toBe("private, max-age=300");
    expect(feed.body).not.toContain("evil.example");
    expect(summaries(feed.body)).toEqual(["Harvest Supper", "Prayer Breakfast"]);
    expect(feed.body.replace(/\r\n /g, "")).toContain(`URL:${ORIGIN}/events#event-${ids["Harvest Supper"]}`);

    // Boaz's address lists only his own answers.
    const boazUrl = (await inject("POST", "/api/events/schedule-link", boaz.cookie)).json().url as string;
    expect(boazUrl).not.toBe(url);
    expect(summaries((await inject("GET", pathOf(boazUrl))).body)).toEqual(["Youth Night"]);
  });

  it("follows the member's answers and marks a cancelled event so calendars drop it", async () => {
    const { url } = (await inject("POST", "/api/events/schedule-link", ruth.cookie)).json() as { url: string };
    await inject("PUT", `/api/events/${ids["Choir Practice"]}/rsvp`, ruth.cookie, { status: "going" });
    await inject("PUT", `/api/events/${ids["Harvest Supper"]}/rsvp`, ruth.cookie, { status: "not_going" });
    await inject("POST", `/api/events/${ids["Prayer Breakfast"]}/cancel`, admin.cookie);
    const calendar = new ICAL.Component(ICAL.parse((await inject("GET", pathOf(url))).body));
    const events = calendar.getAllSubcomponents("vevent");
    expect(events.map((vevent) => vevent.getFirstPropertyValue("summary"))).toEqual(["Choir Practice", "Prayer Breakfast"]);
    expect(events.map((vevent) => vevent.getFirstPropertyValue("status"))).toEqual(["CONFIRMED", "CANCELLED"]);
  });

  it("stops the old address when the member regenerates it, and every address when they revoke it", async () => {
    const first = (await inject("POST", "/api/events/schedule-link", ruth.cookie)).json().url as string;
    const second = (await inject("POST", "/api/events/schedule-link", ruth.cookie)).json().url as string;
    const gone = await inject("GET", pathOf(first));
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ message: eventMessages.scheduleNotFound });
    expect((await inject("GET", pathOf(second))).statusCode).toBe(200);

    expect((await inject("DELETE", "/api/events/schedule-link", ruth.cookie)).statusCode).toBe(204);
    expect((await inject("GET", pathOf(second))).statusCode).toBe(404);
    expect((await inject("GET", "/api/events/schedule-link", ruth.cookie)).json()).toEqual({ active: false, createdAt: null });
  });

  it("keeps only a hash of the token, and answers 404 to a guessed or malformed one", async () => {
    const url = (await inject("POST", "/api/events/schedule-link", boaz.cookie)).json().url as string;
    const token = url.slice(url.lastIndexOf("/") + 1, -".ics".length);
    const stored = await t.ctx.db
      .selectFrom("calendar_tokens")
      .select("tokenHash")
      .where("userId", "=", boaz.user.id)
      .executeTakeFirstOrThrow();
    expect(stored.tokenHash).not.toContain(token);
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    for (const guess of ["A".repeat(43), "short", `${"A".repeat(42)}!`, `${token}x`]) {
      expect((await inject("GET", `/api/events/schedule/${guess}.ics`)).statusCode, guess).toBe(404);
    }
  });
});
