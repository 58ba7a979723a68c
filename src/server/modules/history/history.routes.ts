import type { FastifyInstance } from "fastify";
import { historyRoutes as routes } from "@shared/contracts/history";
import type { AppContext } from "../../context";
import { createdAtCursor, sendPage } from "../../http/pagination";
import { mount } from "../../http/route";
import { requireViewer } from "../auth/session";
import { createHistoryService } from "./history.service";

/** The signed-in member's own listening and watching history: list, resume positions, remove, clear. */
export async function historyRoutes(app: FastifyInstance, ctx: AppContext) {
  const history = createHistoryService(ctx);

  mount(app, routes.list, async (request, reply) => {
    const viewer = requireViewer(request);
    // The history's keyset is (playedAt, entry id): the same shape as the (createdAt, id) cursor.
    const position = createdAtCursor.decode(request.query.cursor);
    const after = position ? { playedAt: position[0], id: position[1] } : undefined;
    const page = await history.list(viewer, request.query.limit, after);
    return sendPage(request, reply, page, (last) => createdAtCursor.encode([last.playedAt, last.historyId]));
  });

  mount(app, routes.savePosition, async (request) => {
    await history.savePosition(requireViewer(request), request.params.mediaId, request.body.position);
    return null;
  });

  mount(app, routes.remove, async (request) => {
    await history.remove(requireViewer(request), request.params.mediaId);
    return null;
  });

  mount(app, routes.clear, async (request) => {
    await history.clear(requireViewer(request));
    return null;
  });
}
