import type { FastifyInstance } from "fastify";
import { searchRoutes as routes } from "@shared/contracts/search";
import type { AppContext } from "../../context";
import { mount } from "../../http/route";
import { getViewer } from "../auth/session";
import { createSearchService } from "./search.service";

/** GET /api/search?q=: the best matches of every kind at once, for the header search. */
export async function searchRoutes(app: FastifyInstance, ctx: AppContext) {
  const search = createSearchService(ctx);

  mount(app, routes.search, async (request) => search.search(request.query.q, request.query.limit, getViewer(request)?.id ?? null));
}
