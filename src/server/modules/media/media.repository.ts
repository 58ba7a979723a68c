import { type Insertable, type Kysely, type Selectable, type Updateable, sql } from "kysely";
import type { MediaSort, MediaType } from "@shared/contracts/content";
import type { DB, MediaTable } from "../../db/schema";
import { type Page, pageOf } from "../../http/pagination";
import { preparedQuery } from "../../db/prepared";
import type { InPublishing } from "./announce";
import { namesCredited } from "./credits";

/** The one column list of a media row. */
const MEDIA_FIELDS = [
  "id",
  "title",
  "description",
  "type",
  "categoryId",
  "artist",
  "thumbnailUrl",
  "mediaUrl",
  "mimeType",
  "duration",
  "playCount",
  "likesCount",
  "uploadedBy",
  "createdAt",
] as const;

/**
 * The media row's columns, qualified. Every query that answers media items selects these: here, or for a list of
 * another table joined to media (favorites, history, playlists) with `.select(mediaColumns)`.
 */
export const mediaColumns = MEDIA_FIELDS.map((field) => `media.${field}` as const);

/**
 * The same columns for a query written as an SQL template (the hot list, full-text search), quoted once here rather
 * than compiled from fourteen references on every request (a sixth of the media list's time in the application).
 */
export const mediaColumnsSql = sql.raw(mediaColumns.map((column) => column.replace(/(\w+)\.(\w+)/, '"$1"."$2"')).join(", "));

export type MediaRow = Omit<Selectable<MediaTable>, "hiddenAt">;

/** What the signed-in member has done with an item: liked it, saved it, and where they stopped. */
export interface ViewerMediaState {
  liked: boolean;
  favorited: boolean;
  resumePosition?: number;
}

/** The column each sort orders by (descending, then id descending), as a reference parsed once, not per request. */
const SORT_REF = {
  latest: sql.ref("media.createdAt"),
  most_viewed: sql.ref("media.playCount"),
  most_liked: sql.ref("media.likesCount"),
};

export interface MediaListOptions {
  type?: MediaType;
  categoryId?: number;
  uploadedBy?: number;
  sort: MediaSort;
  limit: number;
  /** The last row of the previous page: its sort value and id. */
  after?: { value: string | number; id: number };
}

/**
 * Credits the members an item's speaker, artist or host line names, replacing earlier credits: a member is
 * credited when a name on the line equals their display name (letter case aside).
 */
export async function creditNamedMembers(db: Kysely<DB>, mediaId: number, line: string): Promise<void> {
  await db.deleteFrom("media_credits").where("mediaId", "=", mediaId).execute();
  const names = namesCredited(line);
  if (names.length === 0) return;
  const lowered = names.map((name) => name.toLowerCase());
  const members = await db
    .selectFrom("users")
    .select("id")
    .where((eb) => eb.or([eb("displayName", "in", names), eb(eb.fn("lower", ["displayName"]), "in", lowered)]))
    .execute();
  if (members.length === 0) return;
  await db
    .insertInto("media_credits")
    .values(members.map((member) => ({ mediaId, userId: member.id })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The only place that reads and writes media rows, their likes, plays, reports and credits. */
export function createMediaRepository(db: Kysely<DB>) {
  // A hidden item (decision 0024) is gone for everyone; only the moderation queue reads it.
  const selectMedia = () => db.selectFrom("media").select(mediaColumns).where("media.hiddenAt", "is", null);
  const mostPlayed = (type: MediaType, limit: number) =>
    selectMedia().where("media.type", "=", type).orderBy("media.playCount", "desc").orderBy("media.id", "desc").limit(limit).execute();

  const listQuery = preparedQuery<MediaRow, DB>(db, "media list");

  return {
    /**
     * One page of media, newest or most played or most liked first.
     * Written as one SQL template rather than with the builder: this is the library's hot read, and building the
     * query tree costs more than running it (see bench/cases.ts).
     */
    async list(options: MediaListOptions): Promise<Page<MediaRow>> {
      const { type, categoryId, uploadedBy, after, sort, limit } = options;
      const values = [
        ...(type ? [type] : []),
        ...(categoryId !== undefined ? [categoryId] : []),
        ...(uploadedBy !== undefined ? [uploadedBy] : []),
        ...(after ? [after.value, after.value, after.id] : []),
      ];
      const variant = `${sort} ${limit} ${type ? "t" : ""}${categoryId !== undefined ? "c" : ""}${uploadedBy !== undefined ? "u" : ""}${after ? "a" : ""}`;
      const rows = await listQuery(variant, values, () => {
        const column = SORT_REF[sort];
        const conditions = [sql`media."hiddenAt" is null`];
        if (type) conditions.push(sql`media.type = ${type}`);
        if (categoryId !== undefined) conditions.push(sql`media."categoryId" = ${categoryId}`);
        if (uploadedBy !== undefined) conditions.push(sql`media."uploadedBy" = ${uploadedBy}`);
        if (after) conditions.push(sql`(${column} < ${after.value} or (${column} = ${after.value} and media.id < ${after.id}))`);
        return sql<MediaRow>`
          select ${mediaColumnsSql} from media
          where ${sql.join(conditions, sql` and `)}
          order by ${column} desc, media.id desc
          limit ${sql.lit(limit + 1)}`;
      });
      return pageOf(rows, limit);
    },

    async findById(id: number): Promise<MediaRow | undefined> {
      return selectMedia().where("media.id", "=", id).executeTakeFirst();
    },

    /** The media naming a member (speaker, artist, host), newest first. */
    async creditedTo(userId: number, limit: number, after?: { createdAt: string; id: number }): Promise<Page<MediaRow>> {
      let query = db
        .selectFrom("media_credits")
        .innerJoin("media", "media.id", "media_credits.mediaId")
        .select(mediaColumns)
        .where("media_credits.userId", "=", userId)
        .where("media.hiddenAt", "is", null);
      if (after) {
        query = query.where((eb) =>
          eb.or([
            eb("media.createdAt", "<", after.createdAt),
            eb.and([eb("media.createdAt", "=", after.createdAt), eb("media.id", "<", after.id)]),
          ]),
        );
      }
      const rows = await query
        .orderBy("media.createdAt", "desc")
        .orderBy("media.id", "desc")
        .limit(limit + 1)
        .execute();
      return pageOf(rows, limit);
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
      if (userId === null) return mostPlayed(type, limit);
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
      return rows.length > 0 ? rows : mostPlayed(type, limit);
    },

    /**
     * Stores a published item and credits the members its speaker, artist or host line names; `inTransaction` runs in
     * the same transaction (the announcement's outbox).
     */
    async insert(values: Insertable<MediaTable>, inTransaction?: InPublishing): Promise<MediaRow> {
      return db.transaction().execute(async (trx) => {
        const row = await trx.insertInto("media").values(values).returning(MEDIA_FIELDS).executeTakeFirstOrThrow();
        await creditNamedMembers(trx, row.id, row.artist);
        await inTransaction?.(trx, row.id);
        return row;
      });
    },

    /** Edits an item's words; a new speaker, artist or host line moves its credits with it. */
    async update(id: number, values: Updateable<MediaTable>): Promise<MediaRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const row = await trx.updateTable("media").set(values).where("id", "=", id).returning(MEDIA_FIELDS).executeTakeFirst();
        if (row && values.artist !== undefined) await creditNamedMembers(trx, row.id, row.artist);
        return row;
      });
    },

    /** Deletes the item; likes, favorites, history, playlist entries and credits go with it by their foreign keys. */
    async delete(id: number): Promise<boolean> {
      const result = await db.deleteFrom("media").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
