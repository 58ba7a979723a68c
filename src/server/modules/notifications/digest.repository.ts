import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";

/** What a week at church looked like, for the weekly digest. */
export function createDigestRepository(db: Kysely<DB>) {
  return {
    async reader(userId: number) {
      return db
        .selectFrom("notification_preferences")
        .innerJoin("users", "users.id", "notification_preferences.userId")
        .select(["users.id", "users.email", "users.displayName", "notification_preferences.weeklyDigest"])
        .where("users.id", "=", userId)
        .executeTakeFirst();
    },

    async readerIds(): Promise<number[]> {
      const rows = await db.selectFrom("notification_preferences").select("userId").where("weeklyDigest", "=", 1).execute();
      return rows.map((row) => row.userId);
    },

    /** Sermons and episodes published in [from, to). */
    async newMedia(from: string, to: string, limit: number) {
      return db
        .selectFrom("media")
        .select(["id", "title", "type", "artist"])
        .where("type", "in", ["sermon", "podcast"])
        .where("createdAt", ">=", from)
        .where("createdAt", "<", to)
        .where("hiddenAt", "is", null)
        .orderBy("createdAt", "desc")
        .limit(limit)
        .execute();
    },

    /** Events starting in [from, to), not cancelled. */
    async upcomingEvents(from: string, to: string, limit: number) {
      return db
        .selectFrom("events")
        .select(["id", "title", "startTime", "location"])
        .where("startTime", ">=", from)
        .where("startTime", "<", to)
        .where("cancelledAt", "is", null)
        .orderBy("startTime")
        .limit(limit)
        .execute();
    },

    async unreadCount(userId: number): Promise<number> {
      const row = await db
        .selectFrom("notifications")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("userId", "=", userId)
        .where("readAt", "is", null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
