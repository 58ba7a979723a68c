import type { Kysely } from "kysely";
import type { Dialect } from "../database";
import { makeHelpers } from "./helpers";

/** Messages sent to the church office through /contact and /advertise; the office inbox lists them newest first. */
export function contact(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      const h = makeHelpers(db, dialect);
      await h.table("contact_messages", (t) =>
        t
          .addColumn("id", h.idType, h.id)
          .addColumn("name", "text", (c) => c.notNull())
          .addColumn("email", "text", (c) => c.notNull())
          .addColumn("subject", "text", (c) => c.notNull())
          .addColumn("message", "text", (c) => c.notNull())
          .addColumn("userId", "integer", (c) => c.references("users.id").onDelete("set null"))
          .addColumn("createdAt", "text", (c) => c.notNull())
          .addColumn("handledAt", "text"),
      );
      await h.index("contact_messages_created", "contact_messages", ["createdAt", "id"]);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("contact_messages").ifExists().execute();
    },
  };
}
