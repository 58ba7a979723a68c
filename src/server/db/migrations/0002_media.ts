import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database";
import { makeHelpers } from "./helpers";

/**
 * The media library: podcast subscriptions, the indexes its lists sort and filter by, and full-text search.
 * Search is the one place the dialects differ: SQLite keeps FTS5 tables in step with triggers,
 * PostgreSQL keeps a generated tsvector column with a GIN index.
 */
export function media(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      const h = makeHelpers(db, dialect);

      await h.table("podcast_subscriptions", (t) =>
        t
          .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
          .addColumn("categoryId", "integer", (c) => c.notNull().references("categories.id").onDelete("cascade"))
          .addColumn("createdAt", "text", (c) => c.notNull())
          .addPrimaryKeyConstraint("podcast_subscriptions_pk", ["userId", "categoryId"]),
      );
      await h.index("podcast_subscriptions_category", "podcast_subscriptions", ["categoryId"]);

      await h.index("media_type_category_created", "media", ["type", "categoryId", "createdAt", "id"]);
      await h.index("media_category_plays", "media", ["categoryId", "playCount", "id"]);
      await sql`create unique index playlist_items_unique_media on playlist_items ("playlistId", "mediaId")`.execute(db);
      await h.index("reports_reporter", "reports", ["reporterId", "targetType", "targetId"]);

      if (dialect === "sqlite") await createSqliteSearch(db);
      else await createPostgresSearch(db);
    },
    async down() {
      throw new Error("The media migration cannot be undone");
    },
  };
}

/** One external-content FTS5 table per searchable table, kept current by triggers. */
const sqliteIndexes = [
  { table: "media", columns: ["title", "description", "artist"] },
  { table: "posts", columns: ["content"] },
  { table: "users", columns: ["username", "displayName", "bio"] },
  { table: "events", columns: ["title", "description", "location"] },
];

async function createSqliteSearch(db: Kysely<unknown>) {
  for (const { table, columns } of sqliteIndexes) {
    const fts = `${table}_fts`;
    const list = columns.map((c) => `"${c}"`).join(", ");
    const newValues = columns.map((c) => `new."${c}"`).join(", ");
    const oldValues = columns.map((c) => `old."${c}"`).join(", ");
    await sql
      .raw(
        `create virtual table ${fts} using fts5(${list}, content='${table}', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2')`,
      )
      .execute(db);
    await sql
      .raw(`create trigger ${fts}_ai after insert on ${table} begin insert into ${fts}(rowid, ${list}) values (new.id, ${newValues}); end`)
      .execute(db);
    await sql
      .raw(
        `create trigger ${fts}_ad after delete on ${table} begin insert into ${fts}(${fts}, rowid, ${list}) values ('delete', old.id, ${oldValues}); end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${fts}_au after update of ${list} on ${table} begin insert into ${fts}(${fts}, rowid, ${list}) values ('delete', old.id, ${oldValues}); insert into ${fts}(rowid, ${list}) values (new.id, ${newValues}); end`,
      )
      .execute(db);
    await sql.raw(`insert into ${fts}(${fts}) values ('rebuild')`).execute(db);
  }
}

async function createPostgresSearch(db: Kysely<unknown>) {
  const documents: { table: string; expression: string }[] = [
    {
      table: "media",
      expression: `setweight(to_tsvector('english', coalesce("title", '')), 'A') || setweight(to_tsvector('english', coalesce("artist", '')), 'B') || setweight(to_tsvector('english', coalesce("description", '')), 'C')`,
    },
    { table: "posts", expression: `to_tsvector('english', coalesce("content", ''))` },
    {
      table: "users",
      expression: `setweight(to_tsvector('simple', coalesce("displayName", '') || ' ' || coalesce("username", '')), 'A') || setweight(to_tsvector('english', coalesce("bio", '')), 'C')`,
    },
    {
      table: "events",
      expression: `setweight(to_tsvector('english', coalesce("title", '')), 'A') || setweight(to_tsvector('english', coalesce("description", '') || ' ' || coalesce("location", '')), 'C')`,
    },
  ];
  for (const { table, expression } of documents) {
    await sql.raw(`alter table ${table} add column "searchVector" tsvector generated always as (${expression}) stored`).execute(db);
    await sql.raw(`create index ${table}_search on ${table} using gin ("searchVector")`).execute(db);
  }
}
