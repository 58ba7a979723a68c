import { type Kysely, sql } from "kysely";
import type { Dialect } from "../db/database";
import type { DB, JobsTable } from "../db/schema";
import type { Selectable } from "kysely";

export type JobRow = Selectable<JobsTable>;

export interface NewJob {
  name: string;
  payload: string;
  dedupeKey: string | null;
  runAt: number;
  maxAttempts: number;
  createdAt: string;
}

/** The jobs table: enqueue, claim, finish. Every statement is one atomic write, so instances never share a job. */
export function createJobsRepository(dialect: Dialect) {
  return {
    /** Adds a job unless one with the same dedupe key exists (pending, done or failed); answers whether it was added. */
    async insert(db: Kysely<DB>, job: NewJob): Promise<boolean> {
      const result = await db
        .insertInto("jobs")
        .values({ ...job, status: "pending", lockedBy: null, lockedUntil: null, lastError: null, finishedAt: null })
        .onConflict((conflict) => conflict.column("dedupeKey").doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /**
     * Claims up to `limit` due jobs for `instanceId` until `lockedUntil`, counting an attempt on each. On PostgreSQL the
     * candidates are locked with SKIP LOCKED, so two instances claiming at once take different jobs; SQLite has one
     * writer, so the single UPDATE … RETURNING is already atomic.
     */
    async claim(db: Kysely<DB>, instanceId: string, now: number, lockedUntil: number, limit: number): Promise<JobRow[]> {
      return db
        .updateTable("jobs")
        .set((eb) => ({ lockedBy: instanceId, lockedUntil, attempts: eb("attempts", "+", 1) }))
        .where("id", "in", (eb) =>
          eb
            .selectFrom("jobs")
            .select("id")
            .where("status", "=", "pending")
            .where("runAt", "<=", now)
            .where((w) => w.or([w("lockedUntil", "is", null), w("lockedUntil", "<=", now)]))
            .orderBy("runAt")
            .orderBy("id")
            .limit(limit)
            .$if(dialect === "postgres", (query) => query.forUpdate().skipLocked()),
        )
        .returningAll()
        .execute();
    },

    /** Marks a job this instance holds done, and forgets its payload. */
    async complete(db: Kysely<DB>, id: number, instanceId: string, finishedAt: string) {
      await db
        .updateTable("jobs")
        .set({ status: "done", payload: "{}", lockedBy: null, lockedUntil: null, finishedAt })
        .where("id", "=", id)
        .where("lockedBy", "=", instanceId)
        .execute();
    },

    /** Puts a failed job back for a later attempt, or gives it up. */
    async fail(db: Kysely<DB>, id: number, instanceId: string, change: { retryAt: number | null; error: string; finishedAt: string }) {
      await db
        .updateTable("jobs")
        .set(
          change.retryAt === null
            ? { status: "failed", lockedBy: null, lockedUntil: null, lastError: change.error, finishedAt: change.finishedAt }
            : { status: "pending", runAt: change.retryAt, lockedBy: null, lockedUntil: null, lastError: change.error },
        )
        .where("id", "=", id)
        .where("lockedBy", "=", instanceId)
        .execute();
    },

    /** Removes jobs finished before `before`; a dedupe key is kept as long as its job. */
    async purgeFinished(db: Kysely<DB>, before: string): Promise<number> {
      const result = await db
        .deleteFrom("jobs")
        .where("status", "in", ["done", "failed"])
        .where("finishedAt", "<", before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async pendingCount(db: Kysely<DB>): Promise<number> {
      const row = await db
        .selectFrom("jobs")
        .select(sql<number>`count(*)`.as("n"))
        .where("status", "=", "pending")
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
