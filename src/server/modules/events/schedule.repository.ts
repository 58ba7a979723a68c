import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";

/** Members' private "My schedule" calendar tokens, kept only as hashes: SQL only. */
export function createScheduleRepository(db: Kysely<DB>) {
  return {
    async find(userId: number) {
      return db.selectFrom("calendar_tokens").select(["userId", "createdAt"]).where("userId", "=", userId).executeTakeFirst();
    },

    /** Replaces the member's token: the old address stops working at once. */
    async replace(userId: number, tokenHash: string, now: string) {
      await db
        .insertInto("calendar_tokens")
        .values({ userId, tokenHash, createdAt: now })
        .onConflict((oc) => oc.column("userId").doUpdateSet({ tokenHash, createdAt: now }))
        .execute();
    },

    async remove(userId: number) {
      await db.deleteFrom("calendar_tokens").where("userId", "=", userId).execute();
    },

    async userIdFor(tokenHash: string): Promise<number | undefined> {
      const row = await db.selectFrom("calendar_tokens").select("userId").where("tokenHash", "=", tokenHash).executeTakeFirst();
      return row?.userId;
    },
  };
}
