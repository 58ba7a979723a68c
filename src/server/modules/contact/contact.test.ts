import { afterAll, beforeAll, expect, it } from "vitest";
import { contactMessages } from "@shared/contracts/contact";
import { type TestApp, buildTestApp, describeEachDatabase } from "../../test/app";
import { type Member, registerMember } from "../../test/factories";
import { contactThrottle } from "./contact.service";

describeEachDatabase("contact messages", (dialect) => {
  let t: TestApp;
  let member: Member;
  let admin: Member;
  let nextIp = 1;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    member = await registerMember(t.app, { displayName: "Lydia Member" });
    admin = await registerMember(t.app, { displayName: "Office Admin" });
    await t.ctx.db.updateTable("users").set({ role: "admin" }).where("id", "=", admin.user.id).execute();
  });
  afterAll(async () => t.close());

  const valid = {
    name: "Martha Visitor",
    email: "martha@example.org",
    subject: "Prayer request",
    message: "Please pray for our family this week.",
  };
  const send = (payload: unknown, who: Member | null = null, ip = `10.0.0.${nextIp++}`) =>
    t.app.inject({
      method: "POST",
      url: "/api/contact",
      remoteAddress: ip,
      headers: who ? { cookie: who.cookie } : {},
      payload: payload as Record<string, unknown>,
    });
  const inbox = (who: Member | null, query = "") =>
    t.app.inject({ method: "GET", url: `/api/contact${query}`, headers: who ? { cookie: who.cookie } : {} });

  it("accepts a visitor's message and an admin sees it in the inbox, newest first", async () => {
    const first = await send(valid);
    expect(first.statusCode).toBe(201);
    const second = await send({ ...valid, subject: "Advertising inquiry", userId: 999, handledAt: "2020-01-01" }, member);
    expect(second.statusCode).toBe(201);
    const list = await inbox(admin);
    expect(list.statusCode).toBe(200);
    const [newest, older] = list.json();
    expect(newest).toMatchObject({ id: second.json().id, subject: "Advertising inquiry", userId: member.user.id, handledAt: null });
    expect(older).toMatchObject({ id: first.json().id, name: "Martha Visitor", email: "martha@example.org", userId: null });
  });

  it("answers each validation message", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, name: "  " }, contactMessages.nameRequired],
      [{ ...valid, email: "not-an-email" }, contactMessages.emailInvalid],
      [{ ...valid, subject: "" }, contactMessages.subjectRequired],
      [{ ...valid, message: "Hi" }, contactMessages.messageTooShort],
      [{ ...valid, message: "x".repeat(5001) }, contactMessages.messageTooLong],
      [{ email: valid.email, subject: valid.subject, message: valid.message }, contactMessages.nameRequired],
    ];
    for (const [payload, message] of cases) {
      const response = await send(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const malformed = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { "content-type": "application/json" },
      payload: "{oops",
    });
    expect(malformed.statusCode).toBe(400);
  });

  it("throttles one address after the limit with 429 and Retry-After, other addresses unaffected", async () => {
    for (let i = 0; i < contactThrottle.limit; i++) expect((await send(valid, null, "10.9.9.9")).statusCode).toBe(201);
    const throttled = await send(valid, null, "10.9.9.9");
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers["retry-after"])).toBeGreaterThan(0);
    expect(throttled.json().message).toBe(contactMessages.tooMany);
    expect((await send(valid, null, "10.9.9.10")).statusCode).toBe(201);
  });

  it("keeps the inbox to admins: 401 for visitors, 403 for members", async () => {
    expect((await inbox(null)).statusCode).toBe(401);
    expect((await inbox(member)).statusCode).toBe(403);
    const id = (await send(valid)).json().id;
    expect((await t.app.inject({ method: "POST", url: `/api/contact/${id}/handled`, headers: { cookie: member.cookie } })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: "POST", url: `/api/contact/${id}/handled` })).statusCode).toBe(401);
  });

  it("marks a message handled once, filters open and handled, and answers 404 for an unknown id", async () => {
    const id = (await send({ ...valid, subject: "Baptism class" })).json().id;
    const handle = () => t.app.inject({ method: "POST", url: `/api/contact/${id}/handled`, headers: { cookie: admin.cookie } });
    const first = await handle();
    expect(first.statusCode).toBe(200);
    expect(first.json().handledAt).toEqual(expect.any(String));
    const again = await handle();
    expect(again.json().handledAt).toBe(first.json().handledAt);
    const open = (await inbox(admin, "?status=open")).json() as { id: number }[];
    expect(open.map((m) => m.id)).not.toContain(id);
    const handled = (await inbox(admin, "?status=handled")).json() as { id: number }[];
    expect(handled.map((m) => m.id)).toEqual([id]);
    expect((await t.app.inject({ method: "POST", url: "/api/contact/999999/handled", headers: { cookie: admin.cookie } })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: "POST", url: "/api/contact/abc/handled", headers: { cookie: admin.cookie } })).statusCode).toBe(
      400,
    );
  });
});
