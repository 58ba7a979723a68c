import type { Insertable, Kysely } from "kysely";
import type { ContactMessagesTable, DB } from "../../db/schema";

export function createContactRepository(db: Kysely<DB>) {
  return {
    async insert(values: Insertable<ContactMessagesTable>) {
      return db.insertInto("contact_messages").values(values).returning(["id", "createdAt"]).executeTakeFirstOrThrow();
    },

    /** Newest first (index contact_messages_created). */
    async list(status: "all" | "open" | "handled", limit: number) {
      let query = db.selectFrom("contact_messages").selectAll().orderBy("createdAt", "desc").orderBy("id", "desc").limit(limit);
      if (status === "open") query = query.where("handledAt", "is", null);
      if (status === "handled") query = query.where("handledAt", "is not", null);
      return query.execute();
    },

    /** Marks a message handled once; marking it again keeps the first time. */
    async markHandled(id: number, now: string) {
      await db.updateTable("contact_messages").set({ handledAt: now }).where("id", "=", id).where("handledAt", "is", null).execute();
      return db.selectFrom("contact_messages").selectAll().where("id", "=", id).executeTakeFirst();
    },
  };
}
