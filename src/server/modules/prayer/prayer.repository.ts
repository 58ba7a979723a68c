import type { Kysely } from "kysely";
import type { DB, PrayerReportsTable, PrayerRequestsTable } from "../../db/schema";
import { isUniqueViolation } from "../../http/errors";
import { pageOf } from "../../http/pagination";
import type { Keyset } from "../posts/posts.repository";

export type PrayerScope = "wall" | "mine" | "care" | "held";

/** Prayer requests, "I prayed" marks, care-team notes and reports: SQL only. */
export function createPrayerRepository(db: Kysely<DB>) {
  /** Requests with their author, assignee and whether `viewerId` prayed, in one query. */
  const withPeople = (viewerId: number) =>
    db
      .selectFrom("prayer_requests as r")
      .innerJoin("users as author", "author.id", "r.userId")
      .leftJoin("users as assignee", "assignee.id", "r.assignedTo")
      .select([
        "r.id",
        "r.userId",
        "r.content",
        "r.visibility",
        "r.anonymous",
        "r.status",
        "r.prayedCount",
        "r.answeredAt",
        "r.testimony",
        "r.createdAt",
        "r.assignedTo",
        "author.displayName as authorDisplayName",
        "author.profileImageUrl as authorProfileImageUrl",
        "assignee.displayName as assigneeDisplayName",
        "assignee.profileImageUrl as assigneeProfileImageUrl",
      ])
      .select((eb) =>
        eb
          .exists(
            eb.selectFrom("prayer_prayed as p").select("p.userId").whereRef("p.requestId", "=", "r.id").where("p.userId", "=", viewerId),
          )
          .$castTo<number>()
          .as("prayedByMe"),
      );

  type Row = Awaited<ReturnType<ReturnType<typeof withPeople>["execute"]>>[number];
  const shape = (row: Row) => ({
    id: row.id,
    userId: row.userId,
    content: row.content,
    visibility: row.visibility,
    anonymous: Boolean(Number(row.anonymous)),
    status: row.status,
    prayedCount: Number(row.prayedCount),
    prayedByMe: Boolean(Number(row.prayedByMe)),
    answeredAt: row.answeredAt,
    testimony: row.testimony,
    createdAt: row.createdAt,
    author: { id: row.userId, displayName: row.authorDisplayName, profileImageUrl: row.authorProfileImageUrl },
    assignee:
      row.assignedTo === null
        ? null
        : { id: row.assignedTo, displayName: row.assigneeDisplayName ?? "", profileImageUrl: row.assigneeProfileImageUrl },
  });
  type Shaped = ReturnType<typeof shape>;

  return {
    /** A page of requests, newest first, keyset-paginated on (createdAt, id). The wall leaves out members blocked either way. */
    async list(scope: PrayerScope, viewerId: number, options: { limit: number; before?: Keyset }) {
      let query = withPeople(viewerId);
      if (scope === "wall") {
        query = query
          .where("r.visibility", "=", "wall")
          .where("r.status", "=", "published")
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom("blocks as b")
                  .select("b.blockerId")
                  .where((eb) =>
                    eb.or([
                      eb.and([eb("b.blockerId", "=", viewerId), eb("b.blockedId", "=", eb.ref("r.userId"))]),
                      eb.and([eb("b.blockerId", "=", eb.ref("r.userId")), eb("b.blockedId", "=", viewerId)]),
                    ]),
                  ),
              ),
            ),
          );
      } else if (scope === "mine") {
        query = query.where("r.userId", "=", viewerId);
      } else if (scope === "held") {
        query = query.where("r.visibility", "=", "wall").where("r.status", "=", "held");
      }
      if (options.before) {
        const [createdAt, id] = options.before;
        query = query.where((eb) => eb(eb.refTuple("r.createdAt", "r.id"), "<", eb.tuple(createdAt, id)));
      }
      const rows = await query
        .orderBy("r.createdAt", "desc")
        .orderBy("r.id", "desc")
        .limit(options.limit + 1)
        .execute();
      const page = pageOf(rows, options.limit);
      return { ...page, items: page.items.map(shape) };
    },

    async findById(id: number, viewerId: number): Promise<Shaped | undefined> {
      const row = await withPeople(viewerId).where("r.id", "=", id).executeTakeFirst();
      return row ? shape(row) : undefined;
    },

    async create(values: Omit<PrayerRequestsTable, "id" | "prayedCount" | "assignedTo" | "answeredAt" | "testimony">) {
      const row = await db
        .insertInto("prayer_requests")
        .values({ ...values, prayedCount: 0 })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Marks that a member prayed; the count moves only when the mark is new, so it equals the distinct members. */
    async prayed(requestId: number, userId: number, now: string) {
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto("prayer_prayed")
          .values({ requestId, userId, createdAt: now })
          .onConflict((oc) => oc.columns(["requestId", "userId"]).doNothing())
          .executeTakeFirst();
        const added = Number(inserted.numInsertedOrUpdatedRows ?? 0);
        const row = await trx
          .updateTable("prayer_requests")
          .set((eb) => ({ prayedCount: eb("prayedCount", "+", added) }))
          .where("id", "=", requestId)
          .returning("prayedCount")
          .executeTakeFirstOrThrow();
        return { added: added > 0, prayedCount: Number(row.prayedCount) };
      });
    },

    async answer(id: number, testimony: string | null, now: string) {
      await db.updateTable("prayer_requests").set({ answeredAt: now, testimony }).where("id", "=", id).execute();
    },

    async assign(id: number, userId: number | null) {
      await db.updateTable("prayer_requests").set({ assignedTo: userId }).where("id", "=", id).execute();
    },

    /** Publishes or hides a request; either way, its open reports are settled. */
    async setStatus(id: number, status: "held" | "published" | "hidden", now: string) {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable("prayer_requests").set({ status }).where("id", "=", id).execute();
        await trx
          .updateTable("prayer_reports")
          .set({ resolvedAt: now })
          .where("requestId", "=", id)
          .where("resolvedAt", "is", null)
          .execute();
      });
    },

    async notes(requestId: number) {
      const rows = await db
        .selectFrom("prayer_notes as n")
        .leftJoin("users", "users.id", "n.authorId")
        .select(["n.id", "n.content", "n.createdAt", "users.id as authorId", "users.displayName", "users.profileImageUrl"])
        .where("n.requestId", "=", requestId)
        .orderBy("n.createdAt")
        .orderBy("n.id")
        .limit(500)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        content: row.content,
        createdAt: row.createdAt,
        author:
          row.authorId === null ? null : { id: row.authorId, displayName: row.displayName ?? "", profileImageUrl: row.profileImageUrl },
      }));
    },

    async addNote(values: { requestId: number; authorId: number; content: string; createdAt: string }) {
      const row = await db.insertInto("prayer_notes").values(values).returning("id").executeTakeFirstOrThrow();
      return row.id;
    },

    /** Files a report; a member's second report of the same request answers the first one's id. */
    async report(values: Omit<PrayerReportsTable, "id" | "resolvedAt">): Promise<{ id: number; created: boolean }> {
      try {
        const row = await db.insertInto("prayer_reports").values(values).returning("id").executeTakeFirstOrThrow();
        return { id: row.id, created: true };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const row = await db
          .selectFrom("prayer_reports")
          .select("id")
          .where("requestId", "=", values.requestId)
          .where("reporterId", "=", values.reporterId)
          .executeTakeFirstOrThrow();
        return { id: row.id, created: false };
      }
    },

    async openReports(viewerId: number) {
      const reports = await db
        .selectFrom("prayer_reports as rep")
        .innerJoin("users as reporter", "reporter.id", "rep.reporterId")
        .select([
          "rep.id",
          "rep.requestId",
          "rep.reason",
          "rep.details",
          "rep.createdAt",
          "reporter.id as reporterId",
          "reporter.displayName as reporterDisplayName",
          "reporter.profileImageUrl as reporterProfileImageUrl",
        ])
        .where("rep.resolvedAt", "is", null)
        .orderBy("rep.createdAt", "desc")
        .orderBy("rep.id", "desc")
        .limit(200)
        .execute();
      const ids = [...new Set(reports.map((report) => report.requestId))];
      const requests = ids.length ? (await withPeople(viewerId).where("r.id", "in", ids).execute()).map(shape) : [];
      const byId = new Map(requests.map((request) => [request.id, request]));
      return reports.flatMap((report) => {
        const request = byId.get(report.requestId);
        if (!request) return [];
        return [
          {
            id: report.id,
            reason: report.reason,
            details: report.details,
            createdAt: report.createdAt,
            reporter: { id: report.reporterId, displayName: report.reporterDisplayName, profileImageUrl: report.reporterProfileImageUrl },
            request,
          },
        ];
      });
    },

    /** When the member's account was made (new members' wall requests are held). */
    async memberSince(userId: number) {
      return (await db.selectFrom("users").select("createdAt").where("id", "=", userId).executeTakeFirst())?.createdAt;
    },
  };
}
export type PrayerRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createPrayerRepository>["findById"]>>>;
