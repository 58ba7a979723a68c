import type { Kysely } from "kysely";
import type { DB } from "../db/schema";

const CHUNK = 500;

export function createLiveRepository(db: Kysely<DB>) {
  return {
    /** Which of these sessions (by stored id) still exist and haven't expired, in a few batched queries. */
    async validSessionIds(ids: string[], now: string): Promise<Set<string>> {
      const valid = new Set<string>();
      for (let start = 0; start < ids.length; start += CHUNK) {
        const rows = await db
          .selectFrom("sessions")
          .select("id")
          .where("id", "in", ids.slice(start, start + CHUNK))
          .where("expiresAt", ">", now)
          .execute();
        for (const row of rows) valid.add(row.id);
      }
      return valid;
    },
  };
}
