import { eventMessages } from "@shared/contracts/events";
import { notificationMessages } from "@shared/contracts/notifications";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors";
import { policies } from "../../policies";
import { createNotificationsService } from "../notifications/notifications.service";
import { type EventChanges, createEventsRepository } from "./events.repository";

type Viewer = Pick<UserRow, "id" | "role">;

/** How long before an event its reminder reaches the members going. */
export const EVENT_REMINDER_BEFORE_MS = 3_600_000;

/** The calendar's rules: admins manage events; members answer events that are not cancelled. */
export function createEventsService(ctx: AppContext) {
  const events = createEventsRepository(ctx.db);
  const notifications = createNotificationsService(ctx);

  const requireEvent = async (id: number, viewerId: number | null) => {
    const event = await events.findById(id, viewerId);
    if (!event) throw notFound(eventMessages.eventNotFound);
    return event;
  };

  /** Schedules the reminder of an event at this start time (a moved event gets a new one; the old one finds it moved). */
  async function scheduleReminder(eventId: number, startTime: string) {
    const start = Date.parse(startTime);
    if (start <= ctx.clock.now()) return;
    await ctx.jobs.enqueue(
      "events.remind",
      { eventId, startTime },
      { runAt: Math.max(ctx.clock.now(), start - EVENT_REMINDER_BEFORE_MS), dedupeKey: `event-reminder:${eventId}:${startTime}` },
    );
  }

  return {
    events,
    requireEvent,

    /** Events not yet over, events that have ended, or all of them, as of now. */
    async list(viewer: Viewer | null, when: "upcoming" | "past" | "all", limit: number) {
      return events.list({ viewerId: viewer?.id ?? null, when, now: ctx.clock.iso(), limit });
    },

    async create(viewer: Viewer, input: { title: string; description: string; location: string; startTime: string; endTime: string }) {
      if (!policies.manageEvents(viewer)) throw forbidden();
      const id = await events.create({
        ...input,
        startTime: new Date(input.startTime).toISOString(),
        endTime: new Date(input.endTime).toISOString(),
        createdBy: viewer.id,
        createdAt: ctx.clock.iso(),
      });
      const created = await requireEvent(id, viewer.id);
      await scheduleReminder(id, created.startTime);
      return created;
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
      if (start !== current.startTime) await scheduleReminder(id, start);
      return requireEvent(id, viewer.id);
    },

    async cancel(viewer: Viewer, id: number) {
      if (!policies.manageEvents(viewer)) throw forbidden();
      const event = await requireEvent(id, viewer.id);
      await events.cancel(id, ctx.clock.iso());
      if (!event.cancelledAt) {
        // Everyone who said they were coming hears about it.
        const going = await events.goingMemberIds(id);
        await notifications.notify(
          going.map((userId) => ({
            userId,
            category: "event" as const,
            title: notificationMessages.eventCancelledTitle,
            body: notificationMessages.eventCancelled(event.title),
            link: "/events",
          })),
        );
      }
      return requireEvent(id, viewer.id);
    },

    /** The `events.remind` job: tells the members going that the event starts soon, unless it moved or was cancelled. */
    async remind(eventId: number, startTime: string) {
      const event = await events.findById(eventId, null);
      if (!event || event.cancelledAt || event.startTime !== startTime) return;
      const going = await events.goingMemberIds(eventId);
      await notifications.notify(
        going.map((userId) => ({
          userId,
          category: "event" as const,
          title: notificationMessages.eventReminderTitle,
          body: notificationMessages.eventReminder(event.title, event.location),
          link: `/events#event-${eventId}`,
          dedupeKey: `event-reminder:${eventId}:${startTime}:${userId}`,
        })),
      );
    },

    async rsvp(viewer: Viewer, id: number, status: "going" | "not_going") {
      const event = await requireEvent(id, viewer.id);
      if (event.cancelledAt) throw conflict(eventMessages.eventCancelled, "event_cancelled");
      const goingCount = await events.rsvp(id, viewer.id, status, ctx.clock.iso());
      return { status, goingCount };
    },
  };
}
