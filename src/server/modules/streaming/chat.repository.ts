import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { type Page, pageOf } from "../../http/pagination";

export interface ChatMessageRow {
  id: number;
  chatKey: string;
  userId: number;
  displayName: string;
  content: string;
  createdAt: string;
}

/** The live chat's SQL: messages (hidden, never deleted), mutes per service, slow mode per service. */
export function createChatRepository(db: Kysely<DB>) {
  const withSender = () =>
    db
      .selectFrom("stream_chat_messages as m")
      .innerJoin("users as u", "u.id", "m.userId")
      .select(["m.id", "m.chatKey", "m.userId", "u.displayName", "m.content", "m.createdAt"]);

  return {
    async insert(values: { chatKey: string; userId: number; content: string; createdAt: string }): Promise<ChatMessageRow> {
      const { id } = await db
        .insertInto("stream_chat_messages")
        .values({ ...values, hiddenAt: null, hiddenBy: null })
        .returning("id")
        .executeTakeFirstOrThrow();
      return withSender().where("m.id", "=", id).executeTakeFirstOrThrow();
    },

    /** A page of a chat's visible messages, newest first, before the message `beforeId`. */
    async page(chatKey: string, limit: number, beforeId: number | undefined): Promise<Page<ChatMessageRow>> {
      let query = withSender().where("m.chatKey", "=", chatKey).where("m.hiddenAt", "is", null);
      if (beforeId !== undefined) query = query.where("m.id", "<", beforeId);
      return pageOf(
        await query
          .orderBy("m.id", "desc")
          .limit(limit + 1)
          .execute(),
        limit,
      );
    },

    findMessage: (id: number) => db.selectFrom("stream_chat_messages").selectAll().where("id", "=", id).executeTakeFirst(),

    /** Hides a message once; answers false when it was already hidden (or doesn't exist). */
    async hide(id: number, by: number, at: string): Promise<boolean> {
      const result = await db
        .updateTable("stream_chat_messages")
        .set({ hiddenAt: at, hiddenBy: by })
        .where("id", "=", id)
        .where("hiddenAt", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** When the member last wrote in this chat. */
    async lastMessageAt(chatKey: string, userId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom("stream_chat_messages")
        .select("createdAt")
        .where("chatKey", "=", chatKey)
        .where("userId", "=", userId)
        .orderBy("createdAt", "desc")
        .limit(1)
        .executeTakeFirst();
      return row?.createdAt;
    },

    async mute(chatKey: string, userId: number, by: number, at: string) {
      await db
        .insertInto("stream_chat_mutes")
        .values({ chatKey, userId, mutedBy: by, createdAt: at })
        .onConflict((oc) => oc.columns(["chatKey", "userId"]).doNothing())
        .execute();
    },
    async isMuted(chatKey: string, userId: number): Promise<boolean> {
      const row = await db
        .selectFrom("stream_chat_mutes")
        .select("userId")
        .where("chatKey", "=", chatKey)
        .where("userId", "=", userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async slowMode(chatKey: string): Promise<number> {
      const row = await db.selectFrom("stream_chat_settings").select("slowModeSeconds").where("chatKey", "=", chatKey).executeTakeFirst();
      return row?.slowModeSeconds ?? 0;
    },
    async setSlowMode(chatKey: string, seconds: number, at: string) {
      await db
        .insertInto("stream_chat_settings")
        .values({ chatKey, slowModeSeconds: seconds, updatedAt: at })
        .onConflict((oc) => oc.column("chatKey").doUpdateSet({ slowModeSeconds: seconds, updatedAt: at }))
        .execute();
    },

    findMember: (id: number) =>
      db.selectFrom("users").select(["id", "role"]).where("id", "=", id).where("deletedAt", "is", null).executeTakeFirst(),
    async adminIds(): Promise<number[]> {
      const rows = await db
        .selectFrom("users")
        .select("id")
        .where("role", "=", "admin")
        .where("deletedAt", "is", null)
        .orderBy("id")
        .execute();
      return rows.map((row) => row.id);
    },
  };
}
export type ChatRepository = ReturnType<typeof createChatRepository>;
