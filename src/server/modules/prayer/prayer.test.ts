import { afterAll, beforeAll, expect, it } from "vitest";
import { PRAYER_NEW_MEMBER_DAYS, prayerMessages } from "@shared/contracts/prayer";
import { createManualClock } from "../../clock";
import { type TestApp, buildTestApp, describeEachDatabase } from "../../test/app";
import { type Member, registerMember } from "../../test/factories";
import { prayerThrottle } from "./prayer.service";

/**
 * Prayer requests, one role at a time: the owner who asks, another member, a member the owner blocked, the care team,
 * an admin who is not on the care team, and a visitor.
 */
describeEachDatabase("prayer requests", (dialect) => {
  let t: TestApp;
  let owner: Member;
  let other: Member;
  let blocked: Member;
  let carer: Member;
  let admin: Member;
  let newcomer: Member;
  const clock = createManualClock(Date.parse("2026-01-01T09:00:00.000Z"));

  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, undefined, clock);
    owner = await registerMember(t.app, { displayName: "Hannah" });
    other = await registerMember(t.app, { displayName: "Eli" });
    blocked = await registerMember(t.app, { displayName: "Peninnah" });
    carer = await registerMember(t.app, { displayName: "Deborah" });
    admin = await registerMember(t.app, { displayName: "Samuel" });
    await t.ctx.db.updateTable("users").set({ role: "admin" }).where("id", "=", admin.user.id).execute();
    // Everyone above is an established member; the newcomer joins today.
    const longAgo = new Date(clock.now() - (PRAYER_NEW_MEMBER_DAYS + 1) * 86_400_000).toISOString();
    await t.ctx.db.updateTable("users").set({ createdAt: longAgo }).execute();
    newcomer = await registerMember(t.app, { displayName: "Ruth" });
    expect((await call(admin, "PUT", `/api/care-team/${carer.user.id}`)).statusCode).toBe(204);
    expect((await call(owner, "PUT", `/api/blocks/${blocked.user.id}`)).statusCode).toBe(204);
  });
  afterAll(async () => t.close());

  function call(member: Member | null, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) {
    return t.app.inject({
      method,
      url,
      headers: member ? { cookie: member.cookie } : {},
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
  }
  const ask = async (member: Member, payload: Record<string, unknown>) => {
    const response = await call(member, "POST", "/api/prayer", payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number; status: string; author: unknown; mine: boolean };
  };
  const wallIds = async (member: Member) =>
    ((await call(member, "GET", "/api/prayer?scope=wall")).json() as { id: number }[]).map((request) => request.id);

  it("refuses a visitor on every prayer route with 401", async () => {
    for (const [method, url] of [
      ["GET", "/api/prayer"],
      ["POST", "/api/prayer"],
      ["GET", "/api/prayer/1"],
      ["POST", "/api/prayer/1/prayed"],
      ["GET", "/api/prayer/reports"],
    ] as const) {
      expect((await call(null, method, url, method === "POST" ? { content: "x" } : undefined)).statusCode).toBe(401);
    }
  });

  it("caps how many requests one member makes an hour with 429 and Retry-After, then takes them again", async () => {
    const asker = await registerMember(t.app, { displayName: "Anna" });
    for (let i = 0; i < prayerThrottle.limit; i += 1) await ask(asker, { content: `Request ${i}`, visibility: "private" });
    const refused = await call(asker, "POST", "/api/prayer", { content: "One more", visibility: "private" });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(prayerMessages.tooMany);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Another member is not held back by Anna's count.
    await ask(other, { content: "For my family", visibility: "private" });
    clock.advance(prayerThrottle.windowMs);
    await ask(asker, { content: "An hour later", visibility: "private" });
  });

  it("answers 400 with a clear message for an empty or too long request", async () => {
    const empty = await call(owner, "POST", "/api/prayer", { content: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(prayerMessages.contentRequired);
    const long = await call(owner, "POST", "/api/prayer", { content: "a".repeat(2001) });
    expect(long.json().message).toBe(prayerMessages.contentTooLong);
    expect((await call(owner, "POST", "/api/prayer", { content: "ok", visibility: "everyone" })).statusCode).toBe(400);
  });

  it("shows a wall request to members, not to the member the requester blocked, and a private one only to the owner and the care team", async () => {
    const wall = await ask(owner, { content: "Pray for my mother's surgery", visibility: "wall" });
    expect(wall.status).toBe("published");
    const secret = await ask(owner, { content: "A private struggle", visibility: "private" });
    expect(await wallIds(other)).toContain(wall.id);
    expect(await wallIds(other)).not.toContain(secret.id);
    expect(await wallIds(blocked)).not.toContain(wall.id);
    expect((await call(blocked, "GET", `/api/prayer/${wall.id}`)).statusCode).toBe(404);
    expect((await call(other, "GET", `/api/prayer/${secret.id}`)).statusCode).toBe(404);
    expect((await call(admin, "GET", `/api/prayer/${secret.id}`)).statusCode).toBe(404);
    expect((await call(carer, "GET", `/api/prayer/${secret.id}`)).statusCode).toBe(200);
    expect((await call(owner, "GET", `/api/prayer/${secret.id}`)).json()).toMatchObject({ mine: true, visibility: "private" });
    const careList = (await call(carer, "GET", "/api/prayer?scope=care")).json() as { id: number }[];
    expect(careList.map((request) => request.id)).toEqual(expect.arrayContaining([wall.id, secret.id]));
    expect((await call(other, "GET", "/api/prayer?scope=care")).statusCode).toBe(403);
    expect((await call(admin, "GET", "/api/prayer?scope=care")).statusCode).toBe(403);
  });

  it("hides an anonymous request's author from everyone but its author and the care team, in the API", async () => {
    const anonymous = await ask(owner, { content: "Please pray, I am afraid", visibility: "wall", anonymous: true });
    const asOther = (await call(other, "GET", `/api/prayer/${anonymous.id}`)).json();
    expect(asOther.author).toBeNull();
    expect(JSON.stringify(asOther)).not.toContain("Hannah");
    const onWall = ((await call(other, "GET", "/api/prayer")).json() as { id: number; author: unknown }[]).find(
      (r) => r.id === anonymous.id,
    );
    expect(onWall?.author).toBeNull();
    expect((await call(admin, "GET", `/api/prayer/${anonymous.id}`)).json().author).toBeNull();
    expect((await call(carer, "GET", `/api/prayer/${anonymous.id}`)).json().author).toMatchObject({ id: owner.user.id });
    expect((await call(owner, "GET", `/api/prayer/${anonymous.id}`)).json().author).toMatchObject({ id: owner.user.id });
  });

  it("counts I prayed once per member, tells the requester once, and refuses the owner and the blocked member", async () => {
    const request = await ask(owner, { content: "Job interview on Monday", visibility: "wall" });
    const first = await call(other, "POST", `/api/prayer/${request.id}/prayed`);
    expect(first.json()).toEqual({ prayedCount: 1, prayedByMe: true });
    expect((await call(other, "POST", `/api/prayer/${request.id}/prayed`)).json()).toEqual({ prayedCount: 1, prayedByMe: true });
    expect((await call(carer, "POST", `/api/prayer/${request.id}/prayed`)).json().prayedCount).toBe(2);
    expect((await call(owner, "POST", `/api/prayer/${request.id}/prayed`)).statusCode).toBe(403);
    expect((await call(blocked, "POST", `/api/prayer/${request.id}/prayed`)).statusCode).toBe(404);
    const bell = (await call(owner, "GET", "/api/notifications")).json() as { items: { title: string; body: string }[] };
    const fromEli = bell.items.filter((item) => item.body === prayerMessages.prayed("Eli"));
    expect(fromEli).toHaveLength(1);
    expect((await call(other, "GET", `/api/prayer/${request.id}`)).json()).toMatchObject({ prayedCount: 2, prayedByMe: true });
  });

  it("lets only the requester mark a request answered, with an optional testimony", async () => {
    const request = await ask(owner, { content: "Healing for my back", visibility: "wall" });
    expect((await call(other, "POST", `/api/prayer/${request.id}/answered`, {})).statusCode).toBe(403);
    expect((await call(carer, "POST", `/api/prayer/${request.id}/answered`, {})).statusCode).toBe(403);
    const answered = await call(owner, "POST", `/api/prayer/${request.id}/answered`, { testimony: "The pain is gone. Thank you all!" });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({ testimony: "The pain is gone. Thank you all!", answeredAt: clock.iso() });
    const plain = await ask(owner, { content: "A quiet answer", visibility: "private" });
    expect((await call(owner, "POST", `/api/prayer/${plain.id}/answered`, {})).json()).toMatchObject({ testimony: null });
  });

  it("lets the care team assign requests to its members and keep private notes no one else reads", async () => {
    const request = await ask(owner, { content: "Marriage under strain", visibility: "private" });
    expect((await call(other, "PUT", `/api/prayer/${request.id}/assignee`, { userId: carer.user.id })).statusCode).toBe(403);
    expect((await call(admin, "PUT", `/api/prayer/${request.id}/assignee`, { userId: carer.user.id })).statusCode).toBe(403);
    const wrong = await call(carer, "PUT", `/api/prayer/${request.id}/assignee`, { userId: other.user.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(prayerMessages.assigneeNotCareTeam);
    const assigned = await call(carer, "PUT", `/api/prayer/${request.id}/assignee`, { userId: carer.user.id });
    expect(assigned.json().assignee).toMatchObject({ id: carer.user.id });
    // The requester sees their request, not who on the care team follows it up.
    expect((await call(owner, "GET", `/api/prayer/${request.id}`)).json().assignee).toBeNull();

    const note = await call(carer, "POST", `/api/prayer/${request.id}/notes`, { content: "Called on Tuesday; meeting Sunday." });
    expect(note.statusCode).toBe(201);
    expect(note.json()).toMatchObject({ content: "Called on Tuesday; meeting Sunday.", author: { id: carer.user.id } });
    expect((await call(carer, "GET", `/api/prayer/${request.id}/notes`)).json()).toHaveLength(1);
    expect((await call(owner, "GET", `/api/prayer/${request.id}/notes`)).statusCode).toBe(403);
    expect((await call(admin, "GET", `/api/prayer/${request.id}/notes`)).statusCode).toBe(403);
    expect((await call(carer, "POST", `/api/prayer/${request.id}/notes`, { content: "" })).json().message).toBe(
      prayerMessages.noteRequired,
    );
  });

  it("holds a new member's wall request for review until the care team publishes it, and tells them", async () => {
    const held = await ask(newcomer, { content: "New here; please pray for my family", visibility: "wall" });
    expect(held.status).toBe("held");
    expect(await wallIds(other)).not.toContain(held.id);
    expect((await call(newcomer, "GET", `/api/prayer?scope=mine`)).json()).toEqual([
      expect.objectContaining({ id: held.id, status: "held" }),
    ]);
    const queue = (await call(carer, "GET", "/api/prayer?scope=held")).json() as { id: number }[];
    expect(queue.map((request) => request.id)).toContain(held.id);
    expect((await call(other, "GET", "/api/prayer?scope=held")).statusCode).toBe(403);
    expect((await call(other, "POST", `/api/prayer/${held.id}/review`, { decision: "publish" })).statusCode).toBe(403);
    const published = await call(carer, "POST", `/api/prayer/${held.id}/review`, { decision: "publish" });
    expect(published.json().status).toBe("published");
    expect(await wallIds(other)).toContain(held.id);
    const bell = (await call(newcomer, "GET", "/api/notifications")).json() as { items: { title: string }[] };
    expect(bell.items.map((item) => item.title)).toContain(prayerMessages.publishedTitle);
    // A new member's private request goes straight to the care team.
    expect((await ask(newcomer, { content: "Only for the pastors", visibility: "private" })).status).toBe("published");
  });

  it("takes reports with a reason, lists them for the care team and admins, and hides a request from the wall", async () => {
    const request = await ask(owner, { content: "Buy my miracle oil at example.com", visibility: "wall" });
    const report = await call(other, "POST", `/api/prayer/${request.id}/report`, { reason: "spam", details: "Advertising" });
    expect(report.statusCode).toBe(201);
    const again = await call(other, "POST", `/api/prayer/${request.id}/report`, { reason: "spam" });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(report.json().id);
    expect((await call(other, "POST", `/api/prayer/${request.id}/report`, { reason: "boring" })).statusCode).toBe(400);
    expect((await call(other, "GET", "/api/prayer/reports")).statusCode).toBe(403);
    const queue = (await call(admin, "GET", "/api/prayer/reports")).json() as { reason: string; request: { id: number } }[];
    expect(queue).toEqual([
      expect.objectContaining({ reason: "spam", details: "Advertising", request: expect.objectContaining({ id: request.id }) }),
    ]);
    const hidden = await call(admin, "POST", `/api/prayer/${request.id}/review`, { decision: "hide" });
    expect(hidden.json().status).toBe("hidden");
    expect(await wallIds(other)).not.toContain(request.id);
    expect((await call(carer, "GET", "/api/prayer/reports")).json()).toEqual([]);
    const audit = (await call(admin, "GET", "/api/admin/audit")).json() as { action: string; targetId: number; actor: { id: number } }[];
    expect(audit[0]).toMatchObject({ action: "prayer.hide", targetId: request.id, actor: { id: admin.user.id } });
    expect((await call(carer, "GET", "/api/admin/audit")).statusCode).toBe(403);
  });

  it("puts reports of an anonymous request in the admins' queue without its author; an admin dismisses them, the care team still sees who asked", async () => {
    const request = await ask(owner, { content: "Pray for my family, please", visibility: "wall", anonymous: true });
    expect((await call(other, "POST", `/api/prayer/${request.id}/report`, { reason: "other", details: "Not sure" })).statusCode).toBe(201);
    type Entry = { request: { id: number; author: { id: number } | null; status: string } };
    const ofRequest = (list: Entry[]) => list.find((entry) => entry.request.id === request.id);
    expect(ofRequest((await call(admin, "GET", "/api/prayer/reports")).json())?.request.author).toBeNull();
    expect(ofRequest((await call(carer, "GET", "/api/prayer/reports")).json())?.request.author).toMatchObject({ id: owner.user.id });
    expect((await call(null, "POST", `/api/prayer/${request.id}/review`, { decision: "dismiss" })).statusCode).toBe(401);
    for (const member of [owner, other, blocked])
      expect((await call(member, "POST", `/api/prayer/${request.id}/review`, { decision: "dismiss" })).statusCode).toBe(403);
    const dismissed = await call(admin, "POST", `/api/prayer/${request.id}/review`, { decision: "dismiss" });
    expect(dismissed.json()).toMatchObject({ status: "published", author: null });
    expect(ofRequest((await call(admin, "GET", "/api/prayer/reports")).json())).toBeUndefined();
    expect(await wallIds(other)).toContain(request.id);
    const audit = (await call(admin, "GET", "/api/admin/audit")).json() as { action: string; targetId: number }[];
    expect(audit[0]).toMatchObject({ action: "prayer.dismiss", targetId: request.id });
    expect((await call(admin, "POST", `/api/prayer/${request.id}/review`, { decision: "ignore" })).statusCode).toBe(400);
  });

  it("lets only admins grant and revoke the care team, and records it", async () => {
    expect((await call(carer, "PUT", `/api/care-team/${other.user.id}`)).statusCode).toBe(403);
    expect((await call(other, "GET", "/api/care-team")).statusCode).toBe(403);
    expect((await call(carer, "GET", "/api/care-team")).json()).toEqual([expect.objectContaining({ id: carer.user.id })]);
    expect((await call(admin, "PUT", "/api/care-team/999999")).statusCode).toBe(404);
    expect((await call(other, "GET", "/api/care-team/me")).json()).toEqual({ careTeam: false });
    expect((await call(carer, "GET", "/api/care-team/me")).json()).toEqual({ careTeam: true });
    expect((await call(admin, "PUT", `/api/care-team/${other.user.id}`)).statusCode).toBe(204);
    expect((await call(admin, "DELETE", `/api/care-team/${other.user.id}`)).statusCode).toBe(204);
    const audit = (await call(admin, "GET", "/api/admin/audit")).json() as { action: string; targetId: number }[];
    expect(audit.slice(0, 2).map((entry) => entry.action)).toEqual(["care_team.revoke", "care_team.grant"]);
  });
});
