import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { countTopics } from "./hashtags";

/** The community sidebars' figures, counted from the data: SQL only. */
export function createCommunityRepository(db: Kysely<DB>) {
  return {
    async stats(since: string) {
      const [members, postsThisWeek, active] = await Promise.all([
        db
          .selectFrom("users")
          .select((eb) => eb.fn.countAll<number>().as("c"))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom("posts")
          .select((eb) => eb.fn.countAll<number>().as("c"))
          .where("createdAt", ">=", since)
          .where("hiddenAt", "is", null)
          .executeTakeFirstOrThrow(),
        // UNION ALL lets each branch use its createdAt index; the outer count removes repeats.
        db
          .selectFrom(
            db
              .selectFrom("posts")
              .select("userId")
              .where("createdAt", ">=", since)
              .unionAll(db.selectFrom("comments").select("userId").where("createdAt", ">=", since))
              .unionAll(db.selectFrom("post_likes").select("userId").where("createdAt", ">=", since))
              .as("active"),
          )
          .select((eb) => eb.fn.count<number>("active.userId").distinct().as("c"))
          .executeTakeFirstOrThrow(),
      ]);
      return { members: Number(members.c), postsThisWeek: Number(postsThisWeek.c), activeMembers: Number(active.c) };
    },

    /** Hashtags of recent posts by the number of posts using them. */
    async trending(since: string, limit: number) {
      const rows = await db
        .selectFrom("posts")
        .select("content")
        .where("createdAt", ">=", since)
        .where("hiddenAt", "is", null)
        .orderBy("createdAt", "desc")
        .limit(5000)
        .execute();
      return countTopics(rows.map((row) => row.content)).slice(0, limit);
    },

    /** Groups by their members and this week's messages. */
    async activeGroups(since: string, limit: number) {
      const rows = await db
        .selectFrom("groups")
        .select(["groups.id", "groups.name", "groups.description"])
        .select((eb) => [
          eb
            .selectFrom("group_members")
            .select(eb.fn.countAll<number>().as("c"))
            .whereRef("group_members.groupId", "=", "groups.id")
            .as("members"),
          eb
            .selectFrom("messages")
            .select(eb.fn.countAll<number>().as("c"))
            .whereRef("messages.groupId", "=", "groups.id")
            .where("messages.createdAt", ">=", since)
            .where("messages.hiddenAt", "is", null)
            .as("messagesThisWeek"),
        ])
        .orderBy("messagesThisWeek", "desc")
        .orderBy("members", "desc")
        .orderBy("groups.id")
        .limit(limit)
        .execute();
      return rows.map((row) => ({ ...row, members: Number(row.members ?? 0), messagesThisWeek: Number(row.messagesThisWeek ?? 0) }));
    },
  };
}
