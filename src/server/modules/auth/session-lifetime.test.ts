import { afterAll, beforeAll, expect, it } from "vitest";
import { createManualClock } from "../../clock";
import { type TestApp, buildTestApp, describeEachDatabase, sessionCookie } from "../../test/app";
import { type Member, registerMember } from "../../test/factories";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describeEachDatabase("the absolute session lifetime", (dialect) => {
  let t: TestApp;
  const clock = createManualClock();
  beforeAll(async () => {
    t = await buildTestApp(
      dialect,
      { SESSION_IDLE_HOURS: "24", SESSION_REMEMBER_DAYS: "30", SESSION_ABSOLUTE_DAYS: "3" },
      undefined,
      clock,
    );
  });
  afterAll(async () => t.close());

  const current = (cookie: string) => t.app.inject({ method: "GET", url: "/api/auth/current", headers: { cookie } });

  /** Uses the session every 20 hours, so it never goes idle, until `days` have passed since it began. */
  async function keepUsing(cookie: string, days: number) {
    const statuses: number[] = [];
    for (let elapsed = 20 * HOUR; elapsed < days * DAY; elapsed += 20 * HOUR) {
      clock.advance(20 * HOUR);
      statuses.push((await current(cookie)).statusCode);
    }
    return statuses;
  }

  it("ends a session SESSION_ABSOLUTE_DAYS after it began, even though it was used all along", async () => {
    const member = await registerMember(t.app);
    const statuses = await keepUsing(member.cookie, 3);
    expect(statuses.every((status) => status === 200)).toBe(true);
    clock.advance(3 * DAY - statuses.length * 20 * HOUR + 60_000);
    expect((await current(member.cookie)).statusCode).toBe(401);
  });

  it("lets no Remember me session outlive the absolute lifetime, cookie included", async () => {
    const member: Member = await registerMember(t.app);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: member.username, password: member.password, rememberMe: true },
    });
    expect(login.statusCode).toBe(200);
    const setCookie = String(login.headers["set-cookie"]);
    expect(Number(/Max-Age=(\d+)/i.exec(setCookie)?.[1])).toBeLessThanOrEqual(3 * 86_400);
    const cookie = sessionCookie(login);
    expect((await keepUsing(cookie, 3)).every((status) => status === 200)).toBe(true);
    clock.advance(20 * HOUR);
    expect((await current(cookie)).statusCode).toBe(401);
  });

  it("records a session's use at most once a minute, and then slides its expiry forward", async () => {
    const member = await registerMember(t.app);
    const stored = () =>
      t.ctx.db.selectFrom("sessions").select(["lastSeenAt", "expiresAt"]).where("userId", "=", member.user.id).executeTakeFirstOrThrow();
    const begun = await stored();
    clock.advance(60_000);
    expect((await current(member.cookie)).statusCode).toBe(200);
    // A minute to the millisecond is not past the minute: nothing is written.
    expect(await stored()).toEqual(begun);
    clock.advance(1);
    expect((await current(member.cookie)).statusCode).toBe(200);
    const used = await stored();
    expect(used.lastSeenAt).toBe(clock.iso());
    expect(used.expiresAt > begun.expiresAt).toBe(true);
  });

  it("refuses a session begun before the absolute lifetime even when its stored expiry is still ahead", async () => {
    const member = await registerMember(t.app);
    // As if SESSION_ABSOLUTE_DAYS had been lowered after this session began.
    await t.ctx.db
      .updateTable("sessions")
      .set({ createdAt: new Date(clock.now() - 4 * DAY).toISOString(), expiresAt: new Date(clock.now() + 1000 * DAY).toISOString() })
      .where("userId", "=", member.user.id)
      .execute();
    expect((await current(member.cookie)).statusCode).toBe(401);
  });
});
