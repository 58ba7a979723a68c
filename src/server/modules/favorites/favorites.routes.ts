import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { favoriteResultSchema, mediaItemSchema } from "@shared/contracts/content";
import { historyParamsSchema } from "@shared/contracts/history";
import type { AppContext } from "../../context";
import { notFound } from "../../http/errors";
import { errorResponses } from "../../http/schemas";
import { requireViewer } from "../auth/session";
import { contentMessages } from "../content/content.routes";
import { createContentRepository } from "../content/content.repository";
import { presentMediaList } from "../content/content.service";
import { createFavoritesRepository } from "./favorites.repository";

/** The signed-in member's favorites: list, add, remove. GET /api/users/{id}/favorites shows anyone's. */
export async function favoritesRoutes(app: FastifyInstance, ctx: AppContext) {
  const favorites = createFavoritesRepository(ctx.db);
  const content = createContentRepository(ctx.db);
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.get("/favorites", { schema: { response: { 200: z.array(mediaItemSchema), ...errorResponses } } }, async (request) => {
    const viewer = requireViewer(request);
    return presentMediaList(content, await favorites.listMediaForUser(viewer.id), viewer.id);
  });

  route.post(
    "/favorites/:mediaId",
    { schema: { params: historyParamsSchema, response: { 200: favoriteResultSchema, ...errorResponses } } },
    async (request) => {
      const viewer = requireViewer(request);
      if (!(await content.findById(request.params.mediaId))) throw notFound(contentMessages.mediaNotFound);
      await favorites.add(viewer.id, request.params.mediaId, new Date().toISOString());
      return { favorited: true };
    },
  );

  route.delete(
    "/favorites/:mediaId",
    { schema: { params: historyParamsSchema, response: { 200: favoriteResultSchema, ...errorResponses } } },
    async (request) => {
      const viewer = requireViewer(request);
      await favorites.remove(viewer.id, request.params.mediaId);
      return { favorited: false };
    },
  );
}
