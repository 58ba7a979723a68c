import ICAL from "ical.js";
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { eventMessages } from "@shared/contracts/events";
import { createManualClock } from "../../clock";
import { type TestApp, buildTestApp, describeEachDatabase } from "../../test/app";
import { type Member, registerMember } from "../../test/factories";
import { buildCalendar, escapeText, foldLine } from "./ical";

const HOUR = 3_600_000;

/** Parses an iCalendar text with ical.js and answers its VEVENTs as ical.js Events. */
function parseEvents(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return { calendar, events: calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent)) };
}

describe("iCalendar writer", () => {
  it("escapes TEXT values and folds long lines at 75 octets without splitting characters", () => {
    expect(escapeText("a\\b;c,d\ne")).toBe("a\\\\b\\;c\\,d\\ne");
    const folded = foldLine(`DESCRIPTION:${"é".repeat(100)}`);
    const lines = folded.split("\r\n");
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((line) => line.startsWith(" "))).toBe(true);
    expect(lines.map((line, i) => (i === 0 ? line : line.slice(1))).join("")).toBe(`DESCRIPTION:${"é".repeat(100)}`);
  });

  it("writes a calendar that ical.js reads back with the same values", () => {
    const description = `Bring a friend, a Bible; and snacks.\nLine two — ${"long ".repeat(30)}`;
    const text = buildCalendar(
      [
        {
          uid: "event-7@example.org",
          title: "Youth Night, Worship; Games",
          description,
          location: "Fellowship Hall, Room 2",
          startTime: "2026-01-05T18:00:00.000Z",
          endTime: "2026-01-05T20:30:00.000Z",
          createdAt: "2025-12-01T10:00:00.000Z",
          sequence: 2,
          cancelled: false,
        },
      ],
      { name: "Test", productId: "Gathering", now: new Date("2025-12-24T08:00:00Z") },
    );
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const { calendar, events } = parseEvents(text);
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(events).toHaveLength(1);
    const [event] = events;
    assert.isDefined(event);
    expect(event.uid).toBe("event-7@example.org");
    expect(event.summary).toBe("Youth Night, Worship; Games");
    expect(event.description).toBe(description);
    expect(event.location).toBe("Fellowship Hall, Room 2");
    expect(event.startDate.toJSDate().toISOString()).toBe("2026-01-05T18:00:00.000Z");
    expect(event.endDate.toJSDate().toISOString()).toBe("2026-01-05T20:30:00.000Z");
    expect(event.sequence).toBe(2);
    expect(event.component.getFirstPropertyValue("dtstamp")?.toString()).toBe("2025-12-24T08:00:00Z");
    const alarm = event.component.getFirstSubcomponent("valarm");
    expect(alarm?.getFirstPropertyValue("action")).toBe("DISPLAY");
    expect(alarm?.getFirstPropertyValue("trigger")?.toString()).toBe("-PT1H");
  });
});

describeEachDatabase("events", (dialect) => {
  let t: TestApp;
  let member: Member;
  let other: Member;
  let admin: Member;
  // The app reads this clock; it starts at the real time because the .ics feed still reads the system clock.
  const clock = createManualClock(Date.now());
  const inHours = (hours: number) => new Date(clock.now() + hours * HOUR).toISOString();
  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, undefined, clock);
    member = await registerMember(t.app);
    other = await registerMember(t.app);
    admin = await registerMember(t.app, { displayName: "Admin" });
    await t.ctx.db.updateTable("users").set({ role: "admin" }).where("id", "=", admin.user.id).execute();
  });
  afterAll(async () => t.close());

  const as = (m: Member | null) => (m ? { cookie: m.cookie } : {});
  const create = (m: Member | null, payload: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: "/api/events", headers: as(m), payload });
  const event = (title: string, startHours: number, durationHours = 2, extra: Record<string, unknown> = {}) =>
    create(admin, {
      title,
      startTime: inHours(startHours),
      endTime: inHours(startHours + durationHours),
      location: "Main Sanctuary",
      description: "All welcome",
      ...extra,
    });

  it("lets admins create events and refuses members (403), the signed out (401) and bad input (400)", async () => {
    const created = await event("Sunday Worship", 48);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      title: "Sunday Worship",
      location: "Main Sanctuary",
      cancelledAt: null,
      goingCount: 0,
      myRsvp: null,
    });
    expect((await create(member, { title: "x", startTime: inHours(1), endTime: inHours(2) })).statusCode).toBe(403);
    expect((await create(null, { title: "x", startTime: inHours(1), endTime: inHours(2) })).statusCode).toBe(401);
    const noTitle = await create(admin, { title: " ", startTime: inHours(1), endTime: inHours(2) });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().message).toBe(eventMessages.titleRequired);
    const backwards = await create(admin, { title: "x", startTime: inHours(3), endTime: inHours(2) });
    expect(backwards.json().message).toBe(eventMessages.endAfterStart);
    const noStart = await create(admin, { title: "x", endTime: inHours(2) });
    expect(noStart.json().message).toBe(eventMessages.startRequired);
    const badDate = await create(admin, { title: "x", startTime: "next tuesday", endTime: inHours(2) });
    expect(badDate.statusCode).toBe(400);
  });

  it("lists upcoming events soonest first (spec §7), past events most recent first, and leaves cancelled ones out", async () => {
    const later = (await event("Choir Practice", 100)).json();
    const soon = (await event("Prayer Meeting", 2)).json();
    const ongoing = (await event("All-day Retreat", -1, 5)).json();
    const past = (await event("Last Week's Picnic", -170)).json();
    const older = (await event("Old Concert", -1000)).json();
    const cancelled = (await event("Cancelled Study", 5)).json();
    await t.app.inject({ method: "POST", url: `/api/events/${cancelled.id}/cancel`, headers: as(admin) });

    const upcoming = (await t.app.inject({ method: "GET", url: "/api/events?upcoming=true" })).json();
    const ids = upcoming.map((e: { id: number }) => e.id);
    expect(ids).toEqual(expect.arrayContaining([ongoing.id, soon.id, later.id]));
    expect(ids.indexOf(ongoing.id)).toBeLessThan(ids.indexOf(soon.id));
    expect(ids.indexOf(soon.id)).toBeLessThan(ids.indexOf(later.id));
    expect(ids).not.toContain(past.id);
    expect(ids).not.toContain(cancelled.id);

    const pastList = (await t.app.inject({ method: "GET", url: "/api/events?past=true" })).json().map((e: { id: number }) => e.id);
    expect(pastList).toEqual([past.id, older.id]);
    expect((await t.app.inject({ method: "GET", url: "/api/events?upcoming=maybe" })).statusCode).toBe(400);
  });

  it("records RSVPs per member with a going count, and answers 401, 404 and 409 where it must", async () => {
    const created = (await event("Bible Study", 24)).json();
    const url = `/api/events/${created.id}/rsvp`;
    expect((await t.app.inject({ method: "PUT", url, payload: { status: "going" } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "PUT", url, headers: as(member), payload: { status: "going" } })).json()).toEqual({
      status: "going",
      goingCount: 1,
    });
    expect((await t.app.inject({ method: "PUT", url, headers: as(other), payload: { status: "going" } })).json()).toEqual({
      status: "going",
      goingCount: 2,
    });
    expect((await t.app.inject({ method: "PUT", url, headers: as(member), payload: { status: "not_going" } })).json()).toEqual({
      status: "not_going",
      goingCount: 1,
    });
    const bad = await t.app.inject({ method: "PUT", url, headers: as(member), payload: { status: "maybe" } });
    expect(bad.statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: "PUT", url: "/api/events/999999/rsvp", headers: as(member), payload: { status: "going" } })).statusCode,
    ).toBe(404);

    const seenByMember = (await t.app.inject({ method: "GET", url: `/api/events/${created.id}`, headers: as(member) })).json();
    expect(seenByMember).toMatchObject({ goingCount: 1, myRsvp: "not_going" });
    const seenByOther = (await t.app.inject({ method: "GET", url: `/api/events/${created.id}`, headers: as(other) })).json();
    expect(seenByOther.myRsvp).toBe("going");

    const unread = async (m: Member) =>
      (await t.app.inject({ method: "GET", url: "/api/notifications", headers: as(m) })).json().unreadCount as number;
    const [otherBefore, memberBefore] = [await unread(other), await unread(member)];
    await t.app.inject({ method: "POST", url: `/api/events/${created.id}/cancel`, headers: as(admin) });
    // Only members going hear about the cancellation.
    expect(await unread(other)).toBe(otherBefore + 1);
    expect(await unread(member)).toBe(memberBefore);
    const afterCancel = await t.app.inject({ method: "PUT", url, headers: as(member), payload: { status: "going" } });
    expect(afterCancel.statusCode).toBe(409);
    expect(afterCancel.json().message).toBe(eventMessages.eventCancelled);
  });

  it("lets admins edit and cancel events, raising the revision; members get 403", async () => {
    const created = (await event("Men's Breakfast", 30)).json();
    const url = `/api/events/${created.id}`;
    expect((await t.app.inject({ method: "PATCH", url, headers: as(member), payload: { title: "Hacked" } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "POST", url: `${url}/cancel`, headers: as(member) })).statusCode).toBe(403);
    const edited = await t.app.inject({
      method: "PATCH",
      url,
      headers: as(admin),
      payload: { title: "Men's Pancake Breakfast", location: "Hall" },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: "Men's Pancake Breakfast", location: "Hall", description: "All welcome" });
    const backwards = await t.app.inject({ method: "PATCH", url, headers: as(admin), payload: { endTime: inHours(1) } });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe(eventMessages.endAfterStart);
    expect(
      (await t.app.inject({ method: "PATCH", url: "/api/events/999999", headers: as(admin), payload: { title: "x" } })).statusCode,
    ).toBe(404);

    const cancelled = await t.app.inject({ method: "POST", url: `${url}/cancel`, headers: as(admin) });
    expect(cancelled.json().cancelledAt).not.toBeNull();
    const ics = (await t.app.inject({ method: "GET", url: `${url}.ics` })).body;
    const [parsed] = parseEvents(ics).events;
    assert.isDefined(parsed);
    expect(parsed.sequence).toBe(2);
    expect(parsed.component.getFirstPropertyValue("status")).toBe("CANCELLED");
  });

  it("serves an event as a downloadable .ics file that a real iCalendar parser reads", async () => {
    const created = (await event("Christmas Eve, Candlelight; Service", 72, 1.5, { description: "Carols\nand candles" })).json();
    const response = await t.app.inject({ method: "GET", url: `/api/events/${created.id}.ics` });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="christmas-eve-candlelight-service.ics"');
    expect(response.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(response.body.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const { events } = parseEvents(response.body);
    expect(events).toHaveLength(1);
    const [only] = events;
    assert.isDefined(only);
    expect(only.summary).toBe("Christmas Eve, Candlelight; Service");
    expect(only.description).toBe("Carols\nand candles");
    expect(only.location).toBe("Main Sanctuary");
    expect(only.uid).toBe(`event-${created.id}@localhost`);
    expect(only.startDate.toJSDate().getTime()).toBe(Math.floor(Date.parse(created.startTime) / 1000) * 1000);
    expect(only.duration.toSeconds()).toBe(5400);
    expect((await t.app.inject({ method: "GET", url: "/api/events/999999.ics" })).statusCode).toBe(404);
  });

  it("publishes a subscribable feed of upcoming events with stable UIDs", async () => {
    const created = (await event("Feed Check Gathering", 10)).json();
    const response = await t.app.inject({ method: "GET", url: "/api/events/calendar.ics" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    const { calendar, events } = parseEvents(response.body);
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Gathering Events");
    const found = events.find((e) => e.summary === "Feed Check Gathering");
    expect(found?.uid).toBe(`event-${created.id}@localhost`);
    expect(events.some((e) => e.summary === "Old Concert")).toBe(false);
    const uids = events.map((e) => e.uid);
    expect(new Set(uids).size).toBe(uids.length);
  });

  it("answers 400 for malformed JSON bodies on create and RSVP", async () => {
    const created = (await event("Malformed Check", 12)).json();
    const headers = (m: Member) => ({ cookie: m.cookie, "content-type": "application/json" });
    const create = await t.app.inject({ method: "POST", url: "/api/events", headers: headers(admin), payload: "{title:" });
    expect(create.statusCode).toBe(400);
    const rsvp = await t.app.inject({ method: "PUT", url: `/api/events/${created.id}/rsvp`, headers: headers(member), payload: "going" });
    expect(rsvp.statusCode).toBe(400);
    expect(rsvp.json().message).toBeTruthy();
  });

  it("answers 404 for an unknown event and 400 for a malformed id", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/events/999999" })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/events/abc" })).statusCode).toBe(400);
  });

  it("moves an event from upcoming to past when the app's clock passes its end", async () => {
    const created = (await event("Evening Prayer", 1, 1)).json();
    const listed = async (query: string) =>
      (await t.app.inject({ method: "GET", url: `/api/events?${query}` })).json().map((e: { id: number }) => e.id) as number[];
    expect(await listed("upcoming=true")).toContain(created.id);
    expect(await listed("past=true")).not.toContain(created.id);
    clock.advance(3 * HOUR);
    expect(await listed("upcoming=true")).not.toContain(created.id);
    expect(await listed("past=true")).toContain(created.id);
  });
});
