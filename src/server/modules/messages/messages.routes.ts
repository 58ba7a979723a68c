import type { FastifyInstance } from "fastify";
import { messagesRoutes as routes } from "@shared/contracts/messages";
import type { AppContext } from "../../context";
import { createdAtCursor, sendPage } from "../../http/pagination";
import { mount } from "../../http/route";
import { requireViewer } from "../auth/session";
import { registerMessagesLive } from "./messages.live";
import { createMessagesService } from "./messages.service";

/** Direct conversations and the message settings; chat itself travels over the live link. */
export async function messagesRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = createMessagesService(ctx);
  registerMessagesLive(ctx.live, service);

  mount(app, routes.conversation, async (request, reply) => {
    const { cursor, ...query } = request.query;
    const page = await service.conversation(requireViewer(request), { ...query, before: createdAtCursor.decode(cursor) });
    // The page comes newest first; a conversation reads oldest first.
    return sendPage(request, reply, page, (last) => createdAtCursor.encode([last.createdAt, last.id])).reverse();
  });

  mount(app, routes.recent, async (request) => service.recent(requireViewer(request).id, request.query.limit));

  mount(app, routes.settings, async (request) => service.settings(requireViewer(request).id));

  mount(app, routes.saveSettings, async (request) => service.saveSettings(requireViewer(request).id, request.body));
  mount(app, routes.privacy, async (request) => service.privacy(requireViewer(request).id));
  mount(app, routes.savePrivacy, async (request) => service.savePrivacy(requireViewer(request).id, request.body));
  mount(app, routes.requests, async (request) => service.requests(requireViewer(request).id));
  mount(app, routes.acceptRequest, async (request) => {
    await service.answerRequest(requireViewer(request).id, request.params.id, "accepted");
    return null;
  });
  mount(app, routes.declineRequest, async (request) => {
    await service.answerRequest(requireViewer(request).id, request.params.id, "declined");
    return null;
  });
}
