import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamsSchema } from "@shared/contracts/common";
import {
  addPlaylistItemSchema,
  createPlaylistSchema,
  playlistItemParamsSchema,
  playlistListQuerySchema,
  playlistSchema,
  reorderPlaylistSchema,
  updatePlaylistSchema,
} from "@shared/contracts/playlists";
import type { AppContext } from "../../context";
import { errorResponses } from "../../http/schemas";
import { getViewer, requireViewer } from "../auth/session";
import { createContentRepository } from "../content/content.repository";
import { createPlaylistsRepository } from "./playlists.repository";
import { createPlaylistsService } from "./playlists.service";

export async function playlistsRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = createPlaylistsService(createPlaylistsRepository(ctx.db), createContentRepository(ctx.db));
  const route = app.withTypeProvider<ZodTypeProvider>();
  const one = { 200: playlistSchema, ...errorResponses };

  route.get(
    "/playlists",
    { schema: { querystring: playlistListQuerySchema, response: { 200: z.array(playlistSchema), ...errorResponses } } },
    async (request) => {
      const viewer = getViewer(request);
      // Without userId: the signed-in member's own playlists; a visitor has none.
      const userId = request.query.userId ?? viewer?.id;
      if (userId === undefined) return [];
      return service.listForUser(userId, viewer?.id ?? null);
    },
  );

  route.get("/playlists/:id", { schema: { params: idParamsSchema, response: one } }, async (request) =>
    service.get(request.params.id, getViewer(request)?.id ?? null),
  );

  route.post(
    "/playlists",
    { schema: { body: createPlaylistSchema, response: { 201: playlistSchema, ...errorResponses } } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const playlist = await service.create(viewer, request.body.name, request.body.description);
      return reply.code(201).send(playlist);
    },
  );

  route.patch("/playlists/:id", { schema: { params: idParamsSchema, body: updatePlaylistSchema, response: one } }, async (request) =>
    service.update(requireViewer(request), request.params.id, request.body),
  );

  route.delete(
    "/playlists/:id",
    { schema: { params: idParamsSchema, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      await service.delete(requireViewer(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  route.post(
    "/playlists/:id/items",
    { schema: { params: idParamsSchema, body: addPlaylistItemSchema, response: { 201: playlistSchema, ...errorResponses } } },
    async (request, reply) => {
      const playlist = await service.addItem(requireViewer(request), request.params.id, request.body.mediaId);
      return reply.code(201).send(playlist);
    },
  );

  route.delete("/playlists/:id/items/:itemId", { schema: { params: playlistItemParamsSchema, response: one } }, async (request) =>
    service.removeItem(requireViewer(request), request.params.id, request.params.itemId),
  );

  route.put(
    "/playlists/:id/items/order",
    { schema: { params: idParamsSchema, body: reorderPlaylistSchema, response: one } },
    async (request) => service.reorder(requireViewer(request), request.params.id, request.body.itemIds),
  );
}
