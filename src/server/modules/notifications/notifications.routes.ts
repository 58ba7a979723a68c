import type { FastifyInstance } from "fastify";
import { notificationsRoutes as routes } from "@shared/contracts/notifications";
import type { AppContext } from "../../context";
import { mount } from "../../http/route";
import { getViewer, requireViewer } from "../auth/session";
import { createNotificationsService } from "./notifications.service";

/** The header's bell: a member's notifications (or a visitor's upcoming events), and marking them read. */
export async function notificationsRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = createNotificationsService(ctx);

  mount(app, routes.list, async (request) => service.bell(getViewer(request)));

  mount(app, routes.markRead, async (request) => {
    await service.markRead(requireViewer(request), request.body.ids);
    return null;
  });
}
