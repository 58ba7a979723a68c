import { afterAll, beforeAll, expect, it } from "vitest";
import { messages } from "@shared/messages";
import { type TestApp, buildTestApp, describeEachDatabase, sessionCookie } from "../../test/app";
import { TEST_PASSWORD, registerMember } from "../../test/factories";

describeEachDatabase("auth", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { LOGIN_MAX_FAILURES: "3" });
  });
  afterAll(async () => t.close());

  const register = (payload: Record<string, unknown>) => t.app.inject({ method: "POST", url: "/api/auth/register", payload });
  const login = (payload: Record<string, unknown>) => t.app.inject({ method: "POST", url: "/api/auth/login", payload });
  const current = (cookie?: string) => t.app.inject({ method: "GET", url: "/api/auth/current", headers: cookie ? { cookie } : {} });

  it("registers a member, signs them in and never returns the password hash", async () => {
    const response = await register({
      username: "ruth_a",
      email: "ruth@example.org",
      password: "Faithful123",
      displayName: "Ruth Adeyemi",
    });
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({
      username: "ruth_a",
      displayName: "Ruth Adeyemi",
      email: "ruth@example.org",
      accountType: "free",
      postCount: 0,
    });
    expect(JSON.stringify(user)).not.toMatch(/passwordHash|argon2/);
    const stored = await t.database.db.selectFrom("users").select("passwordHash").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(stored.passwordHash.startsWith("$argon2id$")).toBe(true);
    const cookieHeader = String(response.headers["set-cookie"]);
    expect(cookieHeader).toMatch(/HttpOnly/i);
    expect(cookieHeader).toMatch(/SameSite=Lax/i);
    const me = await current(sessionCookie(response));
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe("ruth_a");
  });

  it("gives every new member three unread welcome notifications", async () => {
    const member = await registerMember(t.app);
    const response = await t.app.inject({ method: "GET", url: "/api/notifications", headers: { cookie: member.cookie } });
    expect(response.json().unreadCount).toBe(3);
  });

  it.each([
    [{ username: "ab" }, messages.usernameMin],
    [{ email: "not-an-email" }, messages.emailInvalid],
    [{ password: "Ab1" }, messages.passwordMin],
    [{ password: "faithful123" }, messages.passwordUpper],
    [{ password: "FAITHFUL123" }, messages.passwordLower],
    [{ password: "Faithfulness" }, messages.passwordNumber],
    [{ displayName: "   " }, messages.displayNameRequired],
  ])("refuses registration with %o: %s", async (override, message) => {
    const response = await register({
      username: "valid_name",
      email: "valid@example.org",
      password: "Faithful123",
      displayName: "Valid",
      ...override,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(response.json().issues[0].message).toBe(message);
  });

  it("answers 409 for a username taken in any letter case, and for a taken email", async () => {
    await registerMember(t.app, { username: "Naomi", email: "naomi@example.org" });
    const sameName = await register({ username: "NAOMI", email: "other@example.org", password: TEST_PASSWORD, displayName: "N" });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toBe(messages.usernameTaken);
    const sameEmail = await register({ username: "naomi2", email: "Naomi@Example.org", password: TEST_PASSWORD, displayName: "N" });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toBe(messages.emailTaken);
  });

  it("ignores fields a member may not set when registering", async () => {
    const response = await register({
      username: "sneaky",
      email: "sneaky@example.org",
      password: TEST_PASSWORD,
      displayName: "Sneaky",
      accountType: "premium",
      role: "admin",
      id: 999,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ accountType: "free", role: "member" });
    expect(response.json().id).not.toBe(999);
  });

  it("requires username and password at login with the spec's messages", async () => {
    const noUser = await login({ username: "", password: "x" });
    expect(noUser.statusCode).toBe(400);
    expect(noUser.json().message).toBe(messages.usernameRequired);
    const noPassword = await login({ username: "someone", password: "" });
    expect(noPassword.json().message).toBe(messages.passwordRequired);
  });

  it("logs in case-insensitively and rotates the session id", async () => {
    const member = await registerMember(t.app, { username: "Eli_Lee" });
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "eli_lee", password: TEST_PASSWORD },
      headers: { cookie: member.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().displayName).toBe(member.user.displayName);
    const rotated = sessionCookie(response);
    expect(rotated).not.toBe(member.cookie);
    expect((await current(member.cookie)).statusCode).toBe(401);
    expect((await current(rotated)).statusCode).toBe(200);
  });

  it("keeps a Remember me session in a persistent cookie, and a plain one in a browser-session cookie", async () => {
    const member = await registerMember(t.app);
    // The session cookie only: sign-in also sets the long-lived device cookie (decision 0010).
    const sid = (response: Awaited<ReturnType<typeof login>>) =>
      [response.headers["set-cookie"] ?? []].flat().find((cookie) => String(cookie).startsWith("sid="));
    const remembered = await login({ username: member.username, password: TEST_PASSWORD, rememberMe: true });
    expect(sid(remembered)).toMatch(/Max-Age=\d+/);
    const plain = await login({ username: member.username, password: TEST_PASSWORD });
    expect(sid(plain)).toMatch(/^sid=/);
    expect(sid(plain)).not.toMatch(/Max-Age/);
  });

  it("answers 401 for a wrong password without saying which part was wrong", async () => {
    const member = await registerMember(t.app);
    const wrong = await login({ username: member.username, password: "Wrong12345" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(messages.invalidCredentials);
    const unknown = await login({ username: "nobody_here", password: "Wrong12345" });
    expect(unknown.json().message).toBe(messages.invalidCredentials);
  });

  it("throttles repeated failures with 429 and Retry-After, even for the right password", async () => {
    const member = await registerMember(t.app);
    for (let i = 0; i < 3; i++) expect((await login({ username: member.username, password: "Wrong12345" })).statusCode).toBe(401);
    const throttled = await login({ username: member.username, password: TEST_PASSWORD });
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers["retry-after"])).toBeGreaterThan(0);
    expect(throttled.json().message).toBe(messages.tooManyAttempts);
  });

  it("ends the session on the server at logout", async () => {
    const member = await registerMember(t.app);
    const logout = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie: member.cookie } });
    expect(logout.statusCode).toBe(204);
    expect(String(logout.headers["set-cookie"])).toMatch(/sid=;/);
    expect((await current(member.cookie)).statusCode).toBe(401);
  });

  it("signing in over a stale session cookie answers one session cookie, the new one, beside the device cookie", async () => {
    const member = await registerMember(t.app);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: member.username, password: TEST_PASSWORD },
      headers: { cookie: "sid=stale-token; theme=dark" },
    });
    expect(response.statusCode).toBe(200);
    const cookies = [response.headers["set-cookie"] ?? []].flat().map(String);
    const sessions = cookies.filter((cookie) => cookie.startsWith("sid="));
    expect(sessions, cookies.join("\n")).toHaveLength(1);
    expect(sessions[0]).toMatch(/^sid=[^;]+; Path=\/; HttpOnly; SameSite=Lax/);
    expect(cookies.some((cookie) => cookie.startsWith("did="))).toBe(true);
    expect((await current(sessionCookie(response))).statusCode).toBe(200);
  });

  it("answers 401 for current without a session or with a forged cookie", async () => {
    expect((await current()).statusCode).toBe(401);
    expect((await current("sid=forged-token")).statusCode).toBe(401);
  });

  it("expires a session after inactivity", async () => {
    const member = await registerMember(t.app);
    await t.database.db
      .updateTable("sessions")
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await current(member.cookie)).statusCode).toBe(401);
  });

  it("ends every other session when the password changes", async () => {
    const member = await registerMember(t.app);
    const other = sessionCookie(await login({ username: member.username, password: TEST_PASSWORD }));
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/auth/password",
      headers: { cookie: member.cookie },
      payload: { currentPassword: "Nope12345", newPassword: "NewFaith456" },
    });
    expect(wrong.statusCode).toBe(400);
    const changed = await t.app.inject({
      method: "POST",
      url: "/api/auth/password",
      headers: { cookie: member.cookie },
      payload: { currentPassword: TEST_PASSWORD, newPassword: "NewFaith456" },
    });
    expect(changed.statusCode).toBe(204);
    expect((await current(other)).statusCode).toBe(401);
    expect((await current(sessionCookie(changed))).statusCode).toBe(200);
    expect((await login({ username: member.username, password: "NewFaith456" })).statusCode).toBe(200);
  });

  it("answers 400 with a clear message for a malformed JSON body", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("The request body is not valid JSON.");
  });
});
