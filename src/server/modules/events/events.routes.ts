import type { FastifyInstance } from "fastify";
import { eventsRoutes as routes } from "@shared/contracts/events";
import type { AppContext } from "../../context";
import { mount } from "../../http/route";
import { ownOrigin } from "../../http/security";
import { getViewer, requireViewer } from "../auth/session";
import { createEventsService } from "./events.service";
import { createEventsCalendar } from "./events.calendar";

/** The calendar: upcoming and past events, RSVPs, .ics downloads and the subscribable feed. */
export async function eventsRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = createEventsService(ctx);
  const calendar = createEventsCalendar(ctx, service);

  mount(app, routes.list, async (request) => {
    const { upcoming, past, limit } = request.query;
    return service.list(getViewer(request), upcoming ? "upcoming" : past ? "past" : "all", limit);
  });

  // Declared before /events/:id.ics; the static path wins in Fastify's router either way.
  mount(app, routes.feed, async (request, reply) => {
    const body = await calendar.feed(ownOrigin(request, ctx.config));
    reply
      .header("cache-control", "public, max-age=300")
      .header("content-disposition", 'inline; filename="calendar.ics"')
      .type("text/calendar; charset=utf-8");
    return body;
  });

  mount(app, routes.eventCalendar, async (request, reply) => {
    const { body, fileName } = await calendar.event(request.params.id, ownOrigin(request, ctx.config));
    reply.header("content-disposition", `attachment; filename="${fileName}"`).type("text/calendar; charset=utf-8");
    return body;
  });

  mount(app, routes.schedule, async (request, reply) => {
    const body = await calendar.schedule(request.params.token, ownOrigin(request, ctx.config));
    // Private to the holder of the address: no shared cache may keep it.
    reply
      .header("cache-control", "private, max-age=300")
      .header("content-disposition", 'inline; filename="my-schedule.ics"')
      .header("referrer-policy", "no-referrer")
      .type("text/calendar; charset=utf-8");
    return body;
  });

  mount(app, routes.scheduleLink, async (request) => calendar.scheduleLink(requireViewer(request).id));

  mount(app, routes.regenerateScheduleLink, async (request) =>
    calendar.regenerateScheduleLink(requireViewer(request).id, ownOrigin(request, ctx.config)),
  );

  mount(app, routes.revokeScheduleLink, async (request) => {
    await calendar.revokeScheduleLink(requireViewer(request).id);
    return null;
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
