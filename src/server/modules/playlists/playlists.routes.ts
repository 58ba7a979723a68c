import type { FastifyInstance } from "fastify";
import { playlistsRoutes as routes } from "@shared/contracts/playlists";
import type { AppContext } from "../../context";
import { mount } from "../../http/route";
import { getViewer, requireViewer } from "../auth/session";
import { createPlaylistsService } from "./playlists.service";

/** Playlists: anyone reads them; only their owner changes them. */
export async function playlistsRoutes(app: FastifyInstance, ctx: AppContext) {
  const playlists = createPlaylistsService(ctx);

  mount(app, routes.list, async (request) => playlists.list(request.query.userId, getViewer(request)?.id ?? null));

  mount(app, routes.get, async (request) => playlists.get(request.params.id, getViewer(request)?.id ?? null));

  mount(app, routes.create, async (request) => playlists.create(requireViewer(request), request.body.name, request.body.description));

  mount(app, routes.update, async (request) => playlists.update(requireViewer(request), request.params.id, request.body));

  mount(app, routes.delete, async (request) => {
    await playlists.delete(requireViewer(request), request.params.id);
    return null;
  });

  mount(app, routes.addItem, async (request) => playlists.addItem(requireViewer(request), request.params.id, request.body.mediaId));

  mount(app, routes.removeItem, async (request) => playlists.removeItem(requireViewer(request), request.params.id, request.params.itemId));

  mount(app, routes.reorder, async (request) => playlists.reorder(requireViewer(request), request.params.id, request.body.itemIds));
}
