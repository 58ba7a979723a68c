import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";

export interface NewNotification {
  userId: number;
  title: string;
  body: string;
  link: string | null;
}

export function createNotificationsRepository(db: Kysely<DB>) {
  return {
    async add(notifications: NewNotification[], now: string) {
      if (notifications.length === 0) return;
      await db
        .insertInto("notifications")
        .values(notifications.map((n) => ({ ...n, createdAt: now, readAt: null })))
        .execute();
    },

    async listForUser(userId: number, limit: number) {
      return db
        .selectFrom("notifications")
        .select(["id", "title", "body", "link", "readAt", "createdAt"])
        .where("userId", "=", userId)
        .orderBy("createdAt", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
    },

    async countUnread(userId: number): Promise<number> {
      const row = await db
        .selectFrom("notifications")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("userId", "=", userId)
        .where("readAt", "is", null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async markRead(userId: number, now: string, ids?: number[]) {
      let query = db.updateTable("notifications").set({ readAt: now }).where("userId", "=", userId).where("readAt", "is", null);
      if (ids) query = query.where("id", "in", ids);
      await query.execute();
    },
  };
}
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;

/** What every new member finds under the bell. */
export function welcomeNotifications(userId: number, displayName: string): NewNotification[] {
  return [
    {
      userId,
      title: `Welcome, ${displayName}!`,
      body: "We're glad you're here. Take a look around and make yourself at home.",
      link: "/",
    },
    {
      userId,
      title: "Complete your profile",
      body: "Add a short bio so others in the community can get to know you.",
      link: "/profile",
    },
    {
      userId,
      title: "Say hello to the community",
      body: "Share a prayer request, a testimony or an encouraging word in the community feed.",
      link: "/community",
    },
  ];
}
