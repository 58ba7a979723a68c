import type { Kysely } from "kysely";
import type { Dialect } from "../database";
import { makeHelpers } from "./helpers";

/** Fixed-window counters shared by every instance: the throttles and caps of decision 0008. */
export function throttle(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      const h = makeHelpers(db, dialect);
      await h.table("throttle_counters", (t) =>
        t
          .addColumn("key", "text", (c) => c.notNull())
          .addColumn("windowStart", "bigint", (c) => c.notNull())
          .addColumn("count", "integer", (c) => c.notNull())
          .addColumn("expiresAt", "bigint", (c) => c.notNull())
          .addPrimaryKeyConstraint("throttle_counters_pk", ["key", "windowStart"]),
      );
      await h.index("throttle_counters_expires", "throttle_counters", ["expiresAt"]);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("throttle_counters").ifExists().execute();
    },
  };
}
