import { type Kysely, sql } from "kysely";
import { preparedQuery } from "../../db/prepared";
import type { DB, UserRow } from "../../db/schema";

export interface SessionWithUser {
  sessionId: string;
  persistent: boolean;
  createdAt: string;
  lastSeenAt: string;
  user: UserRow;
}

type ValidRow = UserRow & { sessionId: string; persistent: number; sessionCreatedAt: string; lastSeenAt: string };

export function createSessionsRepository(db: Kysely<DB>) {
  const findValidQuery = preparedQuery<ValidRow, DB>(db, "session look-up");
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

    /**
     * The unexpired session with this id, begun after `createdAfter` (the absolute lifetime), and its member, in one
     * query. It runs on every signed-in API request, so its SQL is compiled once (`preparedQuery`).
     */
    async findValid(id: string, now: string, createdAfter: string): Promise<SessionWithUser | undefined> {
      const rows = await findValidQuery(
        "",
        [id, now, createdAfter],
        () => sql<ValidRow>`
          select s.id as "sessionId", s."persistent", s."createdAt" as "sessionCreatedAt", s."lastSeenAt",
            u.id, u."username", u."displayName", u."email", u."passwordHash", u."bio", u."profileImageUrl",
            u."accountType", u."role", u."createdAt", u."passwordChangedAt"
          from sessions s join users u on u.id = s."userId"
          where s.id = ${id} and s."expiresAt" > ${now} and s."createdAt" > ${createdAfter}`,
      );
      const row = rows[0];
      if (!row) return undefined;
      // The row is the member as it is: copying the member's fields out of it (a rest spread) cost a signed-in read
      // about a tenth of its instructions (callgrind, docs/performance.md). Presenters and serializers name the fields
      // they send, so the session's four never leave.
      return {
        sessionId: row.sessionId,
        persistent: Number(row.persistent) === 1,
        createdAt: row.sessionCreatedAt,
        lastSeenAt: row.lastSeenAt,
        user: row,
      };
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

    /** Removes sessions that expired, or that began before `createdBefore` (the absolute lifetime); answers how many. */
    async deleteExpired(now: string, createdBefore: string): Promise<number> {
      const result = await db
        .deleteFrom("sessions")
        .where((eb) => eb.or([eb("expiresAt", "<=", now), eb("createdAt", "<=", createdBefore)]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
