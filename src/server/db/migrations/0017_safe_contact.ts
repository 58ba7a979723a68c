import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database";
import { makeHelpers } from "./helpers";

/**
 * Who may message me and rooms safe by default (decision 0022): message requests waiting for their receiver's answer;
 * a room's lobby and lock; and each member's place at a room's door (waiting, admitted, declined, removed).
 */
export function safeContact(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      const h = makeHelpers(db, dialect);
      await h.table("message_requests", (t) =>
        t
          .addColumn("id", h.idType, h.id)
          .addColumn("senderId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
          .addColumn("receiverId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
          .addColumn("status", "text", (c) => c.notNull())
          .addColumn("createdAt", "text", (c) => c.notNull())
          .addColumn("updatedAt", "text", (c) => c.notNull())
          .addUniqueConstraint("message_requests_pair", ["senderId", "receiverId"])
          .addCheckConstraint("message_requests_status", sql`"status" in ('pending', 'accepted', 'declined')`),
      );
      // The requests folder: a receiver's pending requests, newest first.
      await h.index("message_requests_receiver", "message_requests", ["receiverId", "status", "updatedAt"]);
      // Rooms made before this migration keep working as they did: no lobby, unlocked.
      await db.schema
        .alterTable("rooms")
        .addColumn("lobby", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable("rooms")
        .addColumn("locked", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await h.table("room_access", (t) =>
        t
          .addColumn("roomId", "integer", (c) => c.notNull().references("rooms.id").onDelete("cascade"))
          .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
          .addColumn("status", "text", (c) => c.notNull())
          .addColumn("updatedAt", "text", (c) => c.notNull())
          .addPrimaryKeyConstraint("room_access_pk", ["roomId", "userId"])
          .addCheckConstraint("room_access_status", sql`"status" in ('waiting', 'admitted', 'declined', 'removed')`),
      );
      await h.index("room_access_waiting", "room_access", ["roomId", "status", "updatedAt"]);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("room_access").execute();
      await db.schema.alterTable("rooms").dropColumn("locked").execute();
      await db.schema.alterTable("rooms").dropColumn("lobby").execute();
      await db.schema.dropTable("message_requests").execute();
    },
  };
}
