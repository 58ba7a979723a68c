import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { authMessages } from "@shared/contracts/auth";
import { messages } from "@shared/messages";
import { createManualClock } from "../../clock";
import { type TestApp, buildTestApp, describeEachDatabase, sessionCookie } from "../../test/app";
import { type Member, TEST_PASSWORD, registerMember } from "../../test/factories";

// Counts the password checks that really ran, to show a refused attempt never reaches argon2.
const argon2 = vi.hoisted(() => ({ verifications: 0 }));
vi.mock("@node-rs/argon2", async (importOriginal) => {
  const original = await importOriginal<typeof import("@node-rs/argon2")>();
  return {
    ...original,
    verify: (...args: Parameters<typeof original.verify>) => {
      argon2.verifications += 1;
      return original.verify(...args);
    },
  };
});

type Response = Awaited<ReturnType<TestApp["app"]["inject"]>>;

/** The device cookie an answer set, as a Cookie header value. */
function deviceCookie(response: Response): string {
  const found = [response.headers["set-cookie"] ?? []].flat().find((cookie) => String(cookie).startsWith("did="));
  if (!found) throw new Error("no device cookie was set");
  return String(found).split(";")[0] ?? "";
}

const retryAfter = (response: Response) => Number(response.headers["retry-after"]);

describeEachDatabase("sign-in throttling (decision 0010)", (dialect) => {
  const clock = createManualClock("2026-01-04T10:00:00.000Z");
  let t: TestApp;
  let nextAddress = 10;
  beforeAll(async () => {
    t = await buildTestApp(
      dialect,
      { LOGIN_MAX_FAILURES: "5", LOGIN_WINDOW_SECONDS: "900", LOGIN_ACCOUNT_PER_MINUTE: "10", LOGIN_ADDRESS_PER_MINUTE: "12" },
      undefined,
      clock,
    );
  });
  afterAll(async () => t.close());

  /** A fresh client address for each test, so their counts never meet. */
  const newAddress = () => `127.0.${nextAddress++}.1`;
  const login = (username: string, password: string, from: string, cookie?: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress: from,
      headers: cookie ? { cookie } : {},
      payload: { username, password },
    });

  it("lets at most the limit of 60 simultaneous wrong passwords reach argon2; the rest get 429 before it", async () => {
    const owner = await registerMember(t.app);
    const attacker = newAddress();
    argon2.verifications = 0;
    const answers = await Promise.all(Array.from({ length: 60 }, () => login(owner.username, "Wrong12345", attacker)));
    expect(statuses(answers).filter((status) => status === 401)).toHaveLength(5);
    expect(statuses(answers).filter((status) => status === 429)).toHaveLength(55);
    expect(argon2.verifications).toBe(5);
  });

  it("refuses the attacker's client with 429 and Retry-After, the right password too, while the owner signs in from another client", async () => {
    const owner = await registerMember(t.app);
    const attacker = newAddress();
    for (let i = 0; i < 5; i++) expect((await login(owner.username, "Wrong12345", attacker)).statusCode).toBe(401);
    const refused = await login(owner.username, TEST_PASSWORD, attacker);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(messages.tooManyAttempts);
    expect(retryAfter(refused)).toBeGreaterThan(0);
    expect(retryAfter(refused)).toBeLessThanOrEqual(900);

    expect((await login(owner.username, TEST_PASSWORD, newAddress())).statusCode).toBe(200);
    expect((await login(owner.username, "Wrong12345", attacker)).statusCode).toBe(429);

    clock.advance(retryAfter(refused) * 1000);
    expect((await login(owner.username, "Wrong12345", attacker)).statusCode).toBe(401);
  });

  it("forgets a client's failures when it signs in successfully", async () => {
    const owner = await registerMember(t.app);
    const client = newAddress();
    for (let i = 0; i < 4; i++) expect((await login(owner.username, "Typo12345", client)).statusCode).toBe(401);
    expect((await login(owner.username, TEST_PASSWORD, client)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(owner.username, "Typo12345", client)).statusCode).toBe(401);
    expect((await login(owner.username, "Typo12345", client)).statusCode).toBe(429);
  });

  it("only slows guesses at one name from many addresses: a short wait for new clients, none for the owner's own device", async () => {
    const owner = await registerMember(t.app);
    const device = deviceCookie(await login(owner.username, TEST_PASSWORD, newAddress()));

    const guesses = [];
    for (let i = 0; i < 12; i++) guesses.push(await login(owner.username, "Guess12345", newAddress()));
    expect(statuses(guesses)).toEqual([...Array<number>(10).fill(401), 429, 429]);
    const slowed = guesses[11]!;
    expect(retryAfter(slowed)).toBeGreaterThan(0);
    expect(retryAfter(slowed)).toBeLessThanOrEqual(60);

    // A client that never signed in here waits out the minute; the browser the owner used before does not wait at all.
    expect((await login(owner.username, TEST_PASSWORD, newAddress())).statusCode).toBe(429);
    expect((await login(owner.username, TEST_PASSWORD, newAddress(), device)).statusCode).toBe(200);
    clock.advance(60_000);
    expect((await login(owner.username, TEST_PASSWORD, newAddress())).statusCode).toBe(200);
  });

  it("behind one untrusted proxy address, an attacker's guesses do not lock the owner out", async () => {
    // Without TRUST_PROXY every request of a proxied site comes from the proxy's address.
    const proxy = newAddress();
    const owner = await registerMember(t.app);
    const neighbour: Member = await registerMember(t.app);
    const device = deviceCookie(await login(owner.username, TEST_PASSWORD, proxy));

    for (let i = 0; i < 5; i++) expect((await login(owner.username, "Wrong12345", proxy)).statusCode).toBe(401);
    expect((await login(owner.username, "Wrong12345", proxy)).statusCode).toBe(429);
    // A forged device cookie, or one issued to another member, is no device at all.
    const forged = `did=${owner.user.id}.bm9uY2U.c2lnbmF0dXJl`;
    expect((await login(owner.username, "Wrong12345", proxy, forged)).statusCode).toBe(429);
    const neighbourDevice = deviceCookie(await login(neighbour.username, TEST_PASSWORD, proxy));
    expect((await login(owner.username, "Wrong12345", proxy, neighbourDevice)).statusCode).toBe(429);

    // The owner's own browser, and other members behind the same address, still sign in.
    expect((await login(owner.username, TEST_PASSWORD, proxy, device)).statusCode).toBe(200);
    expect((await login(neighbour.username, TEST_PASSWORD, proxy)).statusCode).toBe(200);

    // Guessing at many names from the address reaches its per-minute ceiling: members without a device cookie
    // there wait at most a minute, and the owner's browser not at all.
    const spray = [];
    for (let i = 0; i < 12; i++) spray.push(await login(`nobody_${i}`, "Guess12345", proxy));
    expect(statuses(spray)).toContain(429);
    const waiting = await login(neighbour.username, TEST_PASSWORD, proxy);
    expect(waiting.statusCode).toBe(429);
    expect(retryAfter(waiting)).toBeLessThanOrEqual(60);
    expect((await login(owner.username, TEST_PASSWORD, proxy, device)).statusCode).toBe(200);
    clock.advance(60_000);
    expect((await login(neighbour.username, TEST_PASSWORD, proxy)).statusCode).toBe(200);
  });

  it("retires a device cookie when the password changes and gives the browser a new one", async () => {
    const owner = await registerMember(t.app);
    const client = newAddress();
    const signedIn = await login(owner.username, TEST_PASSWORD, client);
    const before = deviceCookie(signedIn);
    const changed = await t.app.inject({
      method: "POST",
      url: "/api/auth/password",
      headers: { cookie: sessionCookie(signedIn) },
      payload: { currentPassword: TEST_PASSWORD, newPassword: "NewFaith456" },
    });
    expect(changed.statusCode).toBe(204);
    const after = deviceCookie(changed);
    // Five wrong guesses from the same address: the retired cookie counts as that address, the new one on its own.
    for (let i = 0; i < 5; i++) expect((await login(owner.username, "Wrong12345", client)).statusCode).toBe(401);
    expect((await login(owner.username, "NewFaith456", client, before)).statusCode).toBe(429);
    expect((await login(owner.username, "NewFaith456", client, after)).statusCode).toBe(200);
  });
});

describeEachDatabase("registration and password-change throttles", (dialect) => {
  const clock = createManualClock("2026-01-04T10:00:00.000Z");
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { REGISTER_MAX_PER_HOUR: "3", LOGIN_MAX_FAILURES: "5" }, undefined, clock);
  });
  afterAll(async () => t.close());

  let serial = 0;
  const register = (from: string) => {
    serial += 1;
    return t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      remoteAddress: from,
      payload: { username: `reg_${serial}`, email: `reg_${serial}@example.org`, password: TEST_PASSWORD, displayName: "Reg" },
    });
  };

  it("caps registrations per address with 429 and Retry-After; other addresses are unaffected; the cap lifts after the hour", async () => {
    for (let i = 0; i < 3; i++) expect((await register("127.0.3.1")).statusCode).toBe(201);
    const refused = await register("127.0.3.1");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(authMessages.tooManyRegistrations);
    expect(retryAfter(refused)).toBeGreaterThan(0);
    expect(retryAfter(refused)).toBeLessThanOrEqual(3600);
    expect((await register("127.0.3.2")).statusCode).toBe(201);
    clock.advance(retryAfter(refused) * 1000);
    expect((await register("127.0.3.1")).statusCode).toBe(201);
  });

  it("holds the cap when many registrations from one address arrive at once", async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => register("127.0.3.3")));
    expect(statuses(answers).filter((status) => status === 201)).toHaveLength(3);
    expect(statuses(answers).filter((status) => status === 429)).toHaveLength(9);
  });

  const changePassword = (member: Member, currentPassword: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/password",
      headers: { cookie: member.cookie },
      payload: { currentPassword, newPassword: "NewFaith456" },
    });

  it("throttles the current-password check per member: wrong guesses count, then 429 with Retry-After, the right one too", async () => {
    const member = await registerMember(t.app);
    argon2.verifications = 0;
    const wrong = await Promise.all(Array.from({ length: 20 }, () => changePassword(member, "Guess12345")));
    expect(statuses(wrong).filter((status) => status === 400)).toHaveLength(5);
    expect(statuses(wrong).filter((status) => status === 429)).toHaveLength(15);
    expect(argon2.verifications).toBe(5);
    const refused = await changePassword(member, TEST_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(authMessages.tooManyPasswordAttempts);
    expect(retryAfter(refused)).toBeGreaterThan(0);
    clock.advance(retryAfter(refused) * 1000);
    expect((await changePassword(member, TEST_PASSWORD)).statusCode).toBe(204);
  });

  it("forgets wrong current passwords once the right one is given", async () => {
    const member = await registerMember(t.app);
    for (let i = 0; i < 4; i++) expect((await changePassword(member, "Guess12345")).statusCode).toBe(400);
    const changed = await changePassword(member, TEST_PASSWORD);
    expect(changed.statusCode).toBe(204);
    const again = { ...member, cookie: sessionCookie(changed) };
    for (let i = 0; i < 5; i++) expect((await changePassword(again, "Guess12345")).statusCode).toBe(400);
    expect((await changePassword(again, "Guess12345")).statusCode).toBe(429);
  });
});

function statuses(responses: Response[]) {
  return responses.map((response) => response.statusCode);
}
