import { afterAll, beforeAll, expect, it } from "vitest";
import { createManualClock } from "../clock";
import { describeEachDatabase, openTestDatabase } from "../test/app";
import { createThrottle } from "./throttle";

const rule = { name: "test-rule", limit: 5, windowMs: 60_000, message: "Slow down" };

describeEachDatabase("throttle", (dialect) => {
  const clock = createManualClock("2026-03-01T10:00:10.000Z");
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  let throttle: ReturnType<typeof createThrottle>;

  beforeAll(async () => {
    opened = await openTestDatabase(dialect);
    throttle = createThrottle(opened.database.db, clock);
  });
  afterAll(async () => {
    await opened.database.close();
    await opened.drop();
  });

  it("lets exactly the limit through when 60 hits arrive at once", async () => {
    const verdicts = await Promise.all(Array.from({ length: 60 }, () => throttle.hit(rule, "concurrent")));
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(5);
    expect(Math.max(...verdicts.map((verdict) => verdict.count))).toBe(60);
  });

  it("refuses with 429 and a Retry-After until the window ends, then counts afresh", async () => {
    for (let i = 0; i < 5; i++) await throttle.take(rule, "windowed");
    const refused = await throttle.take(rule, "windowed").catch((error: unknown) => error);
    expect(refused).toMatchObject({ statusCode: 429, message: "Slow down", headers: { "retry-after": "50" } });
    clock.advance(50_000);
    await expect(throttle.take(rule, "windowed")).resolves.toBeUndefined();
  });

  it("gives back a released hit, never counting below zero", async () => {
    for (let i = 0; i < 5; i++) await throttle.take(rule, "released");
    await throttle.release(rule, "released");
    expect((await throttle.peek(rule, "released")).count).toBe(4);
    await expect(throttle.take(rule, "released")).resolves.toBeUndefined();
    await throttle.release(rule, "never-hit");
    expect((await throttle.peek(rule, "never-hit")).count).toBe(0);
  });

  it("keeps subjects apart, forgets one on reset and purges ended windows", async () => {
    for (let i = 0; i < 5; i++) await throttle.take(rule, "a");
    expect((await throttle.peek(rule, "a")).allowed).toBe(false);
    expect((await throttle.peek(rule, "b")).allowed).toBe(true);
    await throttle.reset(rule, "a");
    expect((await throttle.peek(rule, "a")).count).toBe(0);
    clock.advance(120_000);
    expect(await throttle.purgeExpired()).toBeGreaterThan(0);
  });
});
