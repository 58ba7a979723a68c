import type { Kysely } from "kysely";

/** The four kinds of content a moderator can hide (decision 0024). */
export const HIDEABLE_TABLES = ["posts", "comments", "messages", "media"] as const;

/**
 * A reversible hide (decision 0024): `hiddenAt` on posts, comments, messages and media. A hidden row stays where it is
 * and every list leaves it out (`"hiddenAt" is null`), so restoring it is clearing the column. No new index: hidden rows
 * are rare, so the existing (…, createdAt, id) indexes still serve every ordered list and the column is a filter on the
 * rows they find.
 */
export function hiddenContent() {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of HIDEABLE_TABLES) await db.schema.alterTable(table).addColumn("hiddenAt", "text").execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of HIDEABLE_TABLES) await db.schema.alterTable(table).dropColumn("hiddenAt").execute();
    },
  };
}
