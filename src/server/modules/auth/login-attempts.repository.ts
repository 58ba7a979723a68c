import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";

/** Failed sign-ins, kept in the database so every instance sees the same count. */
export function createLoginAttemptsRepository(db: Kysely<DB>) {
  return {
    async record(keys: string[], now: string) {
      await db
        .insertInto("login_attempts")
        .values(keys.map((key) => ({ key, attemptedAt: now })))
        .execute();
    },

    /** Count and oldest time of the failures for a key since `since`. */
    async countSince(key: string, since: string): Promise<{ count: number; oldest: string | null }> {
      const row = await db
        .selectFrom("login_attempts")
        .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.min("attemptedAt").as("oldest")])
        .where("key", "=", key)
        .where("attemptedAt", ">", since)
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), oldest: (row.oldest as string | null) ?? null };
    },

    async clear(key: string) {
      await db.deleteFrom("login_attempts").where("key", "=", key).execute();
    },

    async deleteOlderThan(before: string) {
      await db.deleteFrom("login_attempts").where("attemptedAt", "<=", before).execute();
    },
  };
}
export type LoginAttemptsRepository = ReturnType<typeof createLoginAttemptsRepository>;
