import { afterAll, assert, beforeAll, expect, it } from "vitest";
import { createManualClock } from "../../clock";
import { type TestApp, buildTestApp, describeEachDatabase } from "../../test/app";
import { type Member, registerMember } from "../../test/factories";

describeEachDatabase("groups API", (dialect) => {
  let t: TestApp;
  let ruth: Member;
  let boaz: Member;
  let groupId: number;
  const clock = createManualClock();
  const call = (member: Member | null, method: "GET" | "POST", url: string) =>
    t.app.inject({ method, url, headers: member ? { cookie: member.cookie } : {} });

  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, undefined, clock);
    ruth = await registerMember(t.app);
    boaz = await registerMember(t.app);
    const now = clock.iso();
    const rows = await t.database.db
      .insertInto("groups")
      .values([
        { name: "Bible Study Group", description: "Weekly study", createdBy: null, createdAt: now },
        { name: "Prayer Warriors", description: "Prayer requests", createdBy: null, createdAt: now },
        { name: "Youth Ministry", description: "Youth", createdBy: null, createdAt: now },
      ])
      .returning("id")
      .execute();
    const [first] = rows;
    assert.isDefined(first);
    groupId = first.id;
  });
  afterAll(async () => t.close());

  it("lists every group with counted member counts", async () => {
    const response = await call(ruth, "GET", "/api/groups");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(3);
    expect(response.json()[0]).toMatchObject({
      name: "Bible Study Group",
      memberCount: 0,
      isMember: false,
      unreadCount: 0,
      lastMessage: null,
    });
  });

  it("joins once (idempotent), counts the member, and leaves", async () => {
    expect((await call(null, "POST", `/api/groups/${groupId}/join`)).statusCode).toBe(401);
    expect((await call(ruth, "POST", `/api/groups/${groupId}/join`)).json()).toMatchObject({ isMember: true, memberCount: 1 });
    expect((await call(ruth, "POST", `/api/groups/${groupId}/join`)).json()).toMatchObject({ isMember: true, memberCount: 1 });
    expect((await call(boaz, "POST", `/api/groups/${groupId}/join`)).json()).toMatchObject({ memberCount: 2 });
    expect((await call(boaz, "POST", `/api/groups/${groupId}/leave`)).json()).toMatchObject({ isMember: false, memberCount: 1 });
    expect((await call(ruth, "POST", "/api/groups/99999/join")).statusCode).toBe(404);
    expect((await call(ruth, "POST", "/api/groups/abc/join")).statusCode).toBe(400);
  });

  it("shows group messages to members only, counts unread ones and clears them when read", async () => {
    await call(ruth, "POST", `/api/groups/${groupId}/join`);
    await call(boaz, "POST", `/api/groups/${groupId}/join`);
    // Said a minute after they joined (and last read the group).
    clock.advance(60_000);
    await t.database.db
      .insertInto("messages")
      .values({
        senderId: ruth.user.id,
        receiverId: null,
        groupId,
        roomCode: null,
        content: "Study at 7",
        createdAt: clock.iso(),
        readAt: null,
      })
      .execute();
    const outsider = await registerMember(t.app);
    expect((await call(outsider, "GET", `/api/groups/${groupId}/messages`)).statusCode).toBe(403);
    const listed = (await call(boaz, "GET", "/api/groups")).json()[0];
    expect(listed).toMatchObject({ unreadCount: 1, lastMessage: "Study at 7" });
    const history = await call(boaz, "GET", `/api/groups/${groupId}/messages`);
    expect(history.json().map((m: { message: string }) => m.message)).toEqual(["Study at 7"]);
    expect((await call(boaz, "GET", "/api/groups")).json()[0].unreadCount).toBe(0);
    expect((await call(ruth, "GET", "/api/groups")).json()[0].unreadCount).toBe(0);
  });
});
