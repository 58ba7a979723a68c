import { type Kysely, sql } from "kysely";
import { preparedQuery } from "../../db/prepared";
import type { DB, NewUser, UserRow } from "../../db/schema";

export interface ContactRow {
  id: number;
  username: string;
  displayName: string;
  profileImageUrl: string | null;
  accountType: "free" | "premium";
  lastMessage: string | null;
  lastMessageAt: string | null;
  unreadCount: number;
}

export function createUsersRepository(db: Kysely<DB>) {
  const contactsQuery = preparedQuery<ContactRow, DB>(db, "contacts list");
  const findByIdQuery = preparedQuery<UserRow, DB>(db, "member look-up");
  return {
    /** A member with their post and favorite counts (stored on the row, decision 0031); one SQL text, as it answers every profile and session check. */
    async findById(id: number): Promise<UserRow | undefined> {
      const rows = await findByIdQuery("", [id], () => sql<UserRow>`select * from users where id = ${id}`);
      return rows[0];
    },

    /** Case-insensitive look-up for sign-in. */
    async findByUsername(username: string): Promise<UserRow | undefined> {
      return db
        .selectFrom("users")
        .selectAll()
        .where(sql`lower("username")`, "=", username.toLowerCase())
        .executeTakeFirst();
    },

    async findPasswordHash(id: number): Promise<string | undefined> {
      const row = await db.selectFrom("users").select("passwordHash").where("id", "=", id).executeTakeFirst();
      return row?.passwordHash;
    },

    async usernameTaken(username: string): Promise<boolean> {
      const row = await db
        .selectFrom("users")
        .select("id")
        .where(sql`lower("username")`, "=", username.toLowerCase())
        .executeTakeFirst();
      return Boolean(row);
    },

    async emailTaken(email: string, exceptUserId?: number): Promise<boolean> {
      let query = db
        .selectFrom("users")
        .select("id")
        .where(sql`lower("email")`, "=", email.toLowerCase());
      if (exceptUserId !== undefined) query = query.where("id", "!=", exceptUserId);
      return Boolean(await query.executeTakeFirst());
    },

    async create(user: NewUser): Promise<number> {
      const row = await db.insertInto("users").values(user).returning("id").executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: number, changes: Partial<Pick<UserRow, "displayName" | "bio" | "email" | "profileImageUrl">>) {
      if (Object.keys(changes).length === 0) return;
      await db.updateTable("users").set(changes).where("id", "=", id).execute();
    },

    async setPassword(id: number, passwordHash: string, now: string) {
      await db.updateTable("users").set({ passwordHash, passwordChangedAt: now }).where("id", "=", id).execute();
    },

    /**
     * Every other member with the last message between them and the viewer and the viewer's unread count,
     * members with the most recent conversation first. Written as one SQL text: building this query tree
     * through the query builder on every request cost several times more than running it. A request the viewer
     * has not accepted (at most one per pair) is joined once per member rather than looked up in each sub-query,
     * and the last message is found once and joined for its text and time: a third of the former query's cost.
     */
    async listContacts(viewerId: number, options: { limit: number; q?: string }): Promise<ContactRow[]> {
      const pattern = options.q ? `%${options.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const values = [viewerId, viewerId, viewerId, viewerId, viewerId, ...(pattern ? [pattern, pattern] : [])];
      const rows = await contactsQuery(`${options.limit} ${pattern ? "q" : ""}`, values, () => {
        const filter = pattern
          ? sql`and (lower(u."displayName") like ${pattern} escape '\\' or lower(u."username") like ${pattern} escape '\\')`
          : sql``;
        // A request the viewer has not accepted stays in their requests folder, out of this list (decision 0022).
        return sql<ContactRow>`
          select c.id, c."username", c."displayName", c."profileImageUrl", c."accountType",
            lm.content as "lastMessage", lm."createdAt" as "lastMessageAt", c."unreadCount"
          from (
            select u.id, u."username", u."displayName", u."profileImageUrl", u."accountType",
              (select m.id from messages m
                where ((m."senderId" = u.id and m."receiverId" = ${viewerId} and req.id is null)
                  or (m."senderId" = ${viewerId} and m."receiverId" = u.id)) and m."hiddenAt" is null
                order by m."createdAt" desc, m.id desc limit 1) as "lastId",
              case when req.id is null then (select count(*) from messages m
                where m."senderId" = u.id and m."receiverId" = ${viewerId} and m."readAt" is null and m."hiddenAt" is null) else 0 end as "unreadCount"
            from users u
            left join message_requests req on req."senderId" = u.id and req."receiverId" = ${viewerId} and req."status" != 'accepted'
            where u.id != ${viewerId} ${filter}
          ) c
          left join messages lm on lm.id = c."lastId"
          order by lm."createdAt" desc nulls last, c."displayName"
          limit ${sql.lit(options.limit)}`;
      });
      return rows.map((row) => ({ ...row, unreadCount: Number(row.unreadCount ?? 0) }));
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
