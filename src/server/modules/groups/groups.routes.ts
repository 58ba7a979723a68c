import type { FastifyInstance } from "fastify";
import { groupsRoutes as routes } from "@shared/contracts/groups";
import type { AppContext } from "../../context";
import { createdAtCursor, sendPage } from "../../http/pagination";
import { mount } from "../../http/route";
import { getViewer, requireViewer } from "../auth/session";
import { registerGroupsLive } from "./groups.live";
import { createGroupsService } from "./groups.service";

/** Group chats: the list, joining and leaving, and a group's messages for its members. */
export async function groupsRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = createGroupsService(ctx);
  registerGroupsLive(ctx.live, service);

  mount(app, routes.list, async (request) => service.list(getViewer(request)?.id ?? null));

  mount(app, routes.join, async (request) => {
    const viewer = requireViewer(request);
    const { group, joined } = await service.join(viewer.id, request.params.id);
    if (joined) request.log.info({ event: "group_joined", groupId: group.id, userId: viewer.id }, "member joined a group");
    return group;
  });

  mount(app, routes.leave, async (request) => service.leave(requireViewer(request).id, request.params.id));

  mount(app, routes.messages, async (request, reply) => {
    const viewer = requireViewer(request);
    const { limit, cursor } = request.query;
    const page = await service.messages(viewer.id, request.params.id, { limit, before: createdAtCursor.decode(cursor) });
    // The page comes newest first; a chat reads oldest first.
    return sendPage(request, reply, page, (last) => createdAtCursor.encode([last.createdAt, last.id])).reverse();
  });
}
