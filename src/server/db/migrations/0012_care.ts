import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database";
import { makeHelpers } from "./helpers";

/**
 * Care and safety (decision 0016): prayer requests with their "I prayed" marks, care-team notes and reports; the care
 * team itself; members' blocks; and the audit log of who did what to whom.
 */
export function care(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      const h = makeHelpers(db, dialect);
      await h.table("care_team", (t) =>
        t
          .addColumn("userId", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
          .addColumn("grantedBy", "integer", (c) => c.references("users.id").onDelete("set null"))
          .addColumn("grantedAt", "text", (c) => c.notNull()),
      );
      await h.table("prayer_requests", (t) =>
        t
          .addColumn("id", h.idType, h.id)
          .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
          .addColumn("content", "text", (c) => c.notNull())
          .addColumn("visibility", "text", (c) => c.notNull())
          .addColumn("anonymous", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("status", "text", (c) => c.notNull())
          .addColumn("prayedCount", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("assignedTo", "integer", (c) => c.references("users.id").onDelete("set null"))
          .addColumn("answeredAt", "text")
          .addColumn("testimony", "text")
          .addColumn("createdAt", "text", (c) => c.notNull())
          .addCheckConstraint("prayer_requests_visibility", sql`"visibility" in ('private', 'wall')`)
          .addCheckConstraint("prayer_requests_status", sql`"status" in ('published', 'held', 'hidden')`),
      );
      // The wall lists published wall requests newest first; a member's own list and the care team's list by author and time.
      await h.index("prayer_requests_wall", "prayer_requests", ["visibility", "status", "createdAt", "id"]);
      await h.index("prayer_requests_user", "prayer_requests", ["userId", "createdAt", "id"]);
      await h.index("prayer_requests_created", "prayer_requests", ["createdAt", "id"]);
      await h.table("prayer_prayed", (t) =>
        t
          .addColumn("requestId", "integer", (c) => c.notNull().references("prayer_requests.id").onDelete("cascade"))
          .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
          .addColumn("createdAt", "text", (c) => c.notNull())
          .addPrimaryKeyConstraint("prayer_prayed_pk", ["requestId", "userId"]),
      );
      await h.table("prayer_notes", (t) =>
        t
          .addColumn("id", h.idType, h.id)
          .addColumn("requestId", "integer", (c) => c.notNull().references("prayer_requests.id").onDelete("cascade"))
          .addColumn("authorId", "integer", (c) => c.references("users.id").onDelete("set null"))
          .addColumn("content", "text", (c) => c.notNull())
          .addColumn("createdAt", "text", (c) => c.notNull()),
      );
      await h.index("prayer_notes_request", "prayer_notes", ["requestId", "createdAt", "id"]);
      await h.table("prayer_reports", (t) =>
        t
          .addColumn("id", h.idType, h.id)
          .addColumn("requestId", "integer", (c) => c.notNull().references("prayer_requests.id").onDelete("cascade"))
          .addColumn("reporterId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
          .addColumn("reason", "text", (c) => c.notNull())
          .addColumn("details", "text", (c) => c.notNull().defaultTo(""))
          .addColumn("createdAt", "text", (c) => c.notNull())
          .addColumn("resolvedAt", "text"),
      );
      await h.index("prayer_reports_open", "prayer_reports", ["resolvedAt", "createdAt"]);
      await db.schema.createIndex("prayer_reports_once").on("prayer_reports").columns(["requestId", "reporterId"]).unique().execute();
      await h.table("blocks", (t) =>
        t
          .addColumn("blockerId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
          .addColumn("blockedId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
          .addColumn("createdAt", "text", (c) => c.notNull())
          .addPrimaryKeyConstraint("blocks_pk", ["blockerId", "blockedId"]),
      );
      // "Has anyone of these two blocked the other?" is asked from both sides.
      await h.index("blocks_blocked", "blocks", ["blockedId", "blockerId"]);
      await h.table("audit_log", (t) =>
        t
          .addColumn("id", h.idType, h.id)
          .addColumn("actorId", "integer", (c) => c.references("users.id").onDelete("set null"))
          .addColumn("action", "text", (c) => c.notNull())
          .addColumn("targetType", "text", (c) => c.notNull())
          .addColumn("targetId", "integer", (c) => c.notNull())
          .addColumn("detail", "text", (c) => c.notNull().defaultTo(""))
          .addColumn("createdAt", "text", (c) => c.notNull()),
      );
      await h.index("audit_log_created", "audit_log", ["createdAt", "id"]);
      // A member who asked to delete their account: signing in before the purge cancels it (decision 0016).
      await db.schema.alterTable("users").addColumn("deletionRequestedAt", "text").execute();
      await db.schema.alterTable("users").addColumn("deletedAt", "text").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("users").dropColumn("deletedAt").execute();
      await db.schema.alterTable("users").dropColumn("deletionRequestedAt").execute();
      for (const table of ["audit_log", "blocks", "prayer_reports", "prayer_notes", "prayer_prayed", "prayer_requests", "care_team"])
        await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
