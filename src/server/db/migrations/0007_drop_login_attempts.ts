import type { Kysely } from "kysely";
import type { Dialect } from "../database";
import { makeHelpers } from "./helpers";

/** Sign-in failures are counted in throttle_counters since decision 0010: the old per-attempt table goes. */
export function dropLoginAttempts(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropTable("login_attempts").ifExists().execute();
    },
    async down(db: Kysely<unknown>) {
      const h = makeHelpers(db, dialect);
      await h.table("login_attempts", (t) =>
        t
          .addColumn("id", h.idType, h.id)
          .addColumn("key", "text", (c) => c.notNull())
          .addColumn("attemptedAt", "text", (c) => c.notNull()),
      );
    },
  };
}
