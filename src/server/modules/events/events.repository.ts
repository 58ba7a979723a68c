import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";

export interface EventChanges {
  title?: string;
  description?: string;
  location?: string;
  startTime?: string;
  endTime?: string;
}

/** Events and RSVPs: SQL only. */
export function createEventsRepository(db: Kysely<DB>) {
  /** Events with their going count and the viewer's answer, in one query. */
  const withFigures = (viewerId: number | null) =>
    db
      .selectFrom("events")
      .select([
        "events.id",
        "events.title",
        "events.description",
        "events.startTime",
        "events.endTime",
        "events.location",
        "events.cancelledAt",
        "events.createdAt",
        "events.sequence",
      ])
      .select((eb) => [
        eb
          .selectFrom("event_rsvps")
          .select(eb.fn.countAll<number>().as("c"))
          .whereRef("event_rsvps.eventId", "=", "events.id")
          .where("event_rsvps.status", "=", "going")
          .as("goingCount"),
        eb
          .selectFrom("event_rsvps")
          .select("event_rsvps.status")
          .whereRef("event_rsvps.eventId", "=", "events.id")
          .where("event_rsvps.userId", "=", viewerId ?? 0)
          .as("myRsvp"),
      ]);

  type Row = Awaited<ReturnType<ReturnType<typeof withFigures>["execute"]>>[number];
  const shape = (row: Row) => ({
    ...row,
    goingCount: Number(row.goingCount ?? 0),
    myRsvp: row.myRsvp ?? null,
    sequence: Number(row.sequence),
  });

  return {
    async list(options: { viewerId: number | null; when: "upcoming" | "past" | "all"; now: string; limit: number }) {
      let query = withFigures(options.viewerId).where("events.cancelledAt", "is", null);
      if (options.when === "upcoming") query = query.where("events.endTime", ">=", options.now).orderBy("events.startTime", "asc");
      else if (options.when === "past") query = query.where("events.endTime", "<", options.now).orderBy("events.startTime", "desc");
      else query = query.orderBy("events.startTime", "asc");
      const rows = await query.orderBy("events.id").limit(options.limit).execute();
      return rows.map(shape);
    },

    /** The next events to start, soonest first, cancelled ones left out: what a visitor's bell lists. */
    async nextToStart(now: string, limit: number) {
      return db
        .selectFrom("events")
        .select(["id", "title", "location", "startTime", "createdAt"])
        .where("startTime", ">", now)
        .where("cancelledAt", "is", null)
        .orderBy("startTime")
        .orderBy("id")
        .limit(limit)
        .execute();
    },

    /** Events for the calendar feed: everything ending after `since`, cancelled ones included so apps drop them. */
    async forFeed(since: string, limit = 500) {
      const rows = await withFigures(null)
        .where("events.endTime", ">=", since)
        .orderBy("events.startTime", "asc")
        .orderBy("events.id")
        .limit(limit)
        .execute();
      return rows.map(shape);
    },

    /** The events a member answered "going" to that end after `since`: their "My schedule" feed, cancelled ones included. */
    async goingFor(userId: number, since: string, limit = 500) {
      const rows = await withFigures(userId)
        .innerJoin("event_rsvps as mine", (join) =>
          join.onRef("mine.eventId", "=", "events.id").on("mine.userId", "=", userId).on("mine.status", "=", "going"),
        )
        .where("events.endTime", ">=", since)
        .orderBy("events.startTime", "asc")
        .orderBy("events.id")
        .limit(limit)
        .execute();
      return rows.map(shape);
    },

    async findById(id: number, viewerId: number | null) {
      const row = await withFigures(viewerId).where("events.id", "=", id).executeTakeFirst();
      return row ? shape(row) : undefined;
    },

    async create(event: {
      title: string;
      description: string;
      location: string;
      startTime: string;
      endTime: string;
      createdBy: number;
      createdAt: string;
    }) {
      const row = await db
        .insertInto("events")
        .values({ ...event, cancelledAt: null, sequence: 0 })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: number, changes: EventChanges) {
      await db
        .updateTable("events")
        .set((eb) => ({ ...changes, sequence: eb("sequence", "+", 1) }))
        .where("id", "=", id)
        .execute();
    },

    async cancel(id: number, now: string) {
      await db
        .updateTable("events")
        .set((eb) => ({ cancelledAt: now, sequence: eb("sequence", "+", 1) }))
        .where("id", "=", id)
        .where("cancelledAt", "is", null)
        .execute();
    },

    async goingMemberIds(eventId: number) {
      const rows = await db
        .selectFrom("event_rsvps")
        .select("userId")
        .where("eventId", "=", eventId)
        .where("status", "=", "going")
        .execute();
      return rows.map((row) => row.userId);
    },

    /** Records (or changes) a member's answer and counts the members going. */
    async rsvp(eventId: number, userId: number, status: "going" | "not_going", now: string) {
      await db
        .insertInto("event_rsvps")
        .values({ eventId, userId, status, createdAt: now })
        .onConflict((oc) => oc.columns(["eventId", "userId"]).doUpdateSet({ status, createdAt: now }))
        .execute();
      const row = await db
        .selectFrom("event_rsvps")
        .select((eb) => eb.fn.countAll<number>().as("c"))
        .where("eventId", "=", eventId)
        .where("status", "=", "going")
        .executeTakeFirstOrThrow();
      return Number(row.c);
    },
  };
}
export type EventsRepository = ReturnType<typeof createEventsRepository>;
