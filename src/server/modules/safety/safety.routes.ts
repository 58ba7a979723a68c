import type { FastifyInstance } from "fastify";
import { safetyRoutes as routes } from "@shared/contracts/safety";
import type { AppContext } from "../../context";
import { createdAtCursor, sendPage } from "../../http/pagination";
import { mount } from "../../http/route";
import { requireViewer } from "../auth/session";
import { createSafetyService } from "./safety.service";

/** Blocking, the care team and the audit log. */
export async function safetyRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = createSafetyService(ctx);
  ctx.live.presenceWithheld((userId) => service.blockedEitherWay(userId));

  mount(app, routes.blocks, async (request) => service.blocked(requireViewer(request)));
  mount(app, routes.block, async (request) => {
    const viewer = requireViewer(request);
    await service.block(viewer, request.params.userId);
    request.log.info({ event: "member_blocked", by: viewer.id, userId: request.params.userId }, "member blocked");
    return null;
  });
  mount(app, routes.unblock, async (request) => {
    await service.unblock(requireViewer(request), request.params.userId);
    return null;
  });
  mount(app, routes.careStatus, async (request) => ({ careTeam: await service.isCareTeam(requireViewer(request).id) }));
  mount(app, routes.careTeam, async (request) => service.careTeam(requireViewer(request)));
  mount(app, routes.grantCare, async (request) => {
    await service.grantCare(requireViewer(request), request.params.userId);
    return null;
  });
  mount(app, routes.revokeCare, async (request) => {
    await service.revokeCare(requireViewer(request), request.params.userId);
    return null;
  });
  mount(app, routes.audit, async (request, reply) => {
    const page = await service.audit(requireViewer(request), request.query.limit, createdAtCursor.decode(request.query.cursor));
    return sendPage(request, reply, page, (last) => createdAtCursor.encode([last.createdAt, last.id]));
  });
}
