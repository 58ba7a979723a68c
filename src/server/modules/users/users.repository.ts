import { type Kysely, sql } from "kysely";
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

export interface UserWithCounts extends UserRow {
  postCount: number;
  favoriteCount: number;
}

export function createUsersRepository(db: Kysely<DB>) {
  const withCounts = () =>
    db
      .selectFrom("users")
      .selectAll("users")
      .select((eb) => [
        eb
          .selectFrom("posts")
          .select(eb.fn.countAll<number>().as("c"))
          .whereRef("posts.userId", "=", "users.id")
          .where("posts.hiddenAt", "is", null)
          .as("postCount"),
        eb
          .selectFrom("favorites")
          .select(eb.fn.countAll<number>().as("c"))
          .whereRef("favorites.userId", "=", "users.id")
          .as("favoriteCount"),
      ]);

  const normalize = (row: UserRow & { postCount: number | null; favoriteCount: number | null }): UserWithCounts => ({
    ...row,
    postCount: Number(row.postCount ?? 0),
    favoriteCount: Number(row.favoriteCount ?? 0),
  });

  return {
    async findById(id: number): Promise<UserWithCounts | undefined> {
      const row = await withCounts().where("users.id", "=", id).executeTakeFirst();
      return row ? normalize(row) : undefined;
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
     * through the query builder on every request cost several times more than running it.
     */
    async listContacts(viewerId: number, options: { limit: number; q?: string }): Promise<ContactRow[]> {
      const pattern = options.q ? `%${options.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      // A request the viewer has not accepted stays in their requests folder, out of this list (decision 0022).
      const unanswered = sql`exists (select 1 from message_requests req
        where req."senderId" = u.id and req."receiverId" = ${viewerId} and req."status" != 'accepted')`;
      const lastMessage = (column: "content" | "createdAt") => sql`(
        select m.${sql.ref(column)} from messages m
        where ((m."senderId" = u.id and m."receiverId" = ${viewerId} and not ${unanswered})
          or (m."senderId" = ${viewerId} and m."receiverId" = u.id)) and m."hiddenAt" is null
        order by m."createdAt" desc, m.id desc limit 1)`;
      const filter = pattern
        ? sql`and (lower(u."displayName") like ${pattern} escape '\\' or lower(u."username") like ${pattern} escape '\\')`
        : sql``;
      const { rows } = await sql<ContactRow>`
        select u.id, u."username", u."displayName", u."profileImageUrl", u."accountType",
          ${lastMessage("content")} as "lastMessage",
          ${lastMessage("createdAt")} as "lastMessageAt",
          (select count(*) from messages m
            where m."senderId" = u.id and m."receiverId" = ${viewerId} and m."readAt" is null and m."hiddenAt" is null
              and not ${unanswered}) as "unreadCount"
        from users u
        where u.id != ${viewerId} ${filter}
        order by "lastMessageAt" desc nulls last, u."displayName"
        limit ${options.limit}`.execute(db);
      return rows.map((row) => ({ ...row, unreadCount: Number(row.unreadCount ?? 0) }));
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
