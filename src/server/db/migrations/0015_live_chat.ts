import type { Kysely } from "kysely";
import type { Dialect } from "../database";
import { makeHelpers } from "./helpers";

/**
 * The chat beside a live service and premieres (decision 0020): chat messages (hidden by an admin, never deleted),
 * the members muted in one service's chat, each chat's slow mode, and recorded videos scheduled to play as live.
 */
export function liveChat(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      const h = makeHelpers(db, dialect);
      await h.table("stream_chat_messages", (t) =>
        t
          .addColumn("id", h.idType, h.id)
          .addColumn("chatKey", "text", (c) => c.notNull())
          .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
          .addColumn("content", "text", (c) => c.notNull())
          .addColumn("createdAt", "text", (c) => c.notNull())
          .addColumn("hiddenAt", "text")
          .addColumn("hiddenBy", "integer", (c) => c.references("users.id").onDelete("set null")),
      );
      // History pages back by id within a chat; slow mode reads a member's latest message in it.
      await h.index("stream_chat_messages_chat", "stream_chat_messages", ["chatKey", "id"]);
      await h.index("stream_chat_messages_member", "stream_chat_messages", ["chatKey", "userId", "createdAt"]);
      await h.table("stream_chat_mutes", (t) =>
        t
          .addColumn("chatKey", "text", (c) => c.notNull())
          .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
          .addColumn("mutedBy", "integer", (c) => c.references("users.id").onDelete("set null"))
          .addColumn("createdAt", "text", (c) => c.notNull())
          .addPrimaryKeyConstraint("stream_chat_mutes_pk", ["chatKey", "userId"]),
      );
      await h.table("stream_chat_settings", (t) =>
        t
          .addColumn("chatKey", "text", (c) => c.primaryKey())
          .addColumn("slowModeSeconds", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("updatedAt", "text", (c) => c.notNull()),
      );
      await h.table("stream_premieres", (t) =>
        t
          .addColumn("id", h.idType, h.id)
          .addColumn("mediaId", "integer", (c) => c.notNull().references("media.id").onDelete("cascade"))
          .addColumn("startTime", "text", (c) => c.notNull())
          .addColumn("endTime", "text", (c) => c.notNull())
          .addColumn("createdBy", "integer", (c) => c.references("users.id").onDelete("set null"))
          .addColumn("createdAt", "text", (c) => c.notNull()),
      );
      await h.index("stream_premieres_time", "stream_premieres", ["endTime", "startTime"]);
    },
    async down(db: Kysely<unknown>) {
      for (const table of ["stream_premieres", "stream_chat_settings", "stream_chat_mutes", "stream_chat_messages"])
        await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
