import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database";
import { makeHelpers } from "./helpers";

const REASONS = sql`('spam', 'harassment', 'inappropriate', 'other')`;

/**
 * Moderation (decision 0021): one reports table for posts, comments, messages, members and media, each report with a
 * reason and details, the member it is about, and the action that settled it; members' suspensions, bans and review
 * status; and the site's settings (whether new members wait for approval).
 */
export function moderation(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      const h = makeHelpers(db, dialect);
      // The reports of 0001 took any text as the reason: it becomes the details, and the reason "other".
      await h.table("reports_v2", (t) =>
        t
          .addColumn("id", h.idType, h.id)
          .addColumn("reporterId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
          .addColumn("targetType", "text", (c) => c.notNull())
          .addColumn("targetId", "integer", (c) => c.notNull())
          .addColumn("targetUserId", "integer", (c) => c.references("users.id").onDelete("set null"))
          .addColumn("reason", "text", (c) => c.notNull().defaultTo("other"))
          .addColumn("details", "text", (c) => c.notNull().defaultTo(""))
          .addColumn("createdAt", "text", (c) => c.notNull())
          .addColumn("resolvedAt", "text")
          .addColumn("resolvedBy", "integer", (c) => c.references("users.id").onDelete("set null"))
          .addColumn("action", "text")
          .addCheckConstraint("reports_v2_target_type", sql`"targetType" in ('post', 'comment', 'message', 'member', 'media')`)
          .addCheckConstraint("reports_v2_reason", sql`"reason" in ${REASONS}`)
          .addCheckConstraint("reports_v2_action", sql`"action" is null or "action" in ('dismiss', 'hide', 'warn', 'suspend', 'ban')`),
      );
      await sql`insert into reports_v2 ("id", "reporterId", "targetType", "targetId", "targetUserId", "reason", "details", "createdAt", "resolvedAt", "action")
        select r."id", r."reporterId", r."targetType", r."targetId",
          case r."targetType"
            when 'post' then (select p."userId" from posts p where p."id" = r."targetId")
            when 'comment' then (select c."userId" from comments c where c."id" = r."targetId")
            else (select m."uploadedBy" from media m where m."id" = r."targetId") end,
          case when r."reason" in ${REASONS} then r."reason" else 'other' end,
          case when r."reason" in ${REASONS} then '' else r."reason" end,
          r."createdAt", r."resolvedAt", case when r."resolvedAt" is null then null else 'dismiss' end
        from reports r`.execute(db);
      await db.schema.dropTable("reports").execute();
      await sql`alter table reports_v2 rename to reports`.execute(db);
      if (dialect === "postgres") {
        // The serial's sequence continues after the copied ids.
        await sql`select setval(pg_get_serial_sequence('reports', 'id'), coalesce((select max("id") from reports), 0) + 1, false)`.execute(
          db,
        );
      }
      await h.index("reports_target", "reports", ["targetType", "targetId"]);
      await h.index("reports_open", "reports", ["resolvedAt", "createdAt"]);
      await h.index("reports_reporter", "reports", ["reporterId", "targetType", "targetId"]);
      await h.index("reports_target_user", "reports", ["targetUserId"]);

      await db.schema.alterTable("users").addColumn("suspendedUntil", "text").execute();
      await db.schema.alterTable("users").addColumn("bannedAt", "text").execute();
      await db.schema
        .alterTable("users")
        .addColumn("reviewStatus", "text", (c) => c.notNull().defaultTo("approved"))
        .execute();
      await h.index("users_review_status", "users", ["reviewStatus", "createdAt"]);

      await h.table("site_settings", (t) =>
        t
          .addColumn("key", "text", (c) => c.primaryKey())
          .addColumn("value", "text", (c) => c.notNull())
          .addColumn("updatedAt", "text", (c) => c.notNull()),
      );
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("site_settings").ifExists().execute();
      await db.schema.dropIndex("users_review_status").ifExists().execute();
      for (const column of ["reviewStatus", "bannedAt", "suspendedUntil"]) await db.schema.alterTable("users").dropColumn(column).execute();
    },
  };
}
