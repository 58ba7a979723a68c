import type { Kysely } from "kysely";
import type { Dialect } from "../database";
import { makeHelpers } from "./helpers";

/**
 * The community, profiles and events: indexes for the sidebars' weekly counts and a profile's media, and an event revision number
 * that calendar apps (RFC 5545 SEQUENCE) use to notice an edited or cancelled event.
 */
export function community(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      const h = makeHelpers(db, dialect);
      await h.index("comments_created", "comments", ["createdAt"]);
      await h.index("post_likes_created", "post_likes", ["createdAt"]);
      await h.index("events_end", "events", ["endTime", "startTime"]);
      // A profile's Media tab lists what the member published.
      await h.index("media_uploaded_by", "media", ["uploadedBy", "createdAt", "id"]);
      await db.schema
        .alterTable("events")
        .addColumn("sequence", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down() {
      throw new Error("0003_community cannot be undone");
    },
  };
}
