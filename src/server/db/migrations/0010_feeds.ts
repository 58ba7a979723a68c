import type { Kysely } from "kysely";
import type { Dialect } from "../database";
import { makeHelpers } from "./helpers";

/**
 * Podcast feeds and the personal calendar (decision 0013):
 * - `podcast_shows`: what directories require of a show beyond a category's name and description (author, owner,
 *   artwork, iTunes category, explicit, language, locked, the Podcasting 2.0 guid); one row per podcast category,
 *   and one row with no category for the sermons feed, each written the first time its feed is served (defaults until
 *   an admin changes them);
 * - `media_transcripts`: an episode's transcript, announced as `podcast:transcript`;
 * - `calendar_tokens`: the hash of each member's private "My schedule" calendar token.
 */
export function feeds(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      const h = makeHelpers(db, dialect);
      await h.table("podcast_shows", (t) =>
        t
          .addColumn("id", h.idType, h.id)
          .addColumn("key", "text", (c) => c.notNull().unique())
          .addColumn("categoryId", "integer", (c) => c.unique().references("categories.id").onDelete("cascade"))
          .addColumn("author", "text", (c) => c.notNull().defaultTo(""))
          .addColumn("ownerName", "text", (c) => c.notNull().defaultTo(""))
          .addColumn("ownerEmail", "text", (c) => c.notNull().defaultTo(""))
          .addColumn("artworkUrl", "text")
          .addColumn("itunesCategory", "text", (c) => c.notNull().defaultTo("Religion & Spirituality"))
          .addColumn("itunesSubcategory", "text", (c) => c.notNull().defaultTo("Christianity"))
          .addColumn("explicit", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("language", "text", (c) => c.notNull().defaultTo("en"))
          .addColumn("locked", "integer", (c) => c.notNull().defaultTo(1))
          .addColumn("guid", "text")
          .addColumn("updatedAt", "text", (c) => c.notNull()),
      );
      await h.table("media_transcripts", (t) =>
        t
          .addColumn("mediaId", "integer", (c) => c.primaryKey().references("media.id").onDelete("cascade"))
          .addColumn("url", "text", (c) => c.notNull()),
      );
      await h.table("calendar_tokens", (t) =>
        t
          .addColumn("userId", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
          .addColumn("tokenHash", "text", (c) => c.notNull().unique())
          .addColumn("createdAt", "text", (c) => c.notNull()),
      );
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("calendar_tokens").ifExists().execute();
      await db.schema.dropTable("media_transcripts").ifExists().execute();
      await db.schema.dropTable("podcast_shows").ifExists().execute();
    },
  };
}
