import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema";
import { isUniqueViolation } from "../../http/errors";

export function createNewsletterRepository(db: Kysely<DB>) {
  return {
    /** Subscribes the address once, whatever its letter case; subscribing again, even at the same moment, is a no-op. */
    async subscribe(email: string, now: string) {
      const existing = await db
        .selectFrom("newsletter_subscriptions")
        .select("id")
        .where(sql`lower("email")`, "=", email.toLowerCase())
        .executeTakeFirst();
      if (existing) return;
      try {
        await db.insertInto("newsletter_subscriptions").values({ email, createdAt: now }).execute();
      } catch (error) {
        // A concurrent subscription of the same address got there first.
        if (!isUniqueViolation(error)) throw error;
      }
    },
  };
}
