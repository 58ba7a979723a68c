import { createHash, randomBytes } from "node:crypto";
import { APP_NAME } from "@shared/constants";
import { eventMessages } from "@shared/contracts/events";
import type { AppContext } from "../../context";
import { notFound } from "../../http/errors";
import type { createEventsService } from "./events.service";
import { createScheduleRepository } from "./schedule.repository";
import { type CalendarEvent, buildCalendar } from "./ical";

/** How far back the subscribable feed reaches, so recently ended events stay in members' calendars. */
const FEED_HISTORY_MS = 30 * 86_400_000;

type Event = Awaited<ReturnType<ReturnType<typeof createEventsService>["requireEvent"]>>;

/** A file name for an event's .ics: its title in lower-case words. */
export function calendarFileName(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "-")
    .slice(0, 60);
  return `${slug || "event"}.ics`;
}

/** The calendar files: one event's .ics, and the subscribable feed of recent and coming events. */
export function createEventsCalendar(ctx: AppContext, service: ReturnType<typeof createEventsService>) {
  const toCalendarEvent = (event: Event, origin: string): CalendarEvent => ({
    uid: `event-${event.id}@${new URL(origin).hostname}`,
    title: event.title,
    description: event.description,
    location: event.location,
    startTime: event.startTime,
    endTime: event.endTime,
    createdAt: event.createdAt,
    sequence: event.sequence,
    cancelled: event.cancelledAt !== null,
    url: `${origin}/events#event-${event.id}`,
  });

  const schedules = createScheduleRepository(ctx.db);
  const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
  const scheduleUrl = (origin: string, token: string) => `${origin}/api/events/schedule/${token}.ics`;

  return {
    /** Whether the member has a private schedule address, and since when (its token is kept only as a hash). */
    async scheduleLink(userId: number) {
      const row = await schedules.find(userId);
      return { active: row !== undefined, createdAt: row?.createdAt ?? null };
    },

    /** A new private address for the member's schedule; any earlier one stops working. */
    async regenerateScheduleLink(userId: number, origin: string) {
      const token = randomBytes(32).toString("base64url");
      const createdAt = ctx.clock.iso();
      await schedules.replace(userId, hashToken(token), createdAt);
      return { url: scheduleUrl(origin, token), createdAt };
    },

    async revokeScheduleLink(userId: number) {
      await schedules.remove(userId);
    },

    /** "My schedule": the events the token's member is going to; 404 for a token never issued or revoked. */
    async schedule(token: string, origin: string): Promise<string> {
      const userId = await schedules.userIdFor(hashToken(token));
      if (userId === undefined) throw notFound(eventMessages.scheduleNotFound);
      const since = new Date(ctx.clock.now() - FEED_HISTORY_MS).toISOString();
      const events = await service.events.goingFor(userId, since);
      return buildCalendar(
        events.map((event) => toCalendarEvent(event, origin)),
        { name: `My schedule · ${APP_NAME}`, productId: APP_NAME, now: new Date(ctx.clock.now()), feed: true },
      );
    },

    /** The feed a member's calendar app subscribes to, with links on `origin`. */
    async feed(origin: string): Promise<string> {
      const since = new Date(ctx.clock.now() - FEED_HISTORY_MS).toISOString();
      const events = await service.events.forFeed(since);
      return buildCalendar(
        events.map((event) => toCalendarEvent(event, origin)),
        { name: `${APP_NAME} Events`, productId: APP_NAME, now: new Date(ctx.clock.now()), feed: true },
      );
    },

    /** One event's .ics and its file name; 404 for an unknown event. */
    async event(id: number, origin: string): Promise<{ body: string; fileName: string }> {
      const event = await service.requireEvent(id, null);
      const body = buildCalendar([toCalendarEvent(event, origin)], {
        name: event.title,
        productId: APP_NAME,
        now: new Date(ctx.clock.now()),
      });
      return { body, fileName: calendarFileName(event.title) };
    },
  };
}
