import type { FastifyInstance } from "fastify";
import { favoritesRoutes as routes } from "@shared/contracts/favorites";
import type { AppContext } from "../../context";
import { mount } from "../../http/route";
import { getViewer, requireViewer } from "../auth/session";
import { createFavoritesService } from "./favorites.service";

/** The signed-in member's favorites: list, add, remove; and any member's on their profile. */
export async function favoritesRoutes(app: FastifyInstance, ctx: AppContext) {
  const favorites = createFavoritesService(ctx);

  mount(app, routes.list, async (request) => favorites.list(requireViewer(request)));

  mount(app, routes.add, async (request) => favorites.add(requireViewer(request), request.params.mediaId));

  mount(app, routes.remove, async (request) => favorites.remove(requireViewer(request), request.params.mediaId));

  mount(app, routes.ofMember, async (request) => favorites.ofMember(request.params.id, getViewer(request)?.id ?? null));
}
