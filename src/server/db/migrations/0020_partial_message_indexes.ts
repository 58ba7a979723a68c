import type { Kysely } from "kysely";

/**
 * The message indexes on a column that most messages leave empty hold only the rows that fill it: a room message
 * (no receiver, no group) no longer adds an entry to the four indexes on the receiver (the pair index holds it after
 * the sender) and the group's, nor a direct message to the room's and the group's. Every query that reads through one of them compares that column, which both databases
 * take to mean it is not null. Storing a room message writes three B-trees instead of eight, and takes half the time.
 * SQLite looks for that meaning only among the terms of a where or of its outermost `or`, so a page's cursor is a
 * row comparison (`(createdAt, id) < (?, ?)`), not an `or` of its own (messages.repository.ts). Decision 0036.
 */
const PARTIAL = [
  { name: "messages_pair", columns: ["senderId", "receiverId", "createdAt", "id"], filled: "receiverId" },
  { name: "messages_receiver_unread", columns: ["receiverId", "readAt"], filled: "receiverId" },
  { name: "messages_receiver_sender_unread", columns: ["receiverId", "senderId", "readAt"], filled: "receiverId" },
  { name: "messages_receiver_created", columns: ["receiverId", "createdAt", "id"], filled: "receiverId" },
  { name: "messages_group", columns: ["groupId", "createdAt", "id"], filled: "groupId" },
  { name: "messages_room", columns: ["roomCode", "createdAt", "id"], filled: "roomCode" },
] as const;

export function partialMessageIndexes() {
  return {
    async up(db: Kysely<unknown>) {
      for (const { name, columns, filled } of PARTIAL) {
        await db.schema.dropIndex(name).execute();
        await db.schema
          .createIndex(name)
          .on("messages")
          .columns([...columns])
          .where((w) => w(w.ref(filled), "is not", null))
          .execute();
      }
    },
    async down(db: Kysely<unknown>) {
      for (const { name, columns } of PARTIAL) {
        await db.schema.dropIndex(name).execute();
        await db.schema
          .createIndex(name)
          .on("messages")
          .columns([...columns])
          .execute();
      }
    },
  };
}
