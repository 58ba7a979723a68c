import { afterAll, beforeAll, expect, it } from "vitest";
import { type TestApp, buildTestApp, describeEachDatabase } from "../../test/app";
import { registerMember } from "../../test/factories";

describeEachDatabase("notifications and newsletter", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  it("shows visitors the upcoming events, not the past or cancelled ones", async () => {
    const day = 86_400_000;
    const at = (offset: number) => new Date(Date.now() + offset).toISOString();
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
          createdAt: at(0),
        },
        {
          title: "Past Picnic",
          description: "",
          startTime: at(-day),
          endTime: at(-day + 3600_000),
          location: "Park",
          createdBy: null,
          cancelledAt: null,
          createdAt: at(0),
        },
        {
          title: "Cancelled Choir",
          description: "",
          startTime: at(2 * day),
          endTime: at(2 * day + 3600_000),
          location: "Chapel",
          createdBy: null,
          cancelledAt: at(0),
          createdAt: at(0),
        },
      ])
      .execute();
    const response = await t.app.inject({ method: "GET", url: "/api/notifications" });
    expect(response.statusCode).toBe(200);
    expect(response.json().unreadCount).toBe(1);
    expect(response.json().items.map((i: { title: string }) => i.title)).toEqual(["Sunday Worship"]);
  });

  it("shows visitors at most the next three events, soonest first", async () => {
    const day = 86_400_000;
    const at = (offset: number) => new Date(Date.now() + offset).toISOString();
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
          createdAt: at(0),
        })),
      )
      .execute();
    const response = await t.app.inject({ method: "GET", url: "/api/notifications" });
    expect(response.json().unreadCount).toBe(3);
    expect(response.json().items.map((i: { title: string }) => i.title)).toEqual(["In 0.5 days", "Sunday Worship", "In 3 days"]);
  });

  it("marks a member's notifications read, one or all", async () => {
    const member = await registerMember(t.app);
    const list = (await t.app.inject({ method: "GET", url: "/api/notifications", headers: { cookie: member.cookie } })).json();
    expect(list.unreadCount).toBe(3);
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
