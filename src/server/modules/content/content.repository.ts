import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import type { CategoryType, MediaSort, MediaType } from "@shared/contracts/content";
import type { DB } from "../../db/schema";
import type { MediaRow, ViewerMediaState } from "./media.presenter";

const MEDIA_COLUMNS = sql.raw(
  `media.id, media.title, media.description, media.type, media."categoryId", media.artist, media."thumbnailUrl", media."mediaUrl", media."mimeType", media.duration, media."playCount", media."likesCount", media."uploadedBy", media."createdAt"`,
);

/** The column each sort orders by (descending, then id descending). */
const SORT_COLUMN = { latest: "createdAt", most_viewed: "playCount", most_liked: "likesCount" } as const;

export interface MediaCursor {
  sort: MediaSort;
  value: string | number;
  id: number;
}

/** An opaque keyset cursor: the sort it belongs to and the last row's sort value and id. */
export function encodeMediaCursor(cursor: MediaCursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.value, cursor.id])).toString("base64url");
}

/** Reads a cursor back; undefined when it is not one of ours or belongs to another sort. */
export function decodeMediaCursor(text: string, sort: MediaSort): MediaCursor | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    if (!Array.isArray(parsed) || parsed.length !== 3) return undefined;
    const [cursorSort, value, id] = parsed as [unknown, unknown, unknown];
    if (cursorSort !== sort || !Number.isInteger(id)) return undefined;
    if (sort === "latest" ? typeof value !== "string" : !Number.isInteger(value)) return undefined;
    return { sort, value: value as string | number, id: id as number };
  } catch {
    return undefined;
  }
}

export interface MediaListOptions {
  type?: MediaType;
  categoryId?: number;
  sort: MediaSort;
  limit: number;
  cursor?: MediaCursor;
}

export function createContentRepository(db: Kysely<DB>) {
  const mediaColumns = [
    "media.id",
    "media.title",
    "media.description",
    "media.type",
    "media.categoryId",
    "media.artist",
    "media.thumbnailUrl",
    "media.mediaUrl",
    "media.mimeType",
    "media.duration",
    "media.playCount",
    "media.likesCount",
    "media.uploadedBy",
    "media.createdAt",
  ] as const;

  const selectMedia = () => db.selectFrom("media").select(mediaColumns);

  function ordered<Q extends SelectQueryBuilder<DB, "media", MediaRow>>(query: Q, sort: MediaSort): Q {
    const column = SORT_COLUMN[sort];
    return query.orderBy(`media.${column}`, "desc").orderBy("media.id", "desc") as Q;
  }

  return {
    /**
     * One page of media, newest or most played or most liked first; answers one extra row to tell a next page exists.
     * Written as one SQL template rather than with the builder: this is the library's hot read, and building the
     * query tree costs more than running it (see bench/cases.ts).
     */
    async list(options: MediaListOptions): Promise<MediaRow[]> {
      const column = sql.ref(`media.${SORT_COLUMN[options.sort]}`);
      const conditions = [sql`1 = 1`];
      if (options.type) conditions.push(sql`media.type = ${options.type}`);
      if (options.categoryId !== undefined) conditions.push(sql`media."categoryId" = ${options.categoryId}`);
      if (options.cursor) {
        const { value, id } = options.cursor;
        conditions.push(sql`(${column} < ${value} or (${column} = ${value} and media.id < ${id}))`);
      }
      const result = await sql<MediaRow>`
        select ${MEDIA_COLUMNS} from media
        where ${sql.join(conditions, sql` and `)}
        order by ${column} desc, media.id desc
        limit ${options.limit + 1}`.execute(db);
      return result.rows;
    },

    async findById(id: number): Promise<MediaRow | undefined> {
      return selectMedia().where("media.id", "=", id).executeTakeFirst();
    },

    async findByIds(ids: number[]): Promise<MediaRow[]> {
      if (ids.length === 0) return [];
      return selectMedia().where("media.id", "in", ids).execute();
    },

    /** What the member has done with each item, in three batched look-ups (never one per row). */
    async viewerState(userId: number, mediaIds: number[]): Promise<Map<number, ViewerMediaState>> {
      const state = new Map<number, ViewerMediaState>();
      if (mediaIds.length === 0) return state;
      const ids = [...new Set(mediaIds)];
      const [likes, favorites, history] = await Promise.all([
        db.selectFrom("media_likes").select("mediaId").where("userId", "=", userId).where("mediaId", "in", ids).execute(),
        db.selectFrom("favorites").select("mediaId").where("userId", "=", userId).where("mediaId", "in", ids).execute(),
        db.selectFrom("play_history").select(["mediaId", "position"]).where("userId", "=", userId).where("mediaId", "in", ids).execute(),
      ]);
      for (const id of ids) state.set(id, { liked: false, favorited: false });
      for (const row of likes) state.get(row.mediaId)!.liked = true;
      for (const row of favorites) state.get(row.mediaId)!.favorited = true;
      for (const row of history) state.get(row.mediaId)!.resumePosition = Number(row.position);
      return state;
    },

    /** Categories in their order of creation, each with how many items it holds. */
    async listCategories(type?: CategoryType) {
      let query = db
        .selectFrom("categories")
        .select(["categories.id", "categories.name", "categories.description", "categories.type"])
        .select((eb) =>
          eb
            .selectFrom("media")
            .select(eb.fn.countAll<number>().as("c"))
            .whereRef("media.categoryId", "=", "categories.id")
            .as("mediaCount"),
        );
      if (type) query = query.where("categories.type", "=", type);
      const rows = await query.orderBy("categories.id").execute();
      return rows.map((row) => ({ ...row, mediaCount: Number(row.mediaCount ?? 0) }));
    },

    async findCategory(id: number) {
      return db.selectFrom("categories").select(["id", "name", "description", "type"]).where("id", "=", id).executeTakeFirst();
    },

    /** Counts a play atomically and, for a signed-in member, remembers it with the position reached. */
    async recordPlay(mediaId: number, userId: number | null, position: number | undefined, now: string): Promise<number | undefined> {
      return db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable("media")
          .set((eb) => ({ playCount: eb("playCount", "+", 1) }))
          .where("id", "=", mediaId)
          .returning("playCount")
          .executeTakeFirst();
        if (!updated) return undefined;
        if (userId !== null) {
          await trx
            .insertInto("play_history")
            .values({ userId, mediaId, position: position ?? 0, playedAt: now })
            .onConflict((oc) =>
              oc.columns(["userId", "mediaId"]).doUpdateSet(position === undefined ? { playedAt: now } : { playedAt: now, position }),
            )
            .execute();
        }
        return Number(updated.playCount);
      });
    },

    /** Likes or unlikes for one member; the count moves in the same transaction as the row, so it stays true. */
    async toggleLike(mediaId: number, userId: number, now: string): Promise<{ liked: boolean; likesCount: number }> {
      return db.transaction().execute(async (trx) => {
        const removed = await trx.deleteFrom("media_likes").where("mediaId", "=", mediaId).where("userId", "=", userId).executeTakeFirst();
        const liked = Number(removed.numDeletedRows) === 0;
        if (liked) {
          await trx
            .insertInto("media_likes")
            .values({ mediaId, userId, createdAt: now })
            .onConflict((oc) => oc.doNothing())
            .execute();
        }
        const updated = await trx
          .updateTable("media")
          .set((eb) => ({ likesCount: eb("likesCount", liked ? "+" : "-", 1) }))
          .where("id", "=", mediaId)
          .returning("likesCount")
          .executeTakeFirstOrThrow();
        return { liked, likesCount: Number(updated.likesCount) };
      });
    },

    /**
     * Items of a type the member is likely to enjoy: ones they haven't played from the categories they play most,
     * then the most played of the rest. Visitors get the most played.
     */
    async recommended(userId: number | null, type: MediaType, limit: number): Promise<MediaRow[]> {
      if (userId === null)
        return ordered(selectMedia().where("media.type", "=", type), "most_viewed")
          .limit(limit)
          .execute();
      const playedCategories = db
        .selectFrom("play_history")
        .innerJoin("media as played", "played.id", "play_history.mediaId")
        .select("played.categoryId")
        .where("play_history.userId", "=", userId)
        .where("played.categoryId", "is not", null);
      const rows = await selectMedia()
        .where("media.type", "=", type)
        .where("media.id", "not in", db.selectFrom("play_history").select("mediaId").where("userId", "=", userId))
        .orderBy(sql`case when "media"."categoryId" in (${playedCategories}) then 0 else 1 end`)
        .orderBy("media.playCount", "desc")
        .orderBy("media.id", "desc")
        .limit(limit)
        .execute();
      if (rows.length > 0) return rows;
      return ordered(selectMedia().where("media.type", "=", type), "most_viewed")
        .limit(limit)
        .execute();
    },

    async report(mediaId: number, reporterId: number, reason: string, now: string) {
      const existing = await db
        .selectFrom("reports")
        .select(["id", "createdAt"])
        .where("reporterId", "=", reporterId)
        .where("targetType", "=", "media")
        .where("targetId", "=", mediaId)
        .where("resolvedAt", "is", null)
        .executeTakeFirst();
      if (existing) return { ...existing, created: false };
      const row = await db
        .insertInto("reports")
        .values({ reporterId, targetType: "media", targetId: mediaId, reason, createdAt: now, resolvedAt: null })
        .returning(["id", "createdAt"])
        .executeTakeFirstOrThrow();
      return { ...row, created: true };
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
export type ContentRepository = ReturnType<typeof createContentRepository>;
