import type { Kysely } from "kysely";
import { eventMessages } from "@shared/contracts/events";
import type { DB, UserRow } from "../../db/schema";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors";
import { policies } from "../../policies";
import { createNotificationsRepository } from "../notifications/notifications.repository";
import { type EventChanges, createEventsRepository } from "./events.repository";

type Viewer = Pick<UserRow, "id" | "role">;

/** The calendar's rules: admins manage events; members answer events that are not cancelled. */
export function createEventsService(db: Kysely<DB>) {
  const events = createEventsRepository(db);
  const notifications = createNotificationsRepository(db);

  const requireEvent = async (id: number, viewerId: number | null) => {
    const event = await events.findById(id, viewerId);
    if (!event) throw notFound(eventMessages.eventNotFound);
    return event;
  };

  return {
    events,
    requireEvent,

    async create(viewer: Viewer, input: { title: string; description: string; location: string; startTime: string; endTime: string }) {
      if (!policies.manageEvents(viewer)) throw forbidden();
      const id = await events.create({
        ...input,
        startTime: new Date(input.startTime).toISOString(),
        endTime: new Date(input.endTime).toISOString(),
        createdBy: viewer.id,
        createdAt: new Date().toISOString(),
      });
      return requireEvent(id, viewer.id);
    },

    async update(viewer: Viewer, id: number, changes: EventChanges) {
      if (!policies.manageEvents(viewer)) throw forbidden();
      const current = await requireEvent(id, viewer.id);
      const normalized: EventChanges = {
        ...changes,
        ...(changes.startTime ? { startTime: new Date(changes.startTime).toISOString() } : {}),
        ...(changes.endTime ? { endTime: new Date(changes.endTime).toISOString() } : {}),
      };
      const start = normalized.startTime ?? current.startTime;
      const end = normalized.endTime ?? current.endTime;
      if (Date.parse(end) <= Date.parse(start)) throw badRequest(eventMessages.endAfterStart);
      await events.update(id, normalized);
      return requireEvent(id, viewer.id);
    },

    async cancel(viewer: Viewer, id: number) {
      if (!policies.manageEvents(viewer)) throw forbidden();
      const event = await requireEvent(id, viewer.id);
      const now = new Date().toISOString();
      await events.cancel(id, now);
      if (!event.cancelledAt) {
        // Everyone who said they were coming hears about it.
        const going = await events.goingMemberIds(id);
        await notifications.add(
          going.map((userId) => ({ userId, title: "Event Cancelled", body: `${event.title} has been cancelled.`, link: "/events" })),
          now,
        );
      }
      return requireEvent(id, viewer.id);
    },

    async rsvp(viewer: Viewer, id: number, status: "going" | "not_going") {
      const event = await requireEvent(id, viewer.id);
      if (event.cancelledAt) throw conflict(eventMessages.eventCancelled, "event_cancelled");
      const goingCount = await events.rsvp(id, viewer.id, status, new Date().toISOString());
      return { status, goingCount };
    },
  };
}
