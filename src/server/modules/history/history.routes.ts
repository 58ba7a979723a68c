import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { historyEntrySchema, historyParamsSchema, historyQuerySchema, savePositionSchema } from "@shared/contracts/history";
import type { AppContext } from "../../context";
import { badRequest, notFound } from "../../http/errors";
import { errorResponses } from "../../http/schemas";
import { requireViewer } from "../auth/session";
import { contentMessages } from "../content/content.routes";
import { createContentRepository } from "../content/content.repository";
import { presentMediaList } from "../content/content.service";
import { type HistoryCursor, createHistoryRepository } from "./history.repository";

const encodeCursor = (cursor: HistoryCursor) => Buffer.from(JSON.stringify([cursor.playedAt, cursor.id])).toString("base64url");

function decodeCursor(text: string): HistoryCursor | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    if (!Array.isArray(parsed) || typeof parsed[0] !== "string" || !Number.isInteger(parsed[1])) return undefined;
    return { playedAt: parsed[0], id: parsed[1] };
  } catch {
    return undefined;
  }
}

function nextPageUrl(request: FastifyRequest, cursor: string): string {
  const url = new URL(request.url, "http://placeholder");
  url.searchParams.set("cursor", cursor);
  return `${url.pathname}${url.search}`;
}

/** The signed-in member's own listening and watching history: list, resume positions, remove, clear. */
export async function historyRoutes(app: FastifyInstance, ctx: AppContext) {
  const history = createHistoryRepository(ctx.db);
  const content = createContentRepository(ctx.db);
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.get(
    "/history",
    { schema: { querystring: historyQuerySchema, response: { 200: z.array(historyEntrySchema), ...errorResponses } } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const cursor = request.query.cursor ? decodeCursor(request.query.cursor) : undefined;
      if (request.query.cursor && !cursor) throw badRequest(contentMessages.invalidCursor, "invalid_cursor");
      const rows = await history.list(viewer.id, request.query.limit, cursor);
      const page = rows.slice(0, request.query.limit);
      const last = page.at(-1);
      if (rows.length > page.length && last) {
        const next = encodeCursor({ playedAt: last.playedAt, id: last.historyId });
        reply.header("link", `<${nextPageUrl(request, next)}>; rel="next"`);
        reply.header("x-next-cursor", next);
      }
      const media = await presentMediaList(content, page, viewer.id);
      return page.map((row, index) => ({ mediaId: row.id, position: Number(row.position), playedAt: row.playedAt, media: media[index]! }));
    },
  );

  route.put(
    "/history/:mediaId",
    { schema: { params: historyParamsSchema, body: savePositionSchema, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      if (!(await content.findById(request.params.mediaId))) throw notFound(contentMessages.mediaNotFound);
      await history.savePosition(viewer.id, request.params.mediaId, request.body.position, new Date().toISOString());
      return reply.code(204).send(null);
    },
  );

  route.delete(
    "/history/:mediaId",
    { schema: { params: historyParamsSchema, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      await history.remove(viewer.id, request.params.mediaId);
      return reply.code(204).send(null);
    },
  );

  route.delete("/history", { schema: { response: { 204: z.null(), ...errorResponses } } }, async (request, reply) => {
    const viewer = requireViewer(request);
    await history.clear(viewer.id);
    return reply.code(204).send(null);
  });
}
