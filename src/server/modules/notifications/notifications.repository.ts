import { type Kysely, sql } from "kysely";
import type { AnyNotificationCategory, NotificationCategory } from "@shared/contracts/notifications";
import type { DB } from "../../db/schema";

export interface NewNotification {
  userId: number;
  title: string;
  body: string;
  link: string | null;
  /** What it is about; `general` (bell only) when absent. */
  category?: AnyNotificationCategory;
  /** A job's notification: stored once however often the job runs. */
  dedupeKey?: string;
}

export interface StoredPreferences {
  channels: Partial<Record<NotificationCategory, { push?: boolean; email?: boolean }>>;
  weeklyDigest: boolean;
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

    /** Stores the notifications in `trx` (the caller's transaction) and answers them with their ids. */
    async insert(trx: Kysely<DB>, notifications: NewNotification[], now: string) {
      if (notifications.length === 0) return [];
      return trx
        .insertInto("notifications")
        .values(
          notifications.map((n) => ({
            ...n,
            category: n.category ?? "general",
            dedupeKey: n.dedupeKey ?? null,
            createdAt: now,
            readAt: null,
          })),
        )
        .onConflict((conflict) => conflict.column("dedupeKey").doNothing())
        .returning(["id", "userId", "title", "body", "link", "category", "readAt", "createdAt"])
        .execute();
    },

    async findById(id: number) {
      return db
        .selectFrom("notifications")
        .innerJoin("users", "users.id", "notifications.userId")
        .select([
          "notifications.id",
          "notifications.userId",
          "notifications.title",
          "notifications.body",
          "notifications.link",
          "notifications.category",
          "notifications.readAt",
          "users.email",
        ])
        .where("notifications.id", "=", id)
        .executeTakeFirst();
    },

    /** Unread counts of several members at once. */
    async countUnreadOf(userIds: number[]): Promise<Map<number, number>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .selectFrom("notifications")
        .select(["userId", sql<number>`count(*)`.as("count")])
        .where("userId", "in", userIds)
        .where("readAt", "is", null)
        .groupBy("userId")
        .execute();
      return new Map(rows.map((row) => [row.userId, Number(row.count)]));
    },

    async preferences(userId: number): Promise<StoredPreferences> {
      const row = await db
        .selectFrom("notification_preferences")
        .select(["channels", "weeklyDigest"])
        .where("userId", "=", userId)
        .executeTakeFirst();
      return row
        ? { channels: JSON.parse(row.channels) as StoredPreferences["channels"], weeklyDigest: row.weeklyDigest === 1 }
        : { channels: {}, weeklyDigest: false };
    },

    async savePreferences(userId: number, preferences: StoredPreferences, now: string) {
      const values = { channels: JSON.stringify(preferences.channels), weeklyDigest: preferences.weeklyDigest ? 1 : 0, updatedAt: now };
      await db
        .insertInto("notification_preferences")
        .values({ userId, ...values })
        .onConflict((conflict) => conflict.column("userId").doUpdateSet(values))
        .execute();
    },

    /** Members who asked for the weekly digest, with their address. */
    async digestReaders() {
      return db
        .selectFrom("notification_preferences")
        .innerJoin("users", "users.id", "notification_preferences.userId")
        .select(["users.id", "users.email", "users.displayName"])
        .where("notification_preferences.weeklyDigest", "=", 1)
        .execute();
    },

    /** Ids of the members with these usernames (an @mention), letter case ignored. */
    async idsByUsernames(usernames: string[]): Promise<number[]> {
      if (usernames.length === 0) return [];
      const rows = await db
        .selectFrom("users")
        .select("id")
        .where(
          sql`lower("username")`,
          "in",
          usernames.map((name) => name.toLowerCase()),
        )
        .execute();
      return rows.map((row) => row.id);
    },

    /** Every member but one (a new sermon reaches the whole church). */
    async memberIdsExcept(userId: number | null): Promise<number[]> {
      const rows = await db
        .selectFrom("users")
        .select("id")
        .$if(userId !== null, (query) => query.where("id", "<>", userId!))
        .execute();
      return rows.map((row) => row.id);
    },

    /** A published item as its announcement needs it. */
    async mediaForAnnouncement(mediaId: number) {
      return db
        .selectFrom("media")
        .leftJoin("categories", "categories.id", "media.categoryId")
        .select([
          "media.id",
          "media.title",
          "media.type",
          "media.artist",
          "media.categoryId",
          "media.uploadedBy",
          "categories.name as showName",
        ])
        .where("media.id", "=", mediaId)
        .where("media.hiddenAt", "is", null)
        .executeTakeFirst();
    },

    /** Members subscribed to a podcast show. */
    async showSubscriberIds(categoryId: number): Promise<number[]> {
      const rows = await db.selectFrom("podcast_subscriptions").select("userId").where("categoryId", "=", categoryId).execute();
      return rows.map((row) => row.userId);
    },

    async listForUser(userId: number, limit: number) {
      return db
        .selectFrom("notifications")
        .select(["id", "title", "body", "link", "category", "readAt", "createdAt"])
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
