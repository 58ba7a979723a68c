import type { Insertable, Kysely, Updateable } from "kysely";
import type { DB, MediaTable } from "../../db/schema";
import type { MediaRow } from "../content/media.presenter";

/** Writes of published media: insert, edit, delete, and the category look-up the rules need. */
export function createPublishingRepository(db: Kysely<DB>) {
  return {
    async findCategory(id: number) {
      return db.selectFrom("categories").select(["id", "type"]).where("id", "=", id).executeTakeFirst();
    },

    async findMedia(id: number): Promise<MediaRow | undefined> {
      return db.selectFrom("media").selectAll().where("id", "=", id).executeTakeFirst();
    },

    async insertMedia(values: Insertable<MediaTable>): Promise<MediaRow> {
      return db.insertInto("media").values(values).returningAll().executeTakeFirstOrThrow();
    },

    async updateMedia(id: number, values: Updateable<MediaTable>): Promise<MediaRow | undefined> {
      return db.updateTable("media").set(values).where("id", "=", id).returningAll().executeTakeFirst();
    },

    /** Deletes the item; likes, favorites, history and playlist entries go with it by their foreign keys. */
    async deleteMedia(id: number): Promise<boolean> {
      const result = await db.deleteFrom("media").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type PublishingRepository = ReturnType<typeof createPublishingRepository>;
