import { afterAll, beforeAll, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../app";
import { createManualClock } from "../../clock";
import { loadConfig } from "../../config";
import { type AppContext, createContext } from "../../context";
import { type TestApp, buildTestApp, describeEachDatabase, openTestDatabase, sessionCookie } from "../../test/app";
import { type Member, TEST_PASSWORD, registerMember } from "../../test/factories";
import { createMedia } from "../../test/media-factories";
import { linkIn, startSmtpServer } from "../../test/smtp";
import { scheduleWeeklyDigest } from "../notifications/digest.service";

const NEW_PASSWORD = "Harvest2026";

describeEachDatabase("email: password reset, change of address, digest", (dialect) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let app: FastifyInstance;
  let ctx: AppContext;
  let drop: () => Promise<void>;
  const clock = createManualClock("2026-03-03T10:00:00.000Z");
  const logLines: string[] = [];

  const current = (cookie: string) => app.inject({ method: "GET", url: "/api/auth/current", headers: { cookie } });
  const requestReset = (email: string) => app.inject({ method: "POST", url: "/api/auth/password-reset", payload: { email } });
  const reset = (token: string, newPassword = NEW_PASSWORD) =>
    app.inject({ method: "POST", url: "/api/auth/password-reset/confirm", payload: { token, newPassword } });
  const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const opened = await openTestDatabase(dialect);
    drop = async () => {
      await opened.database.close();
      await opened.drop();
    };
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: opened.dataDir,
      SEED_DEMO: "false",
      SMTP_URL: smtp.url,
      MAIL_FROM: "Church <office@example.org>",
    });
    ctx = createContext(config, opened.database, clock);
    // Everything the app logs, at every level, to show that no link is ever written to a log.
    app = await buildApp(ctx, { logger: { level: "trace", stream: { write: (line: string) => void logLines.push(line) } } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    ctx.mailer.close();
    await drop();
    await smtp.close();
  });

  it("emails a reset link that works once, ends every other session and signs this browser in", async () => {
    const member = await registerMember(app, { email: "ruth@example.org" });
    const login = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: member.username, password: TEST_PASSWORD },
    });
    const otherCookie = sessionCookie(login);
    expect((await app.inject({ method: "GET", url: "/api/auth/password-reset" })).json()).toEqual({ available: true });

    expect((await requestReset("Ruth@Example.org")).statusCode).toBe(204);
    await ctx.jobs.runDue();
    const mail = await smtp.next("ruth@example.org");
    expect(mail.subject).toBe("Reset your password");
    expect(mail.from?.text).toContain("office@example.org");
    const link = linkIn(mail, "http");
    expect(new URL(link).pathname).toBe("/reset-password");

    const answer = await reset(tokenOf(link));
    expect(answer.statusCode).toBe(200);
    expect(answer.json().id).toBe(member.user.id);
    const fresh = sessionCookie(answer);
    expect((await current(fresh)).statusCode).toBe(200);
    expect((await current(member.cookie)).statusCode).toBe(401);
    expect((await current(otherCookie)).statusCode).toBe(401);
    const signIn = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: member.username, password: NEW_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);

    const again = await reset(tokenOf(link), "Another2026");
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe("This link has expired or has already been used. Please ask for a new one.");

    // The link left no trace: not in any log line, not in the job that sent it.
    expect(logLines.some((line) => line.includes("password_reset_requested"))).toBe(true);
    expect(logLines.join("\n")).not.toContain(tokenOf(link));
    const payloads = await ctx.db.selectFrom("jobs").select("payload").where("name", "=", "email.send").execute();
    expect(payloads.every((row) => row.payload === "{}")).toBe(true);
  });

  it("refuses a reset link after 30 minutes, and a link a newer one replaced", async () => {
    await registerMember(app, { email: "boaz@example.org" });
    await requestReset("boaz@example.org");
    await ctx.jobs.runDue();
    const first = tokenOf(linkIn(await smtp.next("boaz@example.org"), "http"));
    await requestReset("boaz@example.org");
    await ctx.jobs.runDue();
    const second = tokenOf(linkIn(await smtp.next("boaz@example.org"), "http"));
    expect((await reset(first)).statusCode).toBe(400);
    clock.advance(30 * 60_000 + 1000);
    expect((await reset(second)).statusCode).toBe(400);
  });

  it("answers an unknown address the same way and sends nothing; refuses a malformed token with the link message", async () => {
    expect((await requestReset("nobody@example.org")).statusCode).toBe(204);
    await ctx.jobs.runDue();
    expect(smtp.to("nobody@example.org")).toEqual([]);
    const bad = await reset("not a token");
    expect(bad.statusCode).toBe(400);
    expect((await requestReset("not-an-email")).statusCode).toBe(400);
  });

  it("changes an email address only once the link sent to the new address is opened", async () => {
    const member = await registerMember(app, { email: "naomi@example.org" });
    const patch = await app.inject({
      method: "PATCH",
      url: `/api/users/${member.user.id}`,
      headers: { cookie: member.cookie },
      payload: { email: "naomi.new@example.org" },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json().email).toBe("naomi@example.org");
    await ctx.jobs.runDue();
    const mail = await smtp.next("naomi.new@example.org");
    expect(mail.subject).toBe("Confirm your new email address");
    const link = linkIn(mail, "http");
    expect(new URL(link).pathname).toBe("/confirm-email");
    const confirm = (token: string) => app.inject({ method: "POST", url: "/api/auth/email/confirm", payload: { token } });
    expect((await confirm(tokenOf(link))).statusCode).toBe(204);
    expect((await current(member.cookie)).json().email).toBe("naomi.new@example.org");
    expect((await confirm(tokenOf(link))).statusCode).toBe(400);
  });

  it("emails a notification in a category the member chose email for", async () => {
    const author: Member = await registerMember(app, { email: "orpah@example.org" });
    const other = await registerMember(app, { displayName: "Jesse" });
    await app.inject({
      method: "PUT",
      url: "/api/notifications/preferences",
      headers: { cookie: author.cookie },
      payload: { categories: { comment: { email: true } } },
    });
    const postId = (
      await app.inject({ method: "POST", url: "/api/posts", headers: { cookie: author.cookie }, payload: { content: "Moving day" } })
    ).json().id;
    await app.inject({
      method: "POST",
      url: `/api/posts/${postId}/comments`,
      headers: { cookie: other.cookie },
      payload: { content: "I have a truck" },
    });
    await ctx.jobs.runDue();
    const mail = await smtp.next("orpah@example.org");
    expect(mail.subject).toBe("New Comment");
    expect(mail.text).toContain('Jesse commented on your post: "I have a truck"');
  });

  it("sends the weekly digest on Monday morning to the members who opted in, and schedules the next one", async () => {
    const reader = await registerMember(app, { email: "reader@example.org", displayName: "Reader" });
    await registerMember(app, { email: "quiet@example.org" });
    const saved = await app.inject({
      method: "PUT",
      url: "/api/notifications/preferences",
      headers: { cookie: reader.cookie },
      payload: { weeklyDigest: true },
    });
    expect(saved.json().weeklyDigest).toBe(true);
    await createMedia(ctx.db, "sermon", { title: "Gleaning in Grace", artist: "Pastor Eli", createdAt: clock.iso() });
    await scheduleWeeklyDigest(ctx);
    await scheduleWeeklyDigest(ctx);
    clock.set("2026-03-09T07:59:00.000Z");
    await ctx.jobs.runDue();
    expect(smtp.to("reader@example.org")).toEqual([]);
    clock.set("2026-03-09T08:00:00.000Z");
    await ctx.jobs.runDue();
    const digest = await smtp.next("reader@example.org");
    expect(digest.subject).toBe("Your week at church");
    expect(digest.text).toContain("Hello Reader,");
    expect(digest.text).toContain("Gleaning in Grace (Pastor Eli)");
    expect(smtp.to("quiet@example.org")).toEqual([]);
    const next = await ctx.db
      .selectFrom("jobs")
      .select("runAt")
      .where("name", "=", "digest.weekly")
      .where("status", "=", "pending")
      .execute();
    expect(next.map((row) => new Date(row.runAt).toISOString())).toEqual(["2026-03-16T08:00:00.000Z"]);
  });
});

describeEachDatabase("email switched off", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  it("says a password can't be reset by email and points to the church office", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/auth/password-reset" })).json()).toEqual({ available: false });
    await registerMember(t.app, { email: "ruth@example.org" });
    const answer = await t.app.inject({ method: "POST", url: "/api/auth/password-reset", payload: { email: "ruth@example.org" } });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({
      message:
        "This site can't send email, so passwords can't be reset by email here. Please contact the church office and they will help you sign in.",
      code: "email_off",
    });
    expect(await t.ctx.jobs.pendingCount()).toBe(0);
  });

  it("changes an email address at once when no email can confirm it", async () => {
    const member = await registerMember(t.app);
    const patch = await t.app.inject({
      method: "PATCH",
      url: `/api/users/${member.user.id}`,
      headers: { cookie: member.cookie },
      payload: { email: "changed@example.org" },
    });
    expect(patch.json().email).toBe("changed@example.org");
  });
});
