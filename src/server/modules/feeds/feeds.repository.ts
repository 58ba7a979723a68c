import type { Kysely, Updateable } from "kysely";
import type { DB, PodcastShowsTable } from "../../db/schema";

/** How many items a feed lists, newest first; podcast apps page no further than a feed's own length. */
export const FEED_ITEM_LIMIT = 300;

/** Podcast shows, the items their feeds list and the people those items credit: SQL only. */
export function createFeedsRepository(db: Kysely<DB>) {
  return {
    async category(id: number) {
      return db.selectFrom("categories").select(["id", "name", "description", "type"]).where("id", "=", id).executeTakeFirst();
    },

    /** The show's directory fields, writing the defaults the first time a feed is asked for. */
    async show(key: string, categoryId: number | null, now: string) {
      await db
        .insertInto("podcast_shows")
        .values({ key, categoryId, author: "", ownerName: "", ownerEmail: "", artworkUrl: null, guid: null, updatedAt: now })
        .onConflict((oc) => oc.column("key").doNothing())
        .execute();
      return db.selectFrom("podcast_shows").selectAll().where("key", "=", key).executeTakeFirstOrThrow();
    },

    /** An admin's changes to a show's directory fields. */
    async updateShow(id: number, values: Updateable<PodcastShowsTable>) {
      return db.updateTable("podcast_shows").set(values).where("id", "=", id).returningAll().executeTakeFirstOrThrow();
    },

    /** The transcript file of an item, if it has one. */
    async transcriptOf(mediaId: number) {
      return db.selectFrom("media_transcripts").select("url").where("mediaId", "=", mediaId).executeTakeFirst();
    },

    /** Sets an item's transcript, replacing the one before. */
    async setTranscript(mediaId: number, url: string) {
      await db
        .insertInto("media_transcripts")
        .values({ mediaId, url })
        .onConflict((oc) => oc.column("mediaId").doUpdateSet({ url }))
        .execute();
    },

    /** Keeps the first guid a show was given: a feed that moves keeps its identity. */
    async setGuid(id: number, guid: string) {
      await db.updateTable("podcast_shows").set({ guid }).where("id", "=", id).where("guid", "is", null).execute();
    },

    /** Audio sermons, or a show's episodes, newest first. */
    async items(filter: { type: "sermon"; audioOnly: true } | { type: "podcast"; categoryId: number }) {
      let query = db
        .selectFrom("media")
        .leftJoin("media_transcripts", "media_transcripts.mediaId", "media.id")
        .select([
          "media.id",
          "media.title",
          "media.description",
          "media.artist",
          "media.thumbnailUrl",
          "media.mediaUrl",
          "media.mimeType",
          "media.duration",
          "media.createdAt",
          "media_transcripts.url as transcriptUrl",
        ])
        .where("media.type", "=", filter.type)
        .where("media.hiddenAt", "is", null);
      query =
        "categoryId" in filter ? query.where("media.categoryId", "=", filter.categoryId) : query.where("media.mimeType", "like", "audio/%");
      return query.orderBy("media.createdAt", "desc").orderBy("media.id", "desc").limit(FEED_ITEM_LIMIT).execute();
    },

    /** The members each item credits (its speaker or hosts), in one query. */
    async credits(mediaIds: number[]) {
      if (mediaIds.length === 0) return [];
      return db
        .selectFrom("media_credits")
        .innerJoin("users", "users.id", "media_credits.userId")
        .select(["media_credits.mediaId", "users.id", "users.displayName", "users.profileImageUrl"])
        .where("media_credits.mediaId", "in", mediaIds)
        .orderBy("users.id")
        .execute();
    },

    /** The church's first admin: the owner a feed names until an admin names another. */
    async firstAdmin() {
      return db.selectFrom("users").select(["displayName", "email"]).where("role", "=", "admin").orderBy("id").executeTakeFirst();
    },
  };
}
