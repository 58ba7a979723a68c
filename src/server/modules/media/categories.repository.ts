import type { Kysely } from "kysely";
import type { CategoryType } from "@shared/contracts/content";
import type { DB } from "../../db/schema";

/** Categories (sermon series, music genres, podcast shows) and members' subscriptions to podcast shows: SQL only. */
export function createCategoriesRepository(db: Kysely<DB>) {
  return {
    /** Categories in their order of creation, each with how many items it holds. */
    async list(type?: CategoryType) {
      let query = db
        .selectFrom("categories")
        .select(["categories.id", "categories.name", "categories.description", "categories.type"])
        .select((eb) =>
          eb
            .selectFrom("media")
            .select(eb.fn.countAll<number>().as("c"))
            .whereRef("media.categoryId", "=", "categories.id")
            .where("media.hiddenAt", "is", null)
            .as("mediaCount"),
        );
      if (type) query = query.where("categories.type", "=", type);
      const rows = await query.orderBy("categories.id").execute();
      return rows.map((row) => ({ ...row, mediaCount: Number(row.mediaCount ?? 0) }));
    },

    async findById(id: number) {
      return db.selectFrom("categories").select(["id", "name", "description", "type"]).where("id", "=", id).executeTakeFirst();
    },

    async subscriptions(userId: number): Promise<number[]> {
      const rows = await db
        .selectFrom("podcast_subscriptions")
        .select("categoryId")
        .where("userId", "=", userId)
        .orderBy("createdAt")
        .execute();
      return rows.map((row) => row.categoryId);
    },

    async subscribe(userId: number, categoryId: number, now: string) {
      await db
        .insertInto("podcast_subscriptions")
        .values({ userId, categoryId, createdAt: now })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    async unsubscribe(userId: number, categoryId: number) {
      await db.deleteFrom("podcast_subscriptions").where("userId", "=", userId).where("categoryId", "=", categoryId).execute();
    },
  };
}
