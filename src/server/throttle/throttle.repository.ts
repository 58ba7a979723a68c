import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema";

/** The throttle counters, one row per key and window, shared by every instance through the database. */
export function createThrottleRepository(db: Kysely<DB>) {
  return {
    /** Adds `amount` to a window's count in one statement, so concurrent requests never read the same count; answers the new count. */
    async increment(key: string, windowStart: number, expiresAt: number, amount = 1): Promise<number> {
      const row = await db
        .insertInto("throttle_counters")
        .values({ key, windowStart, count: amount, expiresAt })
        .onConflict((conflict) => conflict.columns(["key", "windowStart"]).doUpdateSet({ count: sql`throttle_counters.count + ${amount}` }))
        .returning("count")
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Takes one back from a window's count, never below zero. */
    async decrement(key: string, windowStart: number): Promise<void> {
      await db
        .updateTable("throttle_counters")
        .set({ count: sql`throttle_counters.count - 1` })
        .where("key", "=", key)
        .where("windowStart", "=", windowStart)
        .where("count", ">", 0)
        .execute();
    },

    async count(key: string, windowStart: number): Promise<number> {
      const row = await db
        .selectFrom("throttle_counters")
        .select("count")
        .where("key", "=", key)
        .where("windowStart", "=", windowStart)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    async clear(key: string): Promise<void> {
      await db.deleteFrom("throttle_counters").where("key", "=", key).execute();
    },

    /** Removes the windows that ended; answers how many rows went. */
    async purgeExpired(now: number): Promise<number> {
      const result = await db.deleteFrom("throttle_counters").where("expiresAt", "<=", now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type ThrottleRepository = ReturnType<typeof createThrottleRepository>;
