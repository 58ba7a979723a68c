import { type Kysely, type Selectable, sql } from "kysely";
import {
  type MessagePrivacy,
  type MessageSettings,
  defaultMessagePrivacy,
  defaultMessageSettings,
  messagePrivacySchema,
  messageSettingsSchema,
} from "@shared/contracts/messages";
import type { Dialect } from "../../db/database";
import { type PreparedCondition, preparedStatement } from "../../db/prepared";
import type { DB, MessagesTable } from "../../db/schema";
import { type Page, pageOf } from "../../http/pagination";

export type MessageRow = Selectable<MessagesTable> & { senderName?: string };
/** A keyset position in a message list (createdAt, id): the page holds the messages older than this one. */
export type MessageKeyset = readonly [createdAt: string, id: number];

export interface NewMessage {
  senderId: number;
  receiverId: number | null;
  groupId: number | null;
  roomCode: string | null;
  content: string;
  createdAt: string;
}

export function createMessagesRepository(db: Kysely<DB>, dialect: Dialect) {
  // SQLite's driver answers the new row's id without `returning`, which SQLite answers through a temporary table:
  // 40 µs of a room message's 140 on a process woken from idle (docs/performance.md, "Live link").
  const returning = dialect === "postgres" ? sql` returning id` : sql``;
  /** Every message sent runs this, so its text is compiled once per condition rather than built as a tree each time. */
  const insertStatement = preparedStatement<{ id: number }, DB>(db, "message insert");
  const insertWhere = async (values: NewMessage, condition: PreparedCondition): Promise<MessageRow | undefined> => {
    const { senderId, receiverId, groupId, roomCode, content, createdAt } = values;
    // The casts give PostgreSQL the columns' types, which a select list does not infer from the insert.
    const result = await insertStatement(
      condition.shape,
      [senderId, receiverId, groupId, roomCode, content, createdAt, ...condition.values],
      () => sql<{ id: number }>`
        insert into messages ("senderId", "receiverId", "groupId", "roomCode", content, "createdAt", "readAt")
        select cast(${senderId} as integer), cast(${receiverId} as integer), cast(${groupId} as integer),
          cast(${roomCode} as text), cast(${content} as text), cast(${createdAt} as text), null
        where ${condition.build()}${returning}`,
    );
    const id = dialect === "postgres" ? result.rows[0]?.id : result.numAffectedRows ? Number(result.insertId) : undefined;
    // The row as stored: the values as given, not yet read or hidden.
    return id === undefined ? undefined : { id, ...values, readAt: null, hiddenAt: null };
  };
  const always: PreparedCondition = { shape: "always", values: [], build: () => sql<boolean>`true` };

  const withSender = () =>
    db
      .selectFrom("messages as m")
      .innerJoin("users as s", "s.id", "m.senderId")
      .selectAll("m")
      .select("s.displayName as senderName")
      // A hidden message (decision 0024) is gone for everyone; only the moderation queue reads it.
      .where("m.hiddenAt", "is", null);

  /** A page of rows older than the cursor, newest first. */
  const pageBefore = async <Q extends ReturnType<typeof withSender>>(
    query: Q,
    cursor: MessageKeyset | undefined,
    limit: number,
  ): Promise<Page<MessageRow>> => {
    let q = query;
    if (cursor) {
      const [createdAt, id] = cursor;
      // A row comparison rather than `createdAt < ? or (createdAt = ? and id < ?)`: one range on the index, and no
      // `or` inside a conversation's own, which would keep SQLite off the partial index messages_pair (migration 0020).
      q = q.where(sql<boolean>`("m"."createdAt", "m"."id") < (${createdAt}, ${id})`) as Q;
    }
    // One extra row tells whether an older page exists.
    return pageOf(
      await q
        .orderBy("m.createdAt", "desc")
        .orderBy("m.id", "desc")
        .limit(limit + 1)
        .execute(),
      limit,
    );
  };

  return {
    /** Stores a message. */
    async insert(values: NewMessage): Promise<MessageRow> {
      return (await insertWhere(values, always)) as MessageRow;
    },

    /**
     * Stores a message only when `condition` (over other tables, such as the sender's standing) holds, in the same
     * statement; answers nothing otherwise.
     */
    insertIf: (values: NewMessage, condition: PreparedCondition): Promise<MessageRow | undefined> => insertWhere(values, condition),

    /** A page of the conversation between two members, newest first. */
    async conversation(a: number, b: number, options: { limit: number; cursor: MessageKeyset | undefined }) {
      const query = withSender().where((w) =>
        w.or([w.and([w("m.senderId", "=", a), w("m.receiverId", "=", b)]), w.and([w("m.senderId", "=", b), w("m.receiverId", "=", a)])]),
      );
      return pageBefore(query, options.cursor, options.limit);
    },

    /** A page of a group's messages, newest first. */
    async groupMessages(groupId: number, options: { limit: number; cursor: MessageKeyset | undefined }) {
      return pageBefore(withSender().where("m.groupId", "=", groupId), options.cursor, options.limit);
    },

    /** The viewer's latest direct messages, sent or received, newest first. */
    async recent(viewerId: number, limit: number) {
      return (
        withSender()
          .where((w) => w.or([w("m.senderId", "=", viewerId), w("m.receiverId", "=", viewerId)]))
          .where("m.groupId", "is", null)
          .where("m.roomCode", "is", null)
          // Messages waiting in the viewer's requests folder stay out of their inbox (decision 0022).
          .where((w) =>
            w.not(
              w.exists(
                w
                  .selectFrom("message_requests as req")
                  .select("req.id")
                  .whereRef("req.senderId", "=", "m.senderId")
                  .whereRef("req.receiverId", "=", "m.receiverId")
                  .where("req.receiverId", "=", viewerId)
                  .where("req.status", "!=", "accepted"),
              ),
            ),
          )
          .orderBy("m.createdAt", "desc")
          .orderBy("m.id", "desc")
          .limit(limit)
          .execute()
      );
    },

    /** Marks every unread message `senderId` sent `readerId` as read; answers how many changed. */
    async markConversationRead(readerId: number, senderId: number, now: string): Promise<number> {
      const result = await db
        .updateTable("messages")
        .set({ readAt: now })
        .where("receiverId", "=", readerId)
        .where("senderId", "=", senderId)
        .where("readAt", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows ?? 0);
    },

    /**
     * Everyone the member has exchanged a direct message with, either way, except while a message request between
     * the two is unanswered or declined: a stranger's request does not let them see whether the receiver is online.
     */
    async contactIds(userId: number): Promise<number[]> {
      const rows = await db
        .selectFrom("messages")
        .select("receiverId as id")
        .where("senderId", "=", userId)
        .where("receiverId", "is not", null)
        .union(db.selectFrom("messages").select("senderId as id").where("receiverId", "=", userId))
        .execute();
      const ids = rows.flatMap((row) => (row.id === null ? [] : [row.id]));
      if (ids.length === 0) return ids;
      const unanswered = await db
        .selectFrom("message_requests")
        .select(["senderId", "receiverId"])
        .where("status", "!=", "accepted")
        .where((eb) => eb.or([eb("senderId", "=", userId), eb("receiverId", "=", userId)]))
        .execute();
      const apart = new Set(unanswered.map((request) => (request.senderId === userId ? request.receiverId : request.senderId)));
      return ids.filter((id) => !apart.has(id));
    },

    /** True when the two members have exchanged at least one direct message. */
    async haveTalked(a: number, b: number): Promise<boolean> {
      const row = await db
        .selectFrom("messages")
        .select("id")
        .where((w) =>
          w.or([w.and([w("senderId", "=", a), w("receiverId", "=", b)]), w.and([w("senderId", "=", b), w("receiverId", "=", a)])]),
        )
        .limit(1)
        .executeTakeFirst();
      return Boolean(row);
    },

    /** A member who may receive a message, with their message settings, in one query. */
    async findReceiver(id: number): Promise<{ id: number; settings: MessageSettings; privacy: MessagePrivacy } | undefined> {
      const row = await db
        .selectFrom("users as u")
        .leftJoin("user_settings as s", "s.userId", "u.id")
        .select(["u.id", "s.settings"])
        .where("u.id", "=", id)
        .executeTakeFirst();
      return row
        ? { id: row.id, settings: readMessageSettings(row.settings ?? undefined), privacy: readPrivacy(row.settings ?? undefined) }
        : undefined;
    },

    /** The message toggles of a member (stored under `messages` in their user_settings JSON, beside other pages' settings). */
    async settings(userId: number): Promise<MessageSettings> {
      return (await this.settingsOf([userId])).get(userId) ?? { ...defaultMessageSettings };
    },

    /** The message toggles of several members in one query. */
    async settingsOf(userIds: number[]): Promise<Map<number, MessageSettings>> {
      const result = new Map<number, MessageSettings>();
      if (userIds.length === 0) return result;
      const rows = await db.selectFrom("user_settings").select(["userId", "settings"]).where("userId", "in", userIds).execute();
      for (const id of userIds) result.set(id, { ...defaultMessageSettings });
      for (const row of rows) result.set(row.userId, readMessageSettings(row.settings));
      return result;
    },

    /** Who may message the member directly (stored under `messagePrivacy` in their user_settings JSON). */
    async privacy(userId: number): Promise<MessagePrivacy> {
      const row = await db.selectFrom("user_settings").select("settings").where("userId", "=", userId).executeTakeFirst();
      return readPrivacy(row?.settings);
    },
    async savePrivacy(userId: number, privacy: MessagePrivacy, now: string): Promise<MessagePrivacy> {
      return db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom("user_settings").select("settings").where("userId", "=", userId).executeTakeFirst();
        const settings = JSON.stringify({ ...parseJsonObject(row?.settings), messagePrivacy: privacy });
        await trx
          .insertInto("user_settings")
          .values({ userId, settings, updatedAt: now })
          .onConflict((oc) => oc.column("userId").doUpdateSet({ settings, updatedAt: now }))
          .execute();
        return privacy;
      });
    },
    /** True when `receiverId` has written to `senderId`, or accepted their request: the sender is a contact. */
    async isContact(receiverId: number, senderId: number): Promise<boolean> {
      const wrote = await db
        .selectFrom("messages")
        .select("id")
        .where("senderId", "=", receiverId)
        .where("receiverId", "=", senderId)
        .limit(1)
        .executeTakeFirst();
      if (wrote) return true;
      const accepted = await db
        .selectFrom("message_requests")
        .select("id")
        .where("senderId", "=", senderId)
        .where("receiverId", "=", receiverId)
        .where("status", "=", "accepted")
        .executeTakeFirst();
      return Boolean(accepted);
    },
    /** The request `senderId` made of `receiverId`, whatever its status. */
    async findRequest(senderId: number, receiverId: number) {
      return db
        .selectFrom("message_requests")
        .select(["id", "status"])
        .where("senderId", "=", senderId)
        .where("receiverId", "=", receiverId)
        .executeTakeFirst();
    },
    /** Opens (or refreshes) a pending request; a concurrent first message finds the one the other made. */
    async openRequest(senderId: number, receiverId: number, now: string): Promise<number> {
      const row = await db
        .insertInto("message_requests")
        .values({ senderId, receiverId, status: "pending", createdAt: now, updatedAt: now })
        .onConflict((oc) => oc.columns(["senderId", "receiverId"]).doUpdateSet({ updatedAt: now }))
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    },
    /** Answers a pending request addressed to `receiverId`; false when there is none with that id. */
    /** Answers a pending request to `receiverId`; its sender, or undefined when there was no such request. */
    async answerRequest(id: number, receiverId: number, status: "accepted" | "declined", now: string): Promise<number | undefined> {
      const row = await db
        .updateTable("message_requests")
        .set({ status, updatedAt: now })
        .where("id", "=", id)
        .where("receiverId", "=", receiverId)
        .where("status", "=", "pending")
        .returning("senderId")
        .executeTakeFirst();
      return row?.senderId;
    },
    /** Replying to someone accepts their pending request. */
    async acceptFrom(senderId: number, receiverId: number, now: string): Promise<boolean> {
      const result = await db
        .updateTable("message_requests")
        .set({ status: "accepted", updatedAt: now })
        .where("senderId", "=", senderId)
        .where("receiverId", "=", receiverId)
        .where("status", "=", "pending")
        .executeTakeFirst();
      return Number(result.numUpdatedRows ?? 0) > 0;
    },
    /** True when a request from `senderId` to `receiverId` waits or was declined (its messages stay out of the inbox). */
    async isUnanswered(senderId: number, receiverId: number): Promise<boolean> {
      const row = await db
        .selectFrom("message_requests")
        .select("id")
        .where("senderId", "=", senderId)
        .where("receiverId", "=", receiverId)
        .where("status", "!=", "accepted")
        .executeTakeFirst();
      return Boolean(row);
    },
    /** The receiver's pending requests, newest first, each with the sender, their latest message and how many they sent. */
    async pendingRequests(receiverId: number, limit = 100) {
      const rows = await db
        .selectFrom("message_requests as r")
        .innerJoin("users as u", "u.id", "r.senderId")
        .select(["r.id", "r.createdAt", "r.updatedAt", "u.id as senderId", "u.username", "u.displayName", "u.profileImageUrl"])
        .select((eb) => [
          eb
            .selectFrom("messages as m")
            .select("m.content")
            .whereRef("m.senderId", "=", "r.senderId")
            .whereRef("m.receiverId", "=", "r.receiverId")
            .where("m.hiddenAt", "is", null)
            .orderBy("m.createdAt", "desc")
            .orderBy("m.id", "desc")
            .limit(1)
            .as("lastMessage"),
          eb
            .selectFrom("messages as m")
            .select(eb.fn.countAll<number>().as("c"))
            .whereRef("m.senderId", "=", "r.senderId")
            .whereRef("m.receiverId", "=", "r.receiverId")
            .where("m.hiddenAt", "is", null)
            .as("messageCount"),
        ])
        .where("r.receiverId", "=", receiverId)
        .where("r.status", "=", "pending")
        .orderBy("r.updatedAt", "desc")
        .orderBy("r.id", "desc")
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        sender: { id: row.senderId, username: row.username, displayName: row.displayName, profileImageUrl: row.profileImageUrl ?? null },
        lastMessage: row.lastMessage ?? "",
        messageCount: Number(row.messageCount ?? 0),
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
      }));
    },
    async saveSettings(userId: number, changes: Partial<MessageSettings>, now: string): Promise<MessageSettings> {
      return db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom("user_settings").select("settings").where("userId", "=", userId).executeTakeFirst();
        const all = parseJsonObject(row?.settings);
        const merged = { ...readMessageSettings(row?.settings), ...changes };
        const settings = JSON.stringify({ ...all, messages: merged });
        await trx
          .insertInto("user_settings")
          .values({ userId, settings, updatedAt: now })
          .onConflict((oc) => oc.column("userId").doUpdateSet({ settings, updatedAt: now }))
          .execute();
        return merged;
      });
    },
  };
}
export type MessagesRepository = ReturnType<typeof createMessagesRepository>;

function parseJsonObject(text: string | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function readPrivacy(text: string | undefined): MessagePrivacy {
  const stored = messagePrivacySchema.safeParse(parseJsonObject(text).messagePrivacy ?? {});
  return stored.success ? stored.data : { ...defaultMessagePrivacy };
}

function readMessageSettings(text: string | undefined): MessageSettings {
  const stored = messageSettingsSchema.partial().safeParse(parseJsonObject(text).messages ?? {});
  return { ...defaultMessageSettings, ...(stored.success ? stored.data : {}) };
}
