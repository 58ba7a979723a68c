import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../app";
import { createManualClock } from "../clock";
import { loadConfig } from "../config";
import { createContext } from "../context";
import { type TestApp, buildTestApp, describeEachDatabase } from "../test/app";
import { nextDigestTime } from "../modules/notifications/digest.service";
import { backoffDelay, createJobs } from "./jobs";
import { createJobsRepository } from "./jobs.repository";

declare module "./jobs" {
  interface JobPayloads {
    "test.record": { n: number };
    "test.flaky": { key: string };
  }
}

describeEachDatabase("jobs", (dialect) => {
  let t: TestApp;
  const clock = createManualClock("2026-03-02T09:00:00.000Z");
  const seen: number[] = [];
  const failuresLeft = new Map<string, number>();
  const jobRow = (id: number) => t.ctx.db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const lastJobId = async () =>
    (await t.ctx.db.selectFrom("jobs").select("id").orderBy("id", "desc").limit(1).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, undefined, clock);
    t.ctx.jobs.register("test.record", async ({ n }) => void seen.push(n));
    t.ctx.jobs.register("test.flaky", async ({ key }) => {
      const left = failuresLeft.get(key) ?? 0;
      if (left > 0) {
        failuresLeft.set(key, left - 1);
        throw new Error(`not yet (${key})`);
      }
      seen.push(-1);
    });
  });
  afterAll(async () => t.close());

  it("runs a job once it is due, then marks it done and forgets its payload", async () => {
    seen.length = 0;
    await t.ctx.jobs.enqueue("test.record", { n: 1 });
    await t.ctx.jobs.enqueue("test.record", { n: 2 }, { runAt: clock.now() + 60_000 });
    expect(await t.ctx.jobs.runDue()).toEqual({ ran: 1, failed: 0 });
    expect(seen).toEqual([1]);
    const later = await lastJobId();
    expect((await jobRow(later)).status).toBe("pending");
    clock.advance(60_000);
    await t.ctx.jobs.runDue();
    expect(seen).toEqual([1, 2]);
    const done = await jobRow(later);
    expect(done).toMatchObject({ status: "done", payload: "{}", attempts: 1, lockedBy: null, finishedAt: clock.iso() });
  });

  it("enqueues a job with a dedupe key once, whatever became of the first", async () => {
    seen.length = 0;
    expect(await t.ctx.jobs.enqueue("test.record", { n: 3 }, { dedupeKey: "once" })).toBe(true);
    expect(await t.ctx.jobs.enqueue("test.record", { n: 4 }, { dedupeKey: "once" })).toBe(false);
    await t.ctx.jobs.runDue();
    expect(await t.ctx.jobs.enqueue("test.record", { n: 5 }, { dedupeKey: "once" })).toBe(false);
    await t.ctx.jobs.runDue();
    expect(seen).toEqual([3]);
  });

  it("writes a job enqueued in a transaction only if the transaction commits (the outbox)", async () => {
    seen.length = 0;
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await t.ctx.jobs.enqueue("test.record", { n: 6 }, { db: trx });
        throw new Error("the write failed");
      }),
    ).rejects.toThrow("the write failed");
    await t.ctx.db.transaction().execute(async (trx) => {
      await t.ctx.jobs.enqueue("test.record", { n: 7 }, { db: trx });
    });
    await t.ctx.jobs.runDue();
    expect(seen).toEqual([7]);
  });

  it("retries a failing job with growing delays by the clock, and gives up after its last attempt", async () => {
    seen.length = 0;
    failuresLeft.set("twice", 2);
    await t.ctx.jobs.enqueue("test.flaky", { key: "twice" });
    const id = await lastJobId();
    expect(await t.ctx.jobs.runDue()).toEqual({ ran: 0, failed: 1 });
    const first = await jobRow(id);
    expect(first).toMatchObject({ status: "pending", attempts: 1, lastError: "not yet (twice)", lockedBy: null });
    expect(first.runAt).toBe(clock.now() + backoffDelay(1, { backoffMs: 30_000, maxBackoffMs: 3_600_000 }));
    // Not due yet: nothing runs.
    expect(await t.ctx.jobs.runDue()).toEqual({ ran: 0, failed: 0 });
    clock.advance(30_000);
    expect(await t.ctx.jobs.runDue()).toEqual({ ran: 0, failed: 1 });
    expect((await jobRow(id)).runAt).toBe(clock.now() + 60_000);
    clock.advance(60_000);
    expect(await t.ctx.jobs.runDue()).toEqual({ ran: 1, failed: 0 });
    expect(seen).toEqual([-1]);

    failuresLeft.set("always", 100);
    await t.ctx.jobs.enqueue("test.flaky", { key: "always" }, { maxAttempts: 3 });
    const doomed = await lastJobId();
    for (let i = 0; i < 3; i += 1) {
      await t.ctx.jobs.runDue();
      clock.advance(3_600_000);
    }
    expect(await jobRow(doomed)).toMatchObject({ status: "failed", attempts: 3, lastError: "not yet (always)" });
    expect(await t.ctx.jobs.runDue()).toEqual({ ran: 0, failed: 0 });
  });

  it("gives each job to one instance when two claim at once", async () => {
    seen.length = 0;
    const other = createJobs(t.database, clock);
    other.register("test.record", async ({ n }) => void seen.push(n));
    for (let n = 100; n < 160; n += 1) await t.ctx.jobs.enqueue("test.record", { n });
    const [a, b] = await Promise.all([t.ctx.jobs.runDue(), other.runDue()]);
    expect(a.ran + b.ran).toBe(60);
    expect([...seen].sort((x, y) => x - y)).toEqual(Array.from({ length: 60 }, (_, i) => 100 + i));
  });

  it("gives a job back when the instance that claimed it died, once its lease runs out", async () => {
    seen.length = 0;
    await t.ctx.jobs.enqueue("test.record", { n: 8 });
    // An instance claims it and dies before finishing.
    const claimed = await createJobsRepository(t.database.dialect).claim(t.ctx.db, "dead-instance", clock.now(), clock.now() + 300_000, 10);
    expect(claimed.map((job) => job.payload)).toEqual(['{"n":8}']);
    expect(await t.ctx.jobs.runDue()).toEqual({ ran: 0, failed: 0 });
    clock.advance(300_000);
    await t.ctx.jobs.runDue();
    expect(seen).toEqual([8]);
  });

  it("forgets finished jobs 30 days after they finished, and keeps pending ones", async () => {
    await t.ctx.jobs.enqueue("test.record", { n: 11 }, { dedupeKey: "old-news" });
    await t.ctx.jobs.enqueue("test.record", { n: 12 }, { runAt: clock.now() + 40 * 86_400_000, dedupeKey: "far-future" });
    await t.ctx.jobs.runDue();
    clock.advance(30 * 86_400_000 + 1000);
    expect(await t.ctx.jobs.purgeFinished()).toBeGreaterThanOrEqual(1);
    const keys = (await t.ctx.db.selectFrom("jobs").select("dedupeKey").execute()).map((row) => row.dedupeKey);
    expect(keys).toContain("far-future");
    expect(keys).not.toContain("old-news");
    // Its key is free again.
    expect(await t.ctx.jobs.enqueue("test.record", { n: 13 }, { dedupeKey: "old-news" })).toBe(true);
    await t.ctx.jobs.runDue();
  });

  it("runs jobs on its own while the app runs, and stops when the app closes", async () => {
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: t.dataDir, SEED_DEMO: "false", JOBS_POLL_SECONDS: "0.05" });
    const ctx = createContext(config, t.database, clock);
    const app = await buildApp(ctx, { jobs: true });
    ctx.jobs.register("test.record", async ({ n }) => void seen.push(n));
    seen.length = 0;
    await app.ready();
    await ctx.jobs.enqueue("test.record", { n: 9 });
    await expect.poll(() => seen, { timeout: 5_000 }).toEqual([9]);
    // The weekly digest was scheduled at start, for next Monday 08:00 UTC.
    const digest = await t.ctx.db.selectFrom("jobs").select(["runAt"]).where("name", "=", "digest.weekly").executeTakeFirstOrThrow();
    expect(digest.runAt).toBe(nextDigestTime(clock.now()));
    expect(new Date(digest.runAt).getUTCDay()).toBe(1);
    await app.close();
    await ctx.jobs.enqueue("test.record", { n: 10 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen).toEqual([9]);
    await t.ctx.jobs.runDue();
  });
});
