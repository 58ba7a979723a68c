import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";

export function createGroupsRepository(db: Kysely<DB>) {
  return {
    /** Every group (or the one `groupId` names) with its member count (counted), and the viewer's membership, unread count and last message. */
    async list(viewerId: number | null, groupId?: number) {
      const rows = await db
        .selectFrom("groups as g")
        .leftJoin("group_members as mine", (join) => join.onRef("mine.groupId", "=", "g.id").on("mine.userId", "=", viewerId ?? -1))
        .select(["g.id", "g.name", "g.description", "mine.userId as memberId", "mine.lastReadAt"])
        .select((eb) => [
          eb
            .selectFrom("group_members as gm")
            .select(eb.fn.countAll<number>().as("c"))
            .whereRef("gm.groupId", "=", "g.id")
            .as("memberCount"),
          eb
            .selectFrom("messages as m")
            .select("m.content")
            .whereRef("m.groupId", "=", "g.id")
            .where("m.hiddenAt", "is", null)
            .orderBy("m.createdAt", "desc")
            .orderBy("m.id", "desc")
            .limit(1)
            .as("lastMessage"),
          eb
            .selectFrom("messages as m")
            .select("m.createdAt")
            .whereRef("m.groupId", "=", "g.id")
            .where("m.hiddenAt", "is", null)
            .orderBy("m.createdAt", "desc")
            .orderBy("m.id", "desc")
            .limit(1)
            .as("lastMessageAt"),
          eb
            .selectFrom("messages as m")
            .select(eb.fn.countAll<number>().as("c"))
            .whereRef("m.groupId", "=", "g.id")
            .where("m.hiddenAt", "is", null)
            .where("m.senderId", "!=", viewerId ?? -1)
            .where((w) => w.or([w("mine.lastReadAt", "is", null), w("m.createdAt", ">", w.ref("mine.lastReadAt"))]))
            .as("unreadCount"),
        ])
        .$if(groupId !== undefined, (query) => query.where("g.id", "=", groupId!))
        .orderBy("g.id")
        .execute();
      return rows.map((row) => {
        const isMember = row.memberId !== null && row.memberId !== undefined;
        return {
          id: row.id,
          name: row.name,
          description: row.description,
          memberCount: Number(row.memberCount ?? 0),
          isMember,
          unreadCount: isMember ? Number(row.unreadCount ?? 0) : 0,
          lastMessage: row.lastMessage ?? null,
          lastMessageAt: row.lastMessageAt ?? null,
        };
      });
    },

    async exists(groupId: number): Promise<boolean> {
      return Boolean(await db.selectFrom("groups").select("id").where("id", "=", groupId).executeTakeFirst());
    },

    async isMember(groupId: number, userId: number): Promise<boolean> {
      const row = await db
        .selectFrom("group_members")
        .select("userId")
        .where("groupId", "=", groupId)
        .where("userId", "=", userId)
        .executeTakeFirst();
      return Boolean(row);
    },

    /** True when the two members belong to at least one common group. */
    async shareAGroup(a: number, b: number): Promise<boolean> {
      const row = await db
        .selectFrom("group_members as mine")
        .innerJoin("group_members as theirs", "theirs.groupId", "mine.groupId")
        .select("mine.groupId")
        .where("mine.userId", "=", a)
        .where("theirs.userId", "=", b)
        .limit(1)
        .executeTakeFirst();
      return Boolean(row);
    },

    /** Everyone who belongs to a group with the member (the member included). */
    async coMemberIds(userId: number): Promise<number[]> {
      const rows = await db
        .selectFrom("group_members as mine")
        .innerJoin("group_members as theirs", "theirs.groupId", "mine.groupId")
        .select("theirs.userId")
        .distinct()
        .where("mine.userId", "=", userId)
        .execute();
      return rows.map((row) => row.userId);
    },

    /** The group's members. */
    async memberIds(groupId: number): Promise<number[]> {
      const rows = await db.selectFrom("group_members").select("userId").where("groupId", "=", groupId).execute();
      return rows.map((row) => row.userId);
    },

    async groupIdsOf(userId: number): Promise<number[]> {
      const rows = await db.selectFrom("group_members").select("groupId").where("userId", "=", userId).execute();
      return rows.map((row) => row.groupId);
    },

    /** Joins the group; answers false when the member already belonged to it. */
    async join(groupId: number, userId: number, now: string): Promise<boolean> {
      const result = await db
        .insertInto("group_members")
        .values({ groupId, userId, joinedAt: now, lastReadAt: now })
        .onConflict((oc) => oc.columns(["groupId", "userId"]).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async leave(groupId: number, userId: number): Promise<void> {
      await db.deleteFrom("group_members").where("groupId", "=", groupId).where("userId", "=", userId).execute();
    },

    async markRead(groupId: number, userId: number, now: string): Promise<void> {
      await db.updateTable("group_members").set({ lastReadAt: now }).where("groupId", "=", groupId).where("userId", "=", userId).execute();
    },
  };
}
export type GroupsRepository = ReturnType<typeof createGroupsRepository>;
