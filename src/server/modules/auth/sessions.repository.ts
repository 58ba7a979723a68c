import type { Kysely } from "kysely";
import type { DB, UserRow } from "../../db/schema";

export interface SessionWithUser {
  sessionId: string;
  persistent: boolean;
  lastSeenAt: string;
  user: UserRow;
}

export function createSessionsRepository(db: Kysely<DB>) {
  return {
    async create(session: { id: string; userId: number; persistent: boolean; now: string; expiresAt: string }) {
      await db
        .insertInto("sessions")
        .values({
          id: session.id,
          userId: session.userId,
          persistent: session.persistent ? 1 : 0,
          createdAt: session.now,
          lastSeenAt: session.now,
          expiresAt: session.expiresAt,
        })
        .execute();
    },

    /** The unexpired session with this id and its member, in one query. */
    async findValid(id: string, now: string): Promise<SessionWithUser | undefined> {
      const row = await db
        .selectFrom("sessions")
        .innerJoin("users", "users.id", "sessions.userId")
        .select([
          "sessions.id as sessionId",
          "sessions.persistent",
          "sessions.lastSeenAt",
          "users.id",
          "users.username",
          "users.displayName",
          "users.email",
          "users.passwordHash",
          "users.bio",
          "users.profileImageUrl",
          "users.accountType",
          "users.role",
          "users.createdAt",
          "users.passwordChangedAt",
        ])
        .where("sessions.id", "=", id)
        .where("sessions.expiresAt", ">", now)
        .executeTakeFirst();
      if (!row) return undefined;
      const { sessionId, persistent, lastSeenAt, ...user } = row;
      return { sessionId, persistent: persistent === 1, lastSeenAt, user };
    },

    async touch(id: string, now: string, expiresAt: string) {
      await db.updateTable("sessions").set({ lastSeenAt: now, expiresAt }).where("id", "=", id).execute();
    },

    async delete(id: string) {
      await db.deleteFrom("sessions").where("id", "=", id).execute();
    },

    /** Ends every session of a member except, optionally, one. */
    async deleteAllForUser(userId: number, exceptId?: string) {
      let query = db.deleteFrom("sessions").where("userId", "=", userId);
      if (exceptId) query = query.where("id", "!=", exceptId);
      await query.execute();
    },

    async deleteExpired(now: string) {
      await db.deleteFrom("sessions").where("expiresAt", "<=", now).execute();
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
