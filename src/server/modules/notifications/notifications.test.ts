import { afterAll, beforeAll, expect, it } from "vitest";
import { createManualClock } from "../../clock";
import { type TestApp, buildTestApp, describeEachDatabase } from "../../test/app";
import { registerMember } from "../../test/factories";

const day = 86_400_000;
const announced = "2025-12-01T09:00:00.000Z";

describeEachDatabase("notifications and newsletter", (dialect) => {
  let t: TestApp;
  const clock = createManualClock();
  const at = (offset: number) => new Date(clock.now() + offset).toISOString();
  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, undefined, clock);
  });
  afterAll(async () => t.close());

  it("shows visitors the upcoming events, not the past or cancelled ones", async () => {
    await t.database.db
      .insertInto("events")
      .values([
        {
          title: "Sunday Worship",
          description: "",
          startTime: at(day),
          endTime: at(day + 7200_000),
          location: "Main Hall",
          createdBy: null,
          cancelledAt: null,
          createdAt: announced,
        },
        {
          title: "Past Picnic",
          description: "",
          startTime: at(-day),
          endTime: at(-day + 3600_000),
          location: "Park",
          createdBy: null,
          cancelledAt: null,
          createdAt: announced,
        },
        {
          title: "Cancelled Choir",
          description: "",
          startTime: at(2 * day),
          endTime: at(2 * day + 3600_000),
          location: "Chapel",
          createdBy: null,
          cancelledAt: at(0),
          createdAt: announced,
        },
      ])
      .execute();
    const response = await t.app.inject({ method: "GET", url: "/api/notifications" });
    expect(response.statusCode).toBe(200);
    expect(response.json().items.map((i: { title: string }) => i.title)).toEqual(["Sunday Worship"]);
  });

  it("shows visitors at most the next three events, soonest first", async () => {
    await t.database.db
      .insertInto("events")
      .values(
        [5, 4, 3, 0.5].map((days) => ({
          title: `In ${days} days`,
          description: "",
          startTime: at(days * day),
          endTime: at(days * day + 3600_000),
          location: "Hall",
          createdBy: null,
          cancelledAt: null,
          createdAt: announced,
        })),
      )
      .execute();
    const response = await t.app.inject({ method: "GET", url: "/api/notifications" });
    expect(response.json().items.map((i: { title: string }) => i.title)).toEqual(["In 0.5 days", "Sunday Worship", "In 3 days"]);
  });

  it("shows a visitor's events as upcoming events with their start, never unread and never as news that just arrived", async () => {
    const answer = (await t.app.inject({ method: "GET", url: "/api/notifications" })).json();
    expect(answer.unreadCount).toBe(0);
    const sunday = answer.items.find((item: { title: string }) => item.title === "Sunday Worship");
    expect(sunday).toEqual({
      id: expect.any(Number),
      title: "Sunday Worship",
      body: "Main Hall",
      link: "/events",
      category: "event",
      readAt: null,
      createdAt: announced,
      startsAt: at(day),
    });
    for (const item of answer.items) {
      expect(Date.parse(item.startsAt)).toBeGreaterThan(clock.now());
      expect(item.createdAt).toBe(announced);
    }
  });

  it("drops an event from a visitor's bell once it has started, by the app's clock", async () => {
    const before = (await t.app.inject({ method: "GET", url: "/api/notifications" })).json();
    expect(before.items[0].title).toBe("In 0.5 days");
    clock.advance(0.6 * day);
    const after = (await t.app.inject({ method: "GET", url: "/api/notifications" })).json();
    expect(after.items.map((i: { title: string }) => i.title)).toEqual(["Sunday Worship", "In 3 days", "In 4 days"]);
  });

  it("marks a member's notifications read, one or all", async () => {
    const member = await registerMember(t.app);
    const list = (await t.app.inject({ method: "GET", url: "/api/notifications", headers: { cookie: member.cookie } })).json();
    expect(list.unreadCount).toBe(3);
    expect(list.items.every((item: { startsAt: string | null }) => item.startsAt === null)).toBe(true);
    await t.app.inject({
      method: "POST",
      url: "/api/notifications/read",
      headers: { cookie: member.cookie },
      payload: { ids: [list.items[0].id] },
    });
    expect((await t.app.inject({ method: "GET", url: "/api/notifications", headers: { cookie: member.cookie } })).json().unreadCount).toBe(
      2,
    );
    const all = await t.app.inject({ method: "POST", url: "/api/notifications/read", headers: { cookie: member.cookie }, payload: {} });
    expect(all.statusCode).toBe(204);
    expect((await t.app.inject({ method: "GET", url: "/api/notifications", headers: { cookie: member.cookie } })).json().unreadCount).toBe(
      0,
    );
  });

  it("does not let a member mark another member's notifications", async () => {
    const a = await registerMember(t.app);
    const b = await registerMember(t.app);
    const bList = (await t.app.inject({ method: "GET", url: "/api/notifications", headers: { cookie: b.cookie } })).json();
    await t.app.inject({
      method: "POST",
      url: "/api/notifications/read",
      headers: { cookie: a.cookie },
      payload: { ids: bList.items.map((i: { id: number }) => i.id) },
    });
    expect((await t.app.inject({ method: "GET", url: "/api/notifications", headers: { cookie: b.cookie } })).json().unreadCount).toBe(3);
  });

  it("answers 401 when a visitor marks notifications read", async () => {
    expect((await t.app.inject({ method: "POST", url: "/api/notifications/read", payload: {} })).statusCode).toBe(401);
  });

  it("stores a newsletter subscription once, whatever the letter case", async () => {
    const first = await t.app.inject({ method: "POST", url: "/api/newsletter", payload: { email: "Grace@Example.org" } });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ subscribed: true });
    const again = await t.app.inject({ method: "POST", url: "/api/newsletter", payload: { email: "grace@example.org" } });
    expect(again.statusCode).toBe(201);
    const rows = await t.database.db.selectFrom("newsletter_subscriptions").selectAll().execute();
    expect(rows.filter((r) => r.email.toLowerCase() === "grace@example.org")).toHaveLength(1);
  });

  it("refuses an invalid newsletter email with the spec's message", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/newsletter", payload: { email: "not-an-email" } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Valid email is required");
  });
});
