import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { idParamsSchema } from "@shared/contracts/common";
import { eventsRoutes as routes } from "@shared/contracts/events";
import { APP_NAME } from "@shared/constants";
import type { AppContext } from "../../context";
import { mount } from "../../http/route";
import { ownOrigin } from "../../http/security";
import { getViewer, requireViewer } from "../auth/session";
import { createEventsService } from "./events.service";
import { type CalendarEvent, buildCalendar } from "./ical";

/** How far back the subscribable feed reaches, so recently ended events stay in members' calendars. */
const FEED_HISTORY_MS = 30 * 86_400_000;

/** A file name for an event's .ics: its title in lower-case words. */
function fileNameFor(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "-")
    .slice(0, 60);
  return `${slug || "event"}.ics`;
}

/** The calendar: upcoming and past events, RSVPs, .ics downloads and the subscribable feed. */
export async function eventsRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = createEventsService(ctx);
  const route = app.withTypeProvider<ZodTypeProvider>();

  const toCalendarEvent = (request: FastifyRequest, event: Awaited<ReturnType<typeof service.requireEvent>>): CalendarEvent => {
    const origin = ownOrigin(request, ctx.config);
    return {
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
    };
  };

  mount(app, routes.list, async (request) => {
    const { upcoming, past, limit } = request.query;
    return service.list(getViewer(request), upcoming ? "upcoming" : past ? "past" : "all", limit);
  });

  // Declared before /events/:id.ics; the static path wins in Fastify's router either way.
  route.get("/events/calendar.ics", async (request, reply) => {
    const since = new Date(Date.now() - FEED_HISTORY_MS).toISOString();
    const events = await service.events.forFeed(since);
    const body = buildCalendar(
      events.map((event) => toCalendarEvent(request, event)),
      { name: `${APP_NAME} Events`, productId: APP_NAME, now: new Date(), feed: true },
    );
    return reply
      .header("cache-control", "public, max-age=300")
      .header("content-disposition", 'inline; filename="calendar.ics"')
      .type("text/calendar; charset=utf-8")
      .send(body);
  });

  route.get("/events/:id(^\\d+).ics", { schema: { params: idParamsSchema } }, async (request, reply) => {
    const event = await service.requireEvent(request.params.id, null);
    const body = buildCalendar([toCalendarEvent(request, event)], { name: event.title, productId: APP_NAME, now: new Date() });
    return reply
      .header("content-disposition", `attachment; filename="${fileNameFor(event.title)}"`)
      .type("text/calendar; charset=utf-8")
      .send(body);
  });

  mount(app, routes.get, async (request) => service.requireEvent(request.params.id, getViewer(request)?.id ?? null));

  mount(app, routes.create, async (request) => {
    const viewer = requireViewer(request);
    const event = await service.create(viewer, request.body);
    request.log.info({ event: "event_created", eventId: event.id, by: viewer.id }, "event created");
    return event;
  });

  mount(app, routes.update, async (request) => service.update(requireViewer(request), request.params.id, request.body));

  mount(app, routes.cancel, async (request) => service.cancel(requireViewer(request), request.params.id));

  mount(app, routes.rsvp, async (request) => service.rsvp(requireViewer(request), request.params.id, request.body.status));
}
