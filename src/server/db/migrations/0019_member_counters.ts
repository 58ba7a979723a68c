import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database";

/**
 * A member's post and favorite counts, stored on `users` (decision 0031). Every profile and every session check shows
 * them: counted per request they cost O(the member's posts), and the visible-post count read each post row for its
 * `hiddenAt` (3.4 ms for a member with 6,700 posts). Triggers keep them exact in the statement's own transaction,
 * whatever writes the rows: a new, deleted, hidden, restored or re-attributed post, a favorite added or removed.
 */
export function memberCounters(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("users")
        .addColumn("postCount", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable("users")
        .addColumn("favoriteCount", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`update users set
        "postCount" = (select count(*) from posts p where p."userId" = users.id and p."hiddenAt" is null),
        "favoriteCount" = (select count(*) from favorites f where f."userId" = users.id)`.execute(db);
      for (const statement of dialect === "postgres" ? postgresTriggers : sqliteTriggers) await sql.raw(statement).execute(db);
    },
    async down(db: Kysely<unknown>) {
      for (const statement of dialect === "postgres" ? postgresDrops : sqliteDrops) await sql.raw(statement).execute(db);
      await db.schema.alterTable("users").dropColumn("favoriteCount").execute();
      await db.schema.alterTable("users").dropColumn("postCount").execute();
    },
  };
}

const visible = (row: "new" | "old") => `${row}."hiddenAt" is null`;
const addPost = (row: "new" | "old", by: "+" | "-") => `update users set "postCount" = "postCount" ${by} 1 where id = ${row}."userId"`;
const addFavorite = (row: "new" | "old", by: "+" | "-") =>
  `update users set "favoriteCount" = "favoriteCount" ${by} 1 where id = ${row}."userId"`;

const sqliteTriggers = [
  `create trigger users_post_count_insert after insert on posts when ${visible("new")} begin ${addPost("new", "+")}; end`,
  `create trigger users_post_count_delete after delete on posts when ${visible("old")} begin ${addPost("old", "-")}; end`,
  `create trigger users_post_count_update after update of "hiddenAt", "userId" on posts begin
     ${addPost("old", "-")} and ${visible("old")};
     ${addPost("new", "+")} and ${visible("new")};
   end`,
  `create trigger users_favorite_count_insert after insert on favorites begin ${addFavorite("new", "+")}; end`,
  `create trigger users_favorite_count_delete after delete on favorites begin ${addFavorite("old", "-")}; end`,
];
const sqliteDrops = [
  "drop trigger users_post_count_insert",
  "drop trigger users_post_count_delete",
  "drop trigger users_post_count_update",
  "drop trigger users_favorite_count_insert",
  "drop trigger users_favorite_count_delete",
];

const postgresTriggers = [
  `create function users_post_count() returns trigger language plpgsql as $$
   begin
     if tg_op in ('DELETE', 'UPDATE') and ${visible("old")} then ${addPost("old", "-")}; end if;
     if tg_op in ('INSERT', 'UPDATE') and ${visible("new")} then ${addPost("new", "+")}; end if;
     return null;
   end $$`,
  `create trigger users_post_count after insert or delete or update of "hiddenAt", "userId" on posts
   for each row execute function users_post_count()`,
  `create function users_favorite_count() returns trigger language plpgsql as $$
   begin
     if tg_op = 'DELETE' then ${addFavorite("old", "-")}; else ${addFavorite("new", "+")}; end if;
     return null;
   end $$`,
  `create trigger users_favorite_count after insert or delete on favorites for each row execute function users_favorite_count()`,
];
const postgresDrops = [
  "drop trigger users_post_count on posts",
  "drop function users_post_count",
  "drop trigger users_favorite_count on favorites",
  "drop function users_favorite_count",
];
