import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";

/** A member's own rows for the export, and the deletion of an account: SQL only. */
export function createMyDataRepository(db: Kysely<DB>) {
  return {
    /** Everything the member created, without anything secret (no password hash, no session). */
    async collect(userId: number) {
      const [user, posts, comments, messages, prayerRequests, playlists, playlistItems, favorites, rsvps, media, settings] =
        await Promise.all([
          db
            .selectFrom("users")
            .select(["id", "username", "displayName", "email", "bio", "profileImageUrl", "accountType", "role", "createdAt"])
            .where("id", "=", userId)
            .executeTakeFirstOrThrow(),
          db.selectFrom("posts").select(["id", "content", "imageUrl", "createdAt"]).where("userId", "=", userId).orderBy("id").execute(),
          db.selectFrom("comments").select(["id", "postId", "content", "createdAt"]).where("userId", "=", userId).orderBy("id").execute(),
          db
            .selectFrom("messages")
            .select(["id", "receiverId", "groupId", "roomCode", "content", "createdAt"])
            .where("senderId", "=", userId)
            .orderBy("id")
            .execute(),
          db
            .selectFrom("prayer_requests")
            .select(["id", "content", "visibility", "anonymous", "status", "answeredAt", "testimony", "createdAt"])
            .where("userId", "=", userId)
            .orderBy("id")
            .execute(),
          db
            .selectFrom("playlists")
            .select(["id", "name", "description", "createdAt"])
            .where("userId", "=", userId)
            .orderBy("id")
            .execute(),
          db
            .selectFrom("playlist_items")
            .innerJoin("playlists", "playlists.id", "playlist_items.playlistId")
            .select(["playlist_items.playlistId", "playlist_items.mediaId", "playlist_items.position"])
            .where("playlists.userId", "=", userId)
            .orderBy("playlist_items.playlistId")
            .orderBy("playlist_items.position")
            .execute(),
          db.selectFrom("favorites").select(["mediaId", "createdAt"]).where("userId", "=", userId).execute(),
          db.selectFrom("event_rsvps").select(["eventId", "status", "createdAt"]).where("userId", "=", userId).execute(),
          db
            .selectFrom("media")
            .select(["id", "title", "description", "type", "mediaUrl", "thumbnailUrl", "createdAt"])
            .where("uploadedBy", "=", userId)
            .orderBy("id")
            .execute(),
          db.selectFrom("user_settings").select(["settings"]).where("userId", "=", userId).executeTakeFirst(),
        ]);
      return { user, posts, comments, messages, prayerRequests, playlists, playlistItems, favorites, rsvps, media, settings };
    },

    async deletionRequestedAt(userId: number) {
      return (
        (await db.selectFrom("users").select("deletionRequestedAt").where("id", "=", userId).executeTakeFirst())?.deletionRequestedAt ??
        null
      );
    },

    async passwordHash(userId: number) {
      return (await db.selectFrom("users").select("passwordHash").where("id", "=", userId).executeTakeFirst())?.passwordHash;
    },

    /** Schedules the deletion and ends every session of the member. */
    async requestDeletion(userId: number, now: string) {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable("users").set({ deletionRequestedAt: now }).where("id", "=", userId).execute();
        await trx.deleteFrom("sessions").where("userId", "=", userId).execute();
      });
    },

    /** Answers true when a pending deletion was cancelled. */
    async cancelDeletion(userId: number) {
      const result = await db
        .updateTable("users")
        .set({ deletionRequestedAt: null })
        .where("id", "=", userId)
        .where("deletionRequestedAt", "is not", null)
        .where("deletedAt", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async dueForDeletion(requestedBefore: string) {
      return db
        .selectFrom("users")
        .select(["id", "profileImageUrl"])
        .where("deletionRequestedAt", "<=", requestedBefore)
        .where("deletedAt", "is", null)
        .limit(100)
        .execute();
    },

    /** The post images of a member, removed with their posts. */
    async postImages(userId: number) {
      return (await db.selectFrom("posts").select("imageUrl").where("userId", "=", userId).where("imageUrl", "is not", null).execute()).map(
        (row) => row.imageUrl!,
      );
    },

    /**
     * The purge (decision 0016): the member's posts, comments, likes, prayer requests, library and memberships go; the
     * account row stays, emptied and named "Deleted member", so the messages they sent still show for the other side.
     */
    async anonymise(userId: number, values: { displayName: string; passwordHash: string; now: string }) {
      await db.transaction().execute(async (trx) => {
        const liked = (await trx.selectFrom("post_likes").select("postId").where("userId", "=", userId).execute()).map((row) => row.postId);
        const commented = (await trx.selectFrom("comments").select("postId").where("userId", "=", userId).execute()).map(
          (row) => row.postId,
        );
        await trx.deleteFrom("post_likes").where("userId", "=", userId).execute();
        await trx.deleteFrom("comments").where("userId", "=", userId).execute();
        await trx.deleteFrom("posts").where("userId", "=", userId).execute();
        const touched = [...new Set([...liked, ...commented])];
        if (touched.length) {
          await trx
            .updateTable("posts")
            .set((eb) => ({
              likesCount: eb
                .selectFrom("post_likes")
                .select((c) => c.fn.countAll<number>().as("n"))
                .whereRef("post_likes.postId", "=", "posts.id"),
              commentsCount: eb
                .selectFrom("comments")
                .select((c) => c.fn.countAll<number>().as("n"))
                .whereRef("comments.postId", "=", "posts.id"),
            }))
            .where("id", "in", touched)
            .execute();
        }
        for (const table of [
          "prayer_requests",
          "prayer_prayed",
          "favorites",
          "playlists",
          "play_history",
          "media_likes",
          "event_rsvps",
          "group_members",
          "sessions",
          "care_team",
          "user_settings",
          "notifications",
          "podcast_subscriptions",
          "media_credits",
        ] as const) {
          await trx.deleteFrom(table).where("userId", "=", userId).execute();
        }
        await trx
          .deleteFrom("blocks")
          .where((eb) => eb.or([eb("blockerId", "=", userId), eb("blockedId", "=", userId)]))
          .execute();
        await trx
          .updateTable("users")
          .set({
            username: `deleted_${userId}`,
            displayName: values.displayName,
            email: `deleted_${userId}@deleted.invalid`,
            passwordHash: values.passwordHash,
            bio: null,
            profileImageUrl: null,
            role: "member",
            deletedAt: values.now,
          })
          .where("id", "=", userId)
          .execute();
      });
    },
  };
}
