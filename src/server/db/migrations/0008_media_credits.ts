import type { Kysely } from "kysely";
import { creditNamedMembers } from "../../modules/media/media.repository";
import type { Dialect } from "../database";
import type { DB } from "../schema";
import { makeHelpers } from "./helpers";

/**
 * The members an item names (its speaker, artist or host), so a profile's Media tab lists what the member speaks,
 * sings or hosts rather than what they uploaded. Existing items are credited from their artist line.
 */
export function mediaCredits(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      const h = makeHelpers(db, dialect);
      await h.table("media_credits", (t) =>
        t
          .addColumn("mediaId", "integer", (c) => c.notNull().references("media.id").onDelete("cascade"))
          .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
          .addPrimaryKeyConstraint("media_credits_pk", ["mediaId", "userId"]),
      );
      await h.index("media_credits_user", "media_credits", ["userId", "mediaId"]);
      // The creator's own list on /create filters by uploader, newest first.
      await h.index("media_uploader_created", "media", ["uploadedBy", "createdAt", "id"]);
      const typed = db as Kysely<DB>;
      const items = await typed.selectFrom("media").select(["id", "artist"]).where("artist", "<>", "").execute();
      for (const item of items) await creditNamedMembers(typed, item.id, item.artist);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("media_uploader_created").ifExists().execute();
      await db.schema.dropTable("media_credits").ifExists().execute();
    },
  };
}
