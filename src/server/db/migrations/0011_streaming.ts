import type { Kysely } from "kysely";
import type { Dialect } from "../database";
import { makeHelpers } from "./helpers";

/**
 * Live streaming (decision 0014): streams with their ingest key, scheduled services, each broadcast received
 * (publishing started, then ended), and the replay each broadcast leaves as a draft until an admin publishes it.
 */
export function streaming(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      const h = makeHelpers(db, dialect);
      await h.table("streams", (t) =>
        t
          .addColumn("id", h.idType, h.id)
          .addColumn("name", "text", (c) => c.notNull())
          .addColumn("streamKey", "text", (c) => c.notNull().unique())
          .addColumn("createdAt", "text", (c) => c.notNull())
          .addColumn("keyRotatedAt", "text", (c) => c.notNull()),
      );
      await h.table("stream_services", (t) =>
        t
          .addColumn("id", h.idType, h.id)
          .addColumn("title", "text", (c) => c.notNull())
          .addColumn("description", "text", (c) => c.notNull())
          .addColumn("startTime", "text", (c) => c.notNull())
          .addColumn("endTime", "text", (c) => c.notNull())
          .addColumn("thumbnailUrl", "text")
          .addColumn("createdBy", "integer", (c) => c.references("users.id").onDelete("set null"))
          .addColumn("createdAt", "text", (c) => c.notNull()),
      );
      await h.index("stream_services_time", "stream_services", ["endTime", "startTime"]);
      await h.table("stream_broadcasts", (t) =>
        t
          .addColumn("id", h.idType, h.id)
          .addColumn("streamId", "integer", (c) => c.notNull().references("streams.id").onDelete("cascade"))
          .addColumn("startedAt", "text", (c) => c.notNull())
          .addColumn("endedAt", "text"),
      );
      await h.index("stream_broadcasts_open", "stream_broadcasts", ["streamId", "endedAt"]);
      await h.table("stream_replays", (t) =>
        t
          .addColumn("id", h.idType, h.id)
          .addColumn("broadcastId", "integer", (c) => c.notNull().unique().references("stream_broadcasts.id").onDelete("cascade"))
          .addColumn("title", "text", (c) => c.notNull())
          .addColumn("mediaUrl", "text", (c) => c.notNull())
          .addColumn("thumbnailUrl", "text")
          .addColumn("duration", "integer", (c) => c.notNull())
          .addColumn("createdAt", "text", (c) => c.notNull())
          .addColumn("mediaId", "integer", (c) => c.references("media.id").onDelete("set null")),
      );
    },
    async down(db: Kysely<unknown>) {
      for (const table of ["stream_replays", "stream_broadcasts", "stream_services", "streams"])
        await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
