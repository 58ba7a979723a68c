import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Clock } from "../clock";
import type { Database } from "../db/database";
import type { DB } from "../db/schema";
import { type JobRow, createJobsRepository } from "./jobs.repository";

/**
 * Every job's name and payload. A module that adds a job adds its line here; `handlers.ts` registers its handler.
 * Payloads are stored as JSON, so they hold ids and plain values, never rows.
 */
export interface JobPayloads {
  "notifications.deliver": { notificationId: number };
  "push.send": { notificationId: number; subscriptionId: number };
  "email.send": { to: string; subject: string; text: string; html?: string };
  "events.remind": { eventId: number; startTime: string };
  "digest.weekly": { weekOf: string };
  "digest.member": { userId: number; weekOf: string };
  "media.published": { mediaId: number };
  "streaming.live": { broadcastId: number };
  "streaming.replay": { broadcastId: number; recording: string };
  "streaming.remind": { serviceId: number; startTime: string; userId: number };
  "streaming.premiere": { premiereId: number; live: boolean };
}
export type JobName = keyof JobPayloads;

export interface JobContext {
  id: number;
  /** 1 on the first run. */
  attempt: number;
}
/**
 * Runs a job. A handler must be idempotent: the queue runs a job at least once (a crash after the work and before the
 * job is marked done runs it again), never on two instances at once.
 */
export type JobHandler<N extends JobName> = (payload: JobPayloads[N], job: JobContext) => Promise<void>;

export interface EnqueueOptions {
  /** When the job may run (ms since the epoch); now by default. */
  runAt?: number;
  /** At most one job per key is ever enqueued; a second enqueue with the key does nothing. */
  dedupeKey?: string;
  /** The transaction of the write that causes the job (the outbox): the job exists if and only if the write commits. */
  db?: Kysely<DB>;
  maxAttempts?: number;
}

export interface JobsOptions {
  /** How often the runner looks for due jobs. */
  pollMs: number;
  /** How long a claimed job is this instance's before another may take it (a crashed instance's jobs come back). */
  leaseMs: number;
  /** Jobs claimed at once. */
  batch: number;
  maxAttempts: number;
  /** The first retry's delay; each further retry waits twice as long, up to `maxBackoffMs`. */
  backoffMs: number;
  maxBackoffMs: number;
}

export const defaultJobsOptions: JobsOptions = {
  pollMs: 1000,
  leaseMs: 5 * 60_000,
  batch: 20,
  maxAttempts: 8,
  backoffMs: 30_000,
  maxBackoffMs: 3_600_000,
};

const silentLogger = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;

/** The delay before retry number `attempt` (1 after the first failure). */
export function backoffDelay(attempt: number, options: Pick<JobsOptions, "backoffMs" | "maxBackoffMs">): number {
  return Math.min(options.backoffMs * 2 ** Math.max(0, attempt - 1), options.maxBackoffMs);
}

/**
 * Background work in the database (DESIGN §8, decision 0012): `enqueue` writes a row (inside the caller's transaction
 * when given one), and the runner of every instance claims due rows atomically, runs their handler, and retries a failure
 * with exponential backoff. Time comes from the clock, so tests run due jobs with `runDue()` after moving it.
 */
export function createJobs(database: Database, clock: Clock, overrides: Partial<JobsOptions> = {}) {
  const options = { ...defaultJobsOptions, ...overrides };
  const repository = createJobsRepository(database.dialect);
  const instanceId = randomUUID();
  const handlers = new Map<string, { handler: JobHandler<JobName>; maxAttempts?: number }>();
  let log = silentLogger;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  async function runOne(job: JobRow): Promise<boolean> {
    const entry = handlers.get(job.name);
    try {
      if (!entry) throw new Error(`No handler for the job ${job.name}`);
      await entry.handler(JSON.parse(job.payload) as never, { id: job.id, attempt: job.attempts });
      await repository.complete(database.db, job.id, instanceId, clock.iso());
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const givesUp = job.attempts >= job.maxAttempts;
      await repository.fail(database.db, job.id, instanceId, {
        retryAt: givesUp ? null : clock.now() + backoffDelay(job.attempts, options),
        error: message.slice(0, 1000),
        finishedAt: clock.iso(),
      });
      log[givesUp ? "error" : "warn"](
        { event: givesUp ? "job_failed" : "job_retry", job: job.name, jobId: job.id, attempt: job.attempts, err: message },
        givesUp ? "a job failed for the last time" : "a job failed and will be retried",
      );
      return false;
    }
  }

  /** Claims and runs every job due now, batch after batch; answers how many ran and how many failed. */
  async function runDue(): Promise<{ ran: number; failed: number }> {
    let ran = 0;
    let failed = 0;
    for (;;) {
      const now = clock.now();
      const jobs = await repository.claim(database.db, instanceId, now, now + options.leaseMs, options.batch);
      if (jobs.length === 0) return { ran, failed };
      for (const job of jobs) {
        if (await runOne(job)) ran += 1;
        else failed += 1;
      }
    }
  }

  function tick() {
    if (running || stopped) return;
    running = runDue()
      .catch((error: unknown) => log.warn({ event: "jobs_poll_failed", err: error }, "looking for due jobs failed"))
      .finally(() => {
        running = undefined;
      });
  }

  return {
    instanceId,

    /** Registers the one handler of a job name (`handlers.ts` is the one place that calls this). */
    register<N extends JobName>(name: N, handler: JobHandler<N>, settings: { maxAttempts?: number } = {}) {
      handlers.set(name, { handler: handler as unknown as JobHandler<JobName>, ...settings });
    },

    /** Adds a job; answers false when its dedupe key was already used. */
    async enqueue<N extends JobName>(name: N, payload: JobPayloads[N], enqueue: EnqueueOptions = {}): Promise<boolean> {
      return repository.insert(enqueue.db ?? database.db, {
        name,
        payload: JSON.stringify(payload),
        dedupeKey: enqueue.dedupeKey ?? null,
        runAt: enqueue.runAt ?? clock.now(),
        maxAttempts: enqueue.maxAttempts ?? handlers.get(name)?.maxAttempts ?? options.maxAttempts,
        createdAt: clock.iso(),
      });
    },

    runDue,

    /** Runs due jobs soon, without waiting for the next poll (after a write outside a transaction). */
    wake() {
      if (!stopped) setImmediate(tick);
    },

    pendingCount: () => repository.pendingCount(database.db),

    /** Removes jobs finished more than `olderThanMs` ago; run by housekeeping. */
    purgeFinished: (olderThanMs = 30 * 86_400_000) =>
      repository.purgeFinished(database.db, new Date(clock.now() - olderThanMs).toISOString()),

    /** Polls for due jobs every `pollMs` until stopped; the timer never keeps the process alive. */
    start(logger?: FastifyBaseLogger) {
      if (logger) log = logger;
      if (!stopped) return;
      stopped = false;
      tick();
      timer = setInterval(tick, options.pollMs);
      timer.unref();
    },

    /** Stops polling and waits for the jobs in hand, so the database can close after them. */
    async stop() {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
export type Jobs = ReturnType<typeof createJobs>;
