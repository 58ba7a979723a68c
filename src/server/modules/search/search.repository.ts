import { type Kysely, type RawBuilder, sql } from "kysely";
import type { MediaType } from "@shared/contracts/content";
import type { Dialect } from "../../db/database";
import type { DB } from "../../db/schema";
import { type MediaRow, mediaColumnsSql } from "../media/media.repository";

/** The words of a query, lower-cased, letters and digits only, so nothing reaches the search syntax unescaped. */
export function searchTerms(query: string): string[] {
  return (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

/**
 * Full-text search across the library and the community. SQLite answers from FTS5 tables ranked by bm25;
 * PostgreSQL from generated tsvector columns ranked by ts_rank. Every word must match, the last as a prefix.
 */
export function createSearchRepository(db: Kysely<DB>, dialect: Dialect) {
  /** Matches each word as a prefix, so "gra" finds "grace" while the member types. */
  const ftsQuery = (terms: string[]) =>
    dialect === "sqlite" ? terms.map((term) => `"${term}"*`).join(" ") : terms.map((term) => `${term}:*`).join(" & ");

  /** `where` and `order by` for one table, in the dialect's own words. */
  function matching(table: "media" | "posts" | "users" | "events", alias: string, terms: string[], config = "english") {
    const query = ftsQuery(terms);
    if (dialect === "sqlite") {
      const fts = sql.raw(`${table}_fts`);
      return {
        join: sql`join ${fts} on ${fts}.rowid = ${sql.ref(`${alias}.id`)}`,
        where: sql`${fts} match ${query}`,
        rank: sql`bm25(${fts})`,
      };
    }
    const tsquery = sql`to_tsquery(${sql.lit(config)}, ${query})`;
    return {
      join: sql``,
      where: sql`${sql.ref(`${alias}.searchVector`)} @@ ${tsquery}`,
      rank: sql`-ts_rank(${sql.ref(`${alias}.searchVector`)}, ${tsquery})`,
    };
  }

  const run = async <T>(query: RawBuilder<T>) => (await query.execute(db)).rows;

  return {
    async media(terms: string[], type: MediaType, limit: number): Promise<MediaRow[]> {
      const m = matching("media", "media", terms);
      return run(sql<MediaRow>`
        select ${mediaColumnsSql}
        from media ${m.join}
        where ${m.where} and media.type = ${type} and media."hiddenAt" is null
        order by ${m.rank}, media."playCount" desc, media.id desc
        limit ${sql.lit(limit)}`);
    },

    async posts(terms: string[], limit: number) {
      const m = matching("posts", "p", terms);
      return run(sql<{
        id: number;
        content: string;
        createdAt: string;
        likesCount: number;
        commentsCount: number;
        userId: number;
        displayName: string;
        profileImageUrl: string | null;
      }>`
        select p.id, p.content, p."createdAt", p."likesCount", p."commentsCount", u.id as "userId", u."displayName", u."profileImageUrl"
        from posts p ${m.join} join users u on u.id = p."userId"
        where ${m.where} and p."hiddenAt" is null
        order by ${m.rank}, p."createdAt" desc, p.id desc
        limit ${sql.lit(limit)}`);
    },

    /** Members by name, username or bio; never their email. */
    async members(terms: string[], limit: number) {
      const m = matching("users", "u", terms, "simple");
      return run(sql<{ id: number; username: string; displayName: string; profileImageUrl: string | null; bio: string | null }>`
        select u.id, u.username, u."displayName", u."profileImageUrl", u.bio
        from users u ${m.join}
        where ${m.where}
        order by ${m.rank}, u."displayName", u.id
        limit ${sql.lit(limit)}`);
    },

    async events(terms: string[], limit: number) {
      const m = matching("events", "e", terms);
      return run(sql<{ id: number; title: string; description: string; startTime: string; endTime: string; location: string }>`
        select e.id, e.title, e.description, e."startTime", e."endTime", e.location
        from events e ${m.join}
        where ${m.where} and e."cancelledAt" is null
        order by ${m.rank}, e."startTime" desc, e.id
        limit ${sql.lit(limit)}`);
    },
  };
}
