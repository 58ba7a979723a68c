import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database";
import { type MigrationHelpers, makeHelpers } from "./helpers";

/** Every entity of spec §3 and what DESIGN.md adds. Timestamps are ISO 8601 text in both dialects. */
export function initial(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      const h: MigrationHelpers = makeHelpers(db, dialect);

      await h.table("users", (t) =>
        t
          .addColumn("id", h.idType, h.id)
          .addColumn("username", "text", (c) => c.notNull())
          .addColumn("displayName", "text", (c) => c.notNull())
          .addColumn("email", "text", (c) => c.notNull())
          .addColumn("passwordHash", "text", (c) => c.notNull())
          .addColumn("bio", "text")
          .addColumn("profileImageUrl", "text")
          .addColumn("accountType", "text", (c) => c.notNull().defaultTo("free"))
          .addColumn("role", "text", (c) => c.notNull().defaultTo("member"))
          .addColumn("createdAt", "text", (c) => c.notNull())
          .addColumn("passwordChangedAt", "text", (c) => c.notNull())
          .addCheckConstraint("users_account_type", sql`"accountType" in ('free', 'premium')`)
          .addCheckConstraint("users_role", sql`"role" in ('member', 'creator', 'admin')`),
      );
      await sql`create unique index users_username_lower on users (lower("username"))`.execute(db);
      await sql`create unique index users_email_lower on users (lower("email"))`.execute(db);
      await h.index("users_display_name", "users", ["displayName"]);

      await h.table("sessions", (t) =>
        t
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
          .addColumn("persistent", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("createdAt", "text", (c) => c.notNull())
          .addColumn("lastSeenAt", "text", (c) => c.notNull())
          .addColumn("expiresAt", "text", (c) => c.notNull()),
      );
      await h.index("sessions_user", "sessions", ["userId"]);
      await h.index("sessions_expires", "sessions", ["expiresAt"]);

      await h.table("login_attempts", (t) =>
        t
          .addColumn("id", h.idType, h.id)
          .addColumn("key", "text", (c) => c.notNull())
          .addColumn("attemptedAt", "text", (c) => c.notNull()),
      );
      await h.index("login_attempts_key_time", "login_attempts", ["key", "attemptedAt"]);

      await h.table("categories", (t) =>
        t
          .addColumn("id", h.idType, h.id)
          .addColumn("name", "text", (c) => c.notNull())
          .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
          .addColumn("type", "text", (c) => c.notNull())
          .addCheckConstraint("categories_type", sql`"type" in ('sermon', 'music', 'podcast')`),
      );
      await h.index("categories_type", "categories", ["type", "id"]);

      await h.table("media", (t) =>
        t
          .addColumn("id", h.idType, h.id)
          .addColumn("title", "text", (c) => c.notNull())
          .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
          .addColumn("type", "text", (c) => c.notNull())
          .addColumn("categoryId", "integer", (c) => c.references("categories.id").onDelete("set null"))
          .addColumn("artist", "text", (c) => c.notNull().defaultTo(""))
          .addColumn("thumbnailUrl", "text")
          .addColumn("mediaUrl", "text", (c) => c.notNull())
          .addColumn("mimeType", "text", (c) => c.notNull())
          .addColumn("duration", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("playCount", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("likesCount", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("uploadedBy", "integer", (c) => c.references("users.id").onDelete("set null"))
          .addColumn("createdAt", "text", (c) => c.notNull())
          .addCheckConstraint("media_type", sql`"type" in ('sermon', 'podcast', 'song')`),
      );
      await h.index("media_type_created", "media", ["type", "createdAt", "id"]);
      await h.index("media_type_plays", "media", ["type", "playCount", "id"]);
      await h.index("media_type_likes", "media", ["type", "likesCount", "id"]);
      await h.index("media_category_created", "media", ["categoryId", "createdAt", "id"]);

      await h.table("media_likes", (t) =>
        t
          .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
          .addColumn("mediaId", "integer", (c) => c.notNull().references("media.id").onDelete("cascade"))
          .addColumn("createdAt", "text", (c) => c.notNull())
          .addPrimaryKeyConstraint("media_likes_pk", ["mediaId", "userId"]),
      );
      await h.index("media_likes_user", "media_likes", ["userId", "createdAt"]);

      await h.table("favorites", (t) =>
        t
          .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
          .addColumn("mediaId", "integer", (c) => c.notNull().references("media.id").onDelete("cascade"))
          .addColumn("createdAt", "text", (c) => c.notNull())
          .addPrimaryKeyConstraint("favorites_pk", ["userId", "mediaId"]),
      );
      await h.index("favorites_user_created", "favorites", ["userId", "createdAt"]);
      await h.index("favorites_media", "favorites", ["mediaId"]);

      await h.table("play_history", (t) =>
        t
          .addColumn("id", h.idType, h.id)
          .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
          .addColumn("mediaId", "integer", (c) => c.notNull().references("media.id").onDelete("cascade"))
          .addColumn("position", "real", (c) => c.notNull().defaultTo(0))
          .addColumn("playedAt", "text", (c) => c.notNull())
          .addUniqueConstraint("play_history_user_media", ["userId", "mediaId"]),
      );
      await h.index("play_history_user_played", "play_history", ["userId", "playedAt"]);
      await h.index("play_history_media", "play_history", ["mediaId"]);

      await h.table("playlists", (t) =>
        t
          .addColumn("id", h.idType, h.id)
          .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
          .addColumn("name", "text", (c) => c.notNull())
          .addColumn("description", "text")
          .addColumn("createdAt", "text", (c) => c.notNull())
          .addColumn("updatedAt", "text", (c) => c.notNull()),
      );
      await h.index("playlists_user", "playlists", ["userId", "createdAt"]);

      await h.table("playlist_items", (t) =>
        t
          .addColumn("id", h.idType, h.id)
          .addColumn("playlistId", "integer", (c) => c.notNull().references("playlists.id").onDelete("cascade"))
          .addColumn("mediaId", "integer", (c) => c.notNull().references("media.id").onDelete("cascade"))
          .addColumn("position", "integer", (c) => c.notNull())
          .addColumn("addedAt", "text", (c) => c.notNull()),
      );
      await h.index("playlist_items_playlist", "playlist_items", ["playlistId", "position"]);
      await h.index("playlist_items_media", "playlist_items", ["mediaId"]);

      await h.table("posts", (t) =>
        t
          .addColumn("id", h.idType, h.id)
          .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
          .addColumn("content", "text", (c) => c.notNull())
          .addColumn("imageUrl", "text")
          .addColumn("likesCount", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("commentsCount", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("createdAt", "text", (c) => c.notNull()),
      );
      await h.index("posts_created", "posts", ["createdAt", "id"]);
      await h.index("posts_user_created", "posts", ["userId", "createdAt", "id"]);

      await h.table("post_likes", (t) =>
        t
          .addColumn("postId", "integer", (c) => c.notNull().references("posts.id").onDelete("cascade"))
          .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
          .addColumn("createdAt", "text", (c) => c.notNull())
          .addPrimaryKeyConstraint("post_likes_pk", ["postId", "userId"]),
      );
      await h.index("post_likes_user", "post_likes", ["userId"]);

      await h.table("comments", (t) =>
        t
          .addColumn("id", h.idType, h.id)
          .addColumn("postId", "integer", (c) => c.notNull().references("posts.id").onDelete("cascade"))
          .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
          .addColumn("content", "text", (c) => c.notNull())
          .addColumn("createdAt", "text", (c) => c.notNull()),
      );
      await h.index("comments_post_created", "comments", ["postId", "createdAt", "id"]);
      await h.index("comments_user", "comments", ["userId"]);

      await h.table("reports", (t) =>
        t
          .addColumn("id", h.idType, h.id)
          .addColumn("reporterId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
          .addColumn("targetType", "text", (c) => c.notNull())
          .addColumn("targetId", "integer", (c) => c.notNull())
          .addColumn("reason", "text", (c) => c.notNull().defaultTo(""))
          .addColumn("createdAt", "text", (c) => c.notNull())
          .addColumn("resolvedAt", "text")
          .addCheckConstraint("reports_target_type", sql`"targetType" in ('post', 'comment', 'media')`),
      );
      await h.index("reports_target", "reports", ["targetType", "targetId"]);
      await h.index("reports_open", "reports", ["resolvedAt", "createdAt"]);

      await h.table("events", (t) =>
        t
          .addColumn("id", h.idType, h.id)
          .addColumn("title", "text", (c) => c.notNull())
          .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
          .addColumn("startTime", "text", (c) => c.notNull())
          .addColumn("endTime", "text", (c) => c.notNull())
          .addColumn("location", "text", (c) => c.notNull().defaultTo(""))
          .addColumn("createdBy", "integer", (c) => c.references("users.id").onDelete("set null"))
          .addColumn("cancelledAt", "text")
          .addColumn("createdAt", "text", (c) => c.notNull()),
      );
      await h.index("events_start", "events", ["startTime", "id"]);

      await h.table("event_rsvps", (t) =>
        t
          .addColumn("eventId", "integer", (c) => c.notNull().references("events.id").onDelete("cascade"))
          .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
          .addColumn("status", "text", (c) => c.notNull())
          .addColumn("createdAt", "text", (c) => c.notNull())
          .addPrimaryKeyConstraint("event_rsvps_pk", ["eventId", "userId"])
          .addCheckConstraint("event_rsvps_status", sql`"status" in ('going', 'not_going')`),
      );
      await h.index("event_rsvps_user", "event_rsvps", ["userId"]);

      await h.table("groups", (t) =>
        t
          .addColumn("id", h.idType, h.id)
          .addColumn("name", "text", (c) => c.notNull())
          .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
          .addColumn("createdBy", "integer", (c) => c.references("users.id").onDelete("set null"))
          .addColumn("createdAt", "text", (c) => c.notNull()),
      );

      await h.table("group_members", (t) =>
        t
          .addColumn("groupId", "integer", (c) => c.notNull().references("groups.id").onDelete("cascade"))
          .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
          .addColumn("joinedAt", "text", (c) => c.notNull())
          .addColumn("lastReadAt", "text")
          .addPrimaryKeyConstraint("group_members_pk", ["groupId", "userId"]),
      );
      await h.index("group_members_user", "group_members", ["userId"]);

      await h.table("messages", (t) =>
        t
          .addColumn("id", h.idType, h.id)
          .addColumn("senderId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
          .addColumn("receiverId", "integer", (c) => c.references("users.id").onDelete("cascade"))
          .addColumn("groupId", "integer", (c) => c.references("groups.id").onDelete("cascade"))
          .addColumn("roomCode", "text")
          .addColumn("content", "text", (c) => c.notNull())
          .addColumn("createdAt", "text", (c) => c.notNull())
          .addColumn("readAt", "text"),
      );
      await h.index("messages_pair", "messages", ["senderId", "receiverId", "createdAt", "id"]);
      await h.index("messages_receiver_unread", "messages", ["receiverId", "readAt"]);
      await h.index("messages_group", "messages", ["groupId", "createdAt", "id"]);
      await h.index("messages_room", "messages", ["roomCode", "createdAt", "id"]);

      await h.table("rooms", (t) =>
        t
          .addColumn("id", h.idType, h.id)
          .addColumn("name", "text", (c) => c.notNull())
          .addColumn("description", "text")
          .addColumn("roomCode", "text", (c) => c.notNull())
          .addColumn("hostId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
          .addColumn("maxParticipants", "integer", (c) => c.notNull().defaultTo(10))
          .addColumn("createdAt", "text", (c) => c.notNull())
          .addColumn("closedAt", "text"),
      );
      // A code is unique among active rooms; closed rooms may share it.
      await sql`create unique index rooms_active_code on rooms ("roomCode") where "closedAt" is null`.execute(db);
      await h.index("rooms_closed_created", "rooms", ["closedAt", "createdAt"]);
      await h.index("rooms_host", "rooms", ["hostId"]);

      await h.table("room_members", (t) =>
        t
          .addColumn("roomId", "integer", (c) => c.notNull().references("rooms.id").onDelete("cascade"))
          .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
          .addColumn("joinedAt", "text", (c) => c.notNull())
          .addColumn("leftAt", "text")
          .addPrimaryKeyConstraint("room_members_pk", ["roomId", "userId"]),
      );
      await h.index("room_members_user", "room_members", ["userId"]);

      await h.table("notifications", (t) =>
        t
          .addColumn("id", h.idType, h.id)
          .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
          .addColumn("title", "text", (c) => c.notNull())
          .addColumn("body", "text", (c) => c.notNull().defaultTo(""))
          .addColumn("link", "text")
          .addColumn("readAt", "text")
          .addColumn("createdAt", "text", (c) => c.notNull()),
      );
      await h.index("notifications_user_created", "notifications", ["userId", "createdAt"]);
      await h.index("notifications_user_unread", "notifications", ["userId", "readAt"]);

      await h.table("newsletter_subscriptions", (t) =>
        t
          .addColumn("id", h.idType, h.id)
          .addColumn("email", "text", (c) => c.notNull())
          .addColumn("createdAt", "text", (c) => c.notNull()),
      );
      await sql`create unique index newsletter_email_lower on newsletter_subscriptions (lower("email"))`.execute(db);

      await h.table("user_settings", (t) =>
        t
          .addColumn("userId", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
          .addColumn("settings", "text", (c) => c.notNull().defaultTo("{}"))
          .addColumn("updatedAt", "text", (c) => c.notNull()),
      );
    },
    async down() {
      throw new Error("The initial migration cannot be undone");
    },
  };
}
