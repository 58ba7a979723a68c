import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";

/** Web Push subscriptions (one per device) and the app's own VAPID key pair. */
export function createPushRepository(db: Kysely<DB>) {
  return {
    /** Keeps a device's subscription for the member; a device that changes hands moves to its new member. */
    async save(userId: number, subscription: { endpoint: string; p256dh: string; auth: string }, now: string) {
      await db
        .insertInto("push_subscriptions")
        .values({ userId, ...subscription, createdAt: now })
        .onConflict((conflict) =>
          conflict.column("endpoint").doUpdateSet({ userId, p256dh: subscription.p256dh, auth: subscription.auth, createdAt: now }),
        )
        .execute();
    },

    async remove(userId: number, endpoint: string) {
      await db.deleteFrom("push_subscriptions").where("userId", "=", userId).where("endpoint", "=", endpoint).execute();
    },

    async removeById(id: number) {
      await db.deleteFrom("push_subscriptions").where("id", "=", id).execute();
    },

    async findById(id: number) {
      return db.selectFrom("push_subscriptions").selectAll().where("id", "=", id).executeTakeFirst();
    },

    async idsOf(userId: number): Promise<number[]> {
      const rows = await db.selectFrom("push_subscriptions").select("id").where("userId", "=", userId).execute();
      return rows.map((row) => row.id);
    },

    async secret(name: string): Promise<string | undefined> {
      const row = await db.selectFrom("app_secrets").select("value").where("name", "=", name).executeTakeFirst();
      return row?.value;
    },

    /** Stores a secret unless another instance stored one first; answers the one kept. */
    async keepSecret(name: string, value: string, now: string): Promise<string> {
      await db
        .insertInto("app_secrets")
        .values({ name, value, createdAt: now })
        .onConflict((conflict) => conflict.column("name").doNothing())
        .execute();
      return (await this.secret(name))!;
    },
  };
}
