import { afterAll, beforeAll, expect, it } from "vitest";
import { messages } from "@shared/messages";
import { type TestApp, buildTestApp, describeEachDatabase } from "../../test/app";
import { type Member, registerMember } from "../../test/factories";

describeEachDatabase("messages API", (dialect) => {
  let t: TestApp;
  let ruth: Member;
  let boaz: Member;
  let naomi: Member;
  const get = (member: Member | null, url: string) =>
    t.app.inject({ method: "GET", url, headers: member ? { cookie: member.cookie } : {} });

  /** `count` direct messages taking turns, `a` first, each with the content and time `message(i)` gives. */
  const exchange = (a: Member, b: Member, count: number, message: (i: number) => { content: string; createdAt: string }) =>
    t.database.db
      .insertInto("messages")
      .values(
        Array.from({ length: count }, (_, i) => ({
          senderId: i % 2 === 0 ? a.user.id : b.user.id,
          receiverId: i % 2 === 0 ? b.user.id : a.user.id,
          groupId: null,
          roomCode: null,
          readAt: null,
          ...message(i),
        })),
      )
      .execute();

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    ruth = await registerMember(t.app, { displayName: "Ruth" });
    boaz = await registerMember(t.app, { displayName: "Boaz" });
    naomi = await registerMember(t.app, { displayName: "Naomi" });
    const start = Date.parse("2026-01-01T10:00:00.000Z");
    await exchange(ruth, boaz, 25, (i) => ({ content: `message ${i}`, createdAt: new Date(start + i * 60_000).toISOString() }));
  });
  afterAll(async () => t.close());

  it("answers 401 when signed out", async () => {
    expect((await get(null, `/api/messages?userId=${ruth.user.id}&otherUserId=${boaz.user.id}`)).statusCode).toBe(401);
    expect((await get(null, "/api/messages/recent")).statusCode).toBe(401);
    expect((await get(null, "/api/messages/settings")).statusCode).toBe(401);
  });

  it("answers 403 unless the signed-in member is one of the two", async () => {
    const response = await get(naomi, `/api/messages?userId=${ruth.user.id}&otherUserId=${boaz.user.id}`);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBeTruthy();
  });

  it("answers 400 with a message for missing or malformed ids and cursors", async () => {
    expect((await get(ruth, `/api/messages?userId=${ruth.user.id}`)).statusCode).toBe(400);
    expect((await get(ruth, `/api/messages?userId=abc&otherUserId=${boaz.user.id}`)).statusCode).toBe(400);
    const badCursor = await get(ruth, `/api/messages?userId=${ruth.user.id}&otherUserId=${boaz.user.id}&cursor=zzz`);
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().message).toBe(messages.invalidCursor);
  });

  it("answers the latest page oldest first, with a Link to older messages, and pages back without overlap", async () => {
    const first = await get(ruth, `/api/messages?userId=${ruth.user.id}&otherUserId=${boaz.user.id}&limit=10`);
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.map((m: { message: string }) => m.message)).toEqual(Array.from({ length: 10 }, (_, i) => `message ${15 + i}`));
    expect(page[0]).toMatchObject({ senderId: boaz.user.id, receiverId: ruth.user.id, content: "message 15" });
    expect(page[0].createdAt).toBe(page[0].timestamp);
    const link = String(first.headers.link);
    expect(link).toMatch(/rel="next"/);
    expect(link).toContain(`cursor=${first.headers["x-next-cursor"]}`);
    const next = link.slice(1, link.indexOf(">"));
    const older = (await get(ruth, next)).json();
    expect(older.map((m: { message: string }) => m.message)).toEqual(Array.from({ length: 10 }, (_, i) => `message ${5 + i}`));
  });

  it("pages through messages stored in the same millisecond without losing or repeating one", async () => {
    await exchange(naomi, ruth, 7, (i) => ({ content: `same time ${i}`, createdAt: "2026-02-01T10:00:00.000Z" }));
    const seen: string[] = [];
    let url: string | null = `/api/messages?userId=${naomi.user.id}&otherUserId=${ruth.user.id}&limit=3`;
    while (url) {
      const response = await get(naomi, url);
      seen.unshift(...response.json().map((m: { message: string }) => m.message));
      const link = response.headers.link ? String(response.headers.link) : "";
      url = link ? link.slice(1, link.indexOf(">")) : null;
    }
    expect(seen).toEqual(Array.from({ length: 7 }, (_, i) => `same time ${i}`));
  });

  it("works with the two ids in either order (the viewer may be otherUserId)", async () => {
    const response = await get(boaz, `/api/messages?userId=${ruth.user.id}&otherUserId=${boaz.user.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(20);
  });

  it("marks the conversation read when opened, which unreadCount in GET /api/users reflects", async () => {
    const fresh = await registerMember(t.app);
    await t.database.db
      .insertInto("messages")
      .values({
        senderId: naomi.user.id,
        receiverId: fresh.user.id,
        groupId: null,
        roomCode: null,
        content: "Welcome!",
        createdAt: new Date().toISOString(),
        readAt: null,
      })
      .execute();
    const before = (await get(fresh, "/api/users")).json();
    expect(before.find((c: { id: number }) => c.id === naomi.user.id)).toMatchObject({ unreadCount: 1, lastMessage: "Welcome!" });
    await get(fresh, `/api/messages?userId=${fresh.user.id}&otherUserId=${naomi.user.id}`);
    const after = (await get(fresh, "/api/users")).json();
    expect(after.find((c: { id: number }) => c.id === naomi.user.id).unreadCount).toBe(0);
    // The sender's own view is untouched by the receiver reading.
    const senderView = (await get(naomi, "/api/users")).json();
    expect(senderView.find((c: { id: number }) => c.id === fresh.user.id).unreadCount).toBe(0);
  });

  it("answers the viewer's recent direct messages, newest first", async () => {
    const response = await get(boaz, "/api/messages/recent?limit=3");
    expect(response.statusCode).toBe(200);
    expect(response.json().map((m: { message: string }) => m.message)).toEqual(["message 24", "message 23", "message 22"]);
  });

  it("persists the message settings toggles per member, with defaults", async () => {
    const member = await registerMember(t.app);
    const defaults = (await get(member, "/api/messages/settings")).json();
    expect(defaults).toEqual({
      emailNotifications: true,
      desktopNotifications: false,
      soundNotifications: true,
      readReceipts: true,
      onlineStatus: true,
      messageRequests: true,
    });
    const put = await t.app.inject({
      method: "PUT",
      url: "/api/messages/settings",
      headers: { cookie: member.cookie },
      payload: { readReceipts: false, onlineStatus: false },
    });
    expect(put.statusCode).toBe(200);
    expect((await get(member, "/api/messages/settings")).json()).toMatchObject({
      readReceipts: false,
      onlineStatus: false,
      emailNotifications: true,
    });
    const bad = await t.app.inject({
      method: "PUT",
      url: "/api/messages/settings",
      headers: { cookie: member.cookie },
      payload: { readReceipts: "yes" },
    });
    expect(bad.statusCode).toBe(400);
    const malformed = await t.app.inject({
      method: "PUT",
      url: "/api/messages/settings",
      headers: { cookie: member.cookie, "content-type": "application/json" },
      payload: "{oops",
    });
    expect(malformed.statusCode).toBe(400);
    // Other pages' settings in the same row survive.
    await t.database.db
      .updateTable("user_settings")
      .set({ settings: JSON.stringify({ theme: "dark", messages: { readReceipts: false } }) })
      .where("userId", "=", member.user.id)
      .execute();
    await t.app.inject({
      method: "PUT",
      url: "/api/messages/settings",
      headers: { cookie: member.cookie },
      payload: { soundNotifications: false },
    });
    const row = await t.database.db
      .selectFrom("user_settings")
      .select("settings")
      .where("userId", "=", member.user.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.settings)).toMatchObject({ theme: "dark", messages: { readReceipts: false, soundNotifications: false } });
  });
});
