import { afterAll, beforeAll, expect, it } from "vitest";
import type { FastifyBaseLogger } from "fastify";
import { createManualClock } from "../clock";
import { type TestApp, buildTestApp, describeEachDatabase } from "../test/app";
import { registerMember } from "../test/factories";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { createContext } from "../context";
import { createHousekeeping } from "./housekeeping";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A logger that keeps what it is told, for assertions. */
function recordingLogger() {
  const lines: { level: string; fields: Record<string, unknown> }[] = [];
  const record = (level: string) => (fields: unknown) => void lines.push({ level, fields: (fields ?? {}) as Record<string, unknown> });
  const logger = {
    info: record("info"),
    debug: record("debug"),
    warn: record("warn"),
    error: record("error"),
    child: () => logger,
  } as unknown as FastifyBaseLogger;
  return { logger, lines };
}

describeEachDatabase("housekeeping", (dialect) => {
  let t: TestApp;
  const clock = createManualClock("2026-03-01T09:00:00.000Z");
  beforeAll(async () => {
    t = await buildTestApp(
      dialect,
      { SESSION_IDLE_HOURS: "24", SESSION_ABSOLUTE_DAYS: "30", LOGIN_WINDOW_SECONDS: "900" },
      undefined,
      clock,
    );
  });
  afterAll(async () => t.close());

  const count = async (table: "sessions" | "throttle_counters") =>
    Number(
      (
        await t.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .$if(table === "throttle_counters", (query) => query.where("key", "like", "housekeeping-test:%"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("purges expired sessions, sessions past the absolute lifetime and ended throttle windows (sign-in failures among them), and nothing else", async () => {
    const rule = { name: "housekeeping-test", limit: 5, windowMs: HOUR, message: "slow down" };

    // Then: a session that will go idle and a throttle window that will end.
    const idle = await registerMember(t.app);
    await t.ctx.throttle.hit(rule, "old");
    // As if begun long ago under a longer absolute lifetime, and still marked as unexpired.
    const ancient = await registerMember(t.app);
    await t.ctx.db
      .updateTable("sessions")
      .set({ createdAt: new Date(clock.now() - 40 * DAY).toISOString(), expiresAt: new Date(clock.now() + 10 * DAY).toISOString() })
      .where("userId", "=", ancient.user.id)
      .execute();

    clock.advance(2 * DAY);
    // Now: a fresh session and a current window.
    const fresh = await registerMember(t.app);
    await t.ctx.throttle.hit(rule, "new");
    expect([await count("sessions"), await count("throttle_counters")]).toEqual([3, 2]);

    const { logger, lines } = recordingLogger();
    const report = await createHousekeeping(t.ctx, logger).runOnce();
    expect(report.sessions).toBe(2);
    // Other ended windows (the registrations above) go too; the test rule's old one is among them.
    expect(report.throttleWindows).toBeGreaterThanOrEqual(1);
    expect([await count("sessions"), await count("throttle_counters")]).toEqual([1, 1]);
    const [left] = await t.ctx.db.selectFrom("sessions").select("userId").execute();
    expect(left?.userId).toBe(fresh.user.id);
    expect(idle.user.id).not.toBe(fresh.user.id);
    expect(lines.some((line) => line.fields.event === "housekeeping")).toBe(true);
  });

  it("runs at start and on its interval once the app is ready, and stops when the app closes", async () => {
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: t.dataDir, SEED_DEMO: "false", HOUSEKEEPING_INTERVAL_SECONDS: "0.05" });
    const app = await buildApp(createContext(config, t.database, clock), { housekeeping: true });
    await registerMember(app);
    clock.advance(2 * DAY);
    await app.ready();
    await expect.poll(() => count("sessions"), { timeout: 5_000 }).toBe(0);
    await registerMember(app);
    clock.advance(2 * DAY);
    await expect.poll(() => count("sessions"), { timeout: 5_000 }).toBe(0);
    await app.close();
    // Closed: a session that expires now stays until the next start.
    await registerMember(t.app);
    clock.advance(2 * DAY);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await count("sessions")).toBe(1);
  });
});
