import { APP_NAME } from "@shared/constants";
import type { AppContext } from "../../context";
import type { createEventsService } from "./events.service";
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

  return {
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
