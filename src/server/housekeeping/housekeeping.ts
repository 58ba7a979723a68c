import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../context";
import { createSessionsRepository } from "../modules/auth/sessions.repository";
import { createMyDataService } from "../modules/mydata/mydata.service";

export interface HousekeepingReport {
  /** Sessions removed: expired, or begun before the absolute lifetime. */
  sessions: number;
  /** Throttle windows removed because they ended. */
  throttleWindows: number;
  /** Accounts deleted because their grace period ended (decision 0016). */
  deletedAccounts: number;
  /** Background jobs removed 30 days after they finished (decision 0012). */
  jobs: number;
}

/**
 * Purges what only grows: expired sessions, ended throttle windows (sign-in failures among them) and long-finished jobs. Every instance may
 * run it; each purge is one idempotent DELETE, so two instances running at once do no harm.
 */
export function createHousekeeping(ctx: AppContext, log: FastifyBaseLogger) {
  const sessions = createSessionsRepository(ctx.db);
  const myData = createMyDataService(ctx);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  async function runOnce(): Promise<HousekeepingReport> {
    const now = ctx.clock.now();
    const iso = (time: number) => new Date(time).toISOString();
    const removedSessions = await sessions.deleteExpired(iso(now), iso(now - ctx.config.sessionAbsoluteMs));
    const throttleWindows = await ctx.throttle.purgeExpired();
    const deletedAccounts = await myData.purgeDue();
    const jobs = await ctx.jobs.purgeFinished();
    const report = { sessions: removedSessions, throttleWindows, deletedAccounts, jobs };
    const removedAny = Object.values(report).some((count) => count > 0);
    log[removedAny ? "info" : "debug"]({ event: "housekeeping", ...report }, "housekeeping done");
    return report;
  }

  /** One run at a time; a failed run is logged and the next one tries again. */
  function tick() {
    if (running) return;
    running = runOnce()
      .catch((error: unknown) => log.warn({ event: "housekeeping_failed", err: error }, "housekeeping failed"))
      .finally(() => {
        running = undefined;
      });
  }

  return {
    runOnce,
    /** Runs now, then every `intervalMs`; the timer never keeps the process alive. */
    start(intervalMs: number) {
      if (timer) return;
      tick();
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    /** Stops the timer and waits for a run in progress, so the database can close after it. */
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
export type Housekeeping = ReturnType<typeof createHousekeeping>;
