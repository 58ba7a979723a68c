import type { FastifyInstance } from "fastify";
import { prayerRoutes as routes } from "@shared/contracts/prayer";
import type { AppContext } from "../../context";
import { createdAtCursor, sendPage } from "../../http/pagination";
import { mount } from "../../http/route";
import { requireViewer } from "../auth/session";
import { createPrayerService } from "./prayer.service";

const cursorOf = (last: { createdAt: string; id: number }) => createdAtCursor.encode([last.createdAt, last.id]);

/** Prayer requests: the wall, a member's own, and the care team's tools. */
export async function prayerRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = createPrayerService(ctx);

  mount(app, routes.list, async (request, reply) => {
    const { scope, limit, cursor } = request.query;
    const page = await service.list(requireViewer(request), scope, { limit, before: createdAtCursor.decode(cursor) });
    return sendPage(request, reply, page, cursorOf);
  });
  mount(app, routes.create, async (request) => {
    const viewer = requireViewer(request);
    const created = await service.create(viewer, request.body);
    request.log.info({ event: "prayer_requested", prayerId: created.id, status: created.status }, "prayer request");
    return created;
  });
  mount(app, routes.reports, async (request) => service.reports(requireViewer(request)));
  mount(app, routes.get, async (request) => service.get(requireViewer(request), request.params.id));
  mount(app, routes.prayed, async (request) => service.prayed(requireViewer(request), request.params.id));
  mount(app, routes.answered, async (request) => service.answered(requireViewer(request), request.params.id, request.body.testimony));
  mount(app, routes.assign, async (request) => service.assign(requireViewer(request), request.params.id, request.body.userId));
  mount(app, routes.notes, async (request) => service.notes(requireViewer(request), request.params.id));
  mount(app, routes.addNote, async (request) => service.addNote(requireViewer(request), request.params.id, request.body.content));
  mount(app, routes.review, async (request) => service.review(requireViewer(request), request.params.id, request.body.decision));
  mount(app, routes.report, async (request, reply) => {
    const result = await service.report(requireViewer(request), request.params.id, request.body);
    if (!result.created) reply.code(200);
    return { id: result.id };
  });
}
