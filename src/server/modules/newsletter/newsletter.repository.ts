import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema";

export function createNewsletterRepository(db: Kysely<DB>) {
  return {
    /** Subscribes the address once; subscribing again is a no-op. */
    async subscribe(email: string, now: string) {
      const existing = await db
        .selectFrom("newsletter_subscriptions")
        .select("id")
        .where(sql`lower("email")`, "=", email.toLowerCase())
        .executeTakeFirst();
      if (existing) return;
      await db.insertInto("newsletter_subscriptions").values({ email, createdAt: now }).execute();
    },
  };
}
