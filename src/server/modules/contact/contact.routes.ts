import type { FastifyInstance } from "fastify";
import { contactRoutes as routes } from "@shared/contracts/contact";
import type { AppContext } from "../../context";
import { mount } from "../../http/route";
import { getViewer, requireViewer } from "../auth/session";
import { createContactService } from "./contact.service";

/** Messages to the church office: anyone may send; admins read the inbox and mark messages handled. */
export async function contactRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = createContactService(ctx);

  mount(app, routes.send, async (request) => {
    const receipt = await service.send(request.body, { ip: request.ip, userId: getViewer(request)?.id ?? null });
    request.log.info({ event: "contact_received", contactId: receipt.id }, "contact message received");
    return receipt;
  });

  mount(app, routes.inbox, async (request) => service.inbox(requireViewer(request), request.query.status, request.query.limit));

  mount(app, routes.markHandled, async (request) => service.markHandled(requireViewer(request), request.params.id));
}
