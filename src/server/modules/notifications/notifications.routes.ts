import type { FastifyInstance } from "fastify";
import { notificationPreferencesRoutes, notificationsRoutes as routes, pushRoutes } from "@shared/contracts/notifications";
import type { AppContext } from "../../context";
import { mount } from "../../http/route";
import { getViewer, requireViewer } from "../auth/session";
import { createNotificationsService } from "./notifications.service";
import { createPushService } from "./push.service";

/** The header's bell (a member's notifications, or a visitor's upcoming events), marking them read, preferences and push devices. */
export async function notificationsRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = createNotificationsService(ctx);
  const push = createPushService(ctx);

  mount(app, routes.list, async (request) => service.bell(getViewer(request)));

  mount(app, routes.markRead, async (request) => {
    await service.markRead(requireViewer(request), request.body.ids);
    return null;
  });

  mount(app, notificationPreferencesRoutes.get, async (request) => service.preferences(requireViewer(request).id));

  mount(app, notificationPreferencesRoutes.update, async (request) => service.savePreferences(requireViewer(request).id, request.body));

  mount(app, pushRoutes.key, async () => ({ publicKey: await push.publicKey() }));

  mount(app, pushRoutes.subscribe, async (request) => {
    await push.subscribe(requireViewer(request).id, request.body);
    return null;
  });

  mount(app, pushRoutes.unsubscribe, async (request) => {
    await push.unsubscribe(requireViewer(request).id, request.body.endpoint);
    return null;
  });
}
