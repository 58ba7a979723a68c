import type { Kysely } from "kysely";
import type { Dialect } from "../database";
import { makeHelpers } from "./helpers";

/** Indexes for the live link's reads: per-conversation unread counts, room presence and group counts. */
export function live(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      const h = makeHelpers(db, dialect);
      // Unread count of one conversation, and "mark read" of it: receiverId = viewer, senderId = other, readAt is null.
      await h.index("messages_receiver_sender_unread", "messages", ["receiverId", "senderId", "readAt"]);
      // Recent messages of a member, newest first.
      await h.index("messages_sender_created", "messages", ["senderId", "createdAt", "id"]);
      await h.index("messages_receiver_created", "messages", ["receiverId", "createdAt", "id"]);
      // Who is in a room now (leftAt is null), and the count per room.
      await h.index("room_members_room_left", "room_members", ["roomId", "leftAt"]);
      // Member counts per group.
      await h.index("group_members_group", "group_members", ["groupId", "userId"]);
    },
    async down(db: Kysely<unknown>) {
      for (const name of [
        "messages_receiver_sender_unread",
        "messages_sender_created",
        "messages_receiver_created",
        "room_members_room_left",
        "group_members_group",
      ]) {
        await db.schema.dropIndex(name).ifExists().execute();
      }
    },
  };
}
