import type { Kysely } from "kysely";
import type { Dialect } from "../database";
import { makeHelpers } from "./helpers";

/**
 * Background work and reaching members outside the tab (decision 0012): the jobs queue, a category on every
 * notification, each member's notification preferences, Web Push subscriptions per device, the app's own secrets
 * (the VAPID key pair) and the single-use tokens that emailed links carry.
 */
export function jobsAndReach(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      const h = makeHelpers(db, dialect);
      await h.table("jobs", (t) =>
        t
          .addColumn("id", h.idType, h.id)
          .addColumn("name", "text", (c) => c.notNull())
          .addColumn("payload", "text", (c) => c.notNull())
          .addColumn("dedupeKey", "text", (c) => c.unique())
          .addColumn("status", "text", (c) => c.notNull())
          .addColumn("runAt", "bigint", (c) => c.notNull())
          .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("maxAttempts", "integer", (c) => c.notNull())
          .addColumn("lockedBy", "text")
          .addColumn("lockedUntil", "bigint")
          .addColumn("lastError", "text")
          .addColumn("createdAt", "text", (c) => c.notNull())
          .addColumn("finishedAt", "text"),
      );
      // The claim looks for due, pending jobs in order.
      await h.index("jobs_due", "jobs", ["status", "runAt", "id"]);

      await db.schema
        .alterTable("notifications")
        .addColumn("category", "text", (c) => c.notNull().defaultTo("general"))
        .execute();
      // A notification a job sends carries a key, so the job's retry stores it once.
      await db.schema.alterTable("notifications").addColumn("dedupeKey", "text").execute();
      await db.schema.createIndex("notifications_dedupe").unique().on("notifications").column("dedupeKey").execute();

      await h.table("notification_preferences", (t) =>
        t
          .addColumn("userId", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
          .addColumn("channels", "text", (c) => c.notNull())
          .addColumn("weeklyDigest", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("updatedAt", "text", (c) => c.notNull()),
      );
      await h.index("notification_preferences_digest", "notification_preferences", ["weeklyDigest"]);

      await h.table("push_subscriptions", (t) =>
        t
          .addColumn("id", h.idType, h.id)
          .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
          .addColumn("endpoint", "text", (c) => c.notNull().unique())
          .addColumn("p256dh", "text", (c) => c.notNull())
          .addColumn("auth", "text", (c) => c.notNull())
          .addColumn("createdAt", "text", (c) => c.notNull()),
      );
      await h.index("push_subscriptions_user", "push_subscriptions", ["userId"]);

      await h.table("app_secrets", (t) =>
        t
          .addColumn("name", "text", (c) => c.primaryKey())
          .addColumn("value", "text", (c) => c.notNull())
          .addColumn("createdAt", "text", (c) => c.notNull()),
      );

      await h.table("email_tokens", (t) =>
        t
          .addColumn("tokenHash", "text", (c) => c.primaryKey())
          .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
          .addColumn("purpose", "text", (c) => c.notNull())
          .addColumn("newEmail", "text")
          .addColumn("expiresAt", "text", (c) => c.notNull())
          .addColumn("usedAt", "text")
          .addColumn("createdAt", "text", (c) => c.notNull()),
      );
      await h.index("email_tokens_user", "email_tokens", ["userId", "purpose"]);
    },
    async down(db: Kysely<unknown>) {
      for (const table of ["email_tokens", "app_secrets", "push_subscriptions", "notification_preferences", "jobs"]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
