import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamsSchema } from "@shared/contracts/common";
import {
  categoryListQuerySchema,
  categorySchema,
  featuredSchema,
  likeResultSchema,
  mediaItemSchema,
  mediaListQuerySchema,
  playResultSchema,
  playSchema,
  recommendedQuerySchema,
  reportMediaSchema,
  reportResultSchema,
  subscriptionListSchema,
  subscriptionResultSchema,
} from "@shared/contracts/content";
import { HOME_COUNTS } from "@shared/constants";
import type { AppContext } from "../../context";
import { badRequest, notFound } from "../../http/errors";
import { errorResponses } from "../../http/schemas";
import { getViewer, requireViewer } from "../auth/session";
import { createContentRepository, decodeMediaCursor, encodeMediaCursor } from "./content.repository";
import { presentMediaList } from "./content.service";

export const contentMessages = {
  mediaNotFound: "Media item not found.",
  categoryNotFound: "Category not found.",
  notAPodcast: "Only podcast shows can be subscribed to.",
  invalidCursor: "Invalid cursor.",
} as const;

/** The URL of the next page: the request's own URL with the cursor replaced. */
function nextPageUrl(request: FastifyRequest, cursor: string): string {
  const url = new URL(request.url, "http://placeholder");
  url.searchParams.set("cursor", cursor);
  return `${url.pathname}${url.search}`;
}

export async function contentRoutes(app: FastifyInstance, ctx: AppContext) {
  const content = createContentRepository(ctx.db);
  const route = app.withTypeProvider<ZodTypeProvider>();
  // Play and like take no body (spec §7), but some clients still label an empty body as JSON: read that as
  // no body here instead of refusing it. Scoped to this plugin, so other modules keep the default parser.
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === "") return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch (error) {
      (error as { statusCode?: number }).statusCode = 400;
      done(error as Error, undefined);
    }
  });
  const viewerId = (request: FastifyRequest) => getViewer(request)?.id ?? null;

  const requireMedia = async (id: number) => {
    const row = await content.findById(id);
    if (!row) throw notFound(contentMessages.mediaNotFound);
    return row;
  };

  route.get(
    "/content/media",
    { schema: { querystring: mediaListQuerySchema, response: { 200: z.array(mediaItemSchema), ...errorResponses } } },
    async (request, reply) => {
      const { type, categoryId, sort, limit, cursor: cursorText } = request.query;
      const cursor = cursorText ? decodeMediaCursor(cursorText, sort) : undefined;
      if (cursorText && !cursor) throw badRequest(contentMessages.invalidCursor, "invalid_cursor");
      const rows = await content.list({ type, categoryId, sort, limit, cursor });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      if (rows.length > limit && last) {
        const value = sort === "latest" ? last.createdAt : Number(sort === "most_viewed" ? last.playCount : last.likesCount);
        const next = encodeMediaCursor({ sort, value, id: last.id });
        reply.header("link", `<${nextPageUrl(request, next)}>; rel="next"`);
        reply.header("x-next-cursor", next);
      }
      return presentMediaList(content, page, viewerId(request));
    },
  );

  route.get(
    "/content/media/:id",
    { schema: { params: idParamsSchema, response: { 200: mediaItemSchema, ...errorResponses } } },
    async (request) => {
      const row = await requireMedia(request.params.id);
      const [item] = await presentMediaList(content, [row], viewerId(request));
      return item;
    },
  );

  route.get(
    "/content/categories",
    { schema: { querystring: categoryListQuerySchema, response: { 200: z.array(categorySchema), ...errorResponses } } },
    async (request) => content.listCategories(request.query.type),
  );

  route.get("/content/featured", { schema: { response: { 200: featuredSchema, ...errorResponses } } }, async (request) => {
    const latest = async (type: "sermon" | "podcast" | "song", count: number) =>
      (await content.list({ type, sort: "latest", limit: count })).slice(0, count);
    const [sermons, podcasts, songs] = await Promise.all([
      latest("sermon", HOME_COUNTS.sermons),
      latest("podcast", HOME_COUNTS.podcasts),
      latest("song", HOME_COUNTS.songs),
    ]);
    const items = await presentMediaList(content, [...sermons, ...podcasts, ...songs], viewerId(request));
    const byId = new Map(items.map((item) => [item.id, item]));
    const pick = (rows: typeof sermons) => rows.map((row) => byId.get(row.id)!);
    return { sermons: pick(sermons), podcasts: pick(podcasts), songs: pick(songs) };
  });

  route.get(
    "/content/recommended",
    { schema: { querystring: recommendedQuerySchema, response: { 200: z.array(mediaItemSchema), ...errorResponses } } },
    async (request) => {
      const rows = await content.recommended(viewerId(request), request.query.type, request.query.limit);
      return presentMediaList(content, rows, viewerId(request));
    },
  );

  route.post(
    "/content/media/:id/play",
    { schema: { params: idParamsSchema, body: playSchema, response: { 200: playResultSchema, ...errorResponses } } },
    async (request) => {
      const playCount = await content.recordPlay(request.params.id, viewerId(request), request.body.position, new Date().toISOString());
      if (playCount === undefined) throw notFound(contentMessages.mediaNotFound);
      return { playCount };
    },
  );

  route.post(
    "/content/media/:id/like",
    { schema: { params: idParamsSchema, response: { 200: likeResultSchema, ...errorResponses } } },
    async (request) => {
      const viewer = requireViewer(request);
      await requireMedia(request.params.id);
      return content.toggleLike(request.params.id, viewer.id, new Date().toISOString());
    },
  );

  route.post(
    "/content/media/:id/report",
    {
      schema: {
        params: idParamsSchema,
        body: reportMediaSchema,
        response: { 200: reportResultSchema, 201: reportResultSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      await requireMedia(request.params.id);
      const report = await content.report(request.params.id, viewer.id, request.body.reason, new Date().toISOString());
      request.log.info({ event: "media_reported", mediaId: request.params.id, reporterId: viewer.id }, "media reported");
      return reply.code(report.created ? 201 : 200).send({ id: report.id, createdAt: report.createdAt });
    },
  );

  route.get("/content/subscriptions", { schema: { response: { 200: subscriptionListSchema, ...errorResponses } } }, async (request) => {
    const viewer = requireViewer(request);
    return { categoryIds: await content.subscriptions(viewer.id) };
  });

  const requirePodcastShow = async (id: number) => {
    const category = await content.findCategory(id);
    if (!category) throw notFound(contentMessages.categoryNotFound);
    if (category.type !== "podcast") throw badRequest(contentMessages.notAPodcast);
  };

  route.put(
    "/content/categories/:id/subscription",
    { schema: { params: idParamsSchema, response: { 200: subscriptionResultSchema, ...errorResponses } } },
    async (request) => {
      const viewer = requireViewer(request);
      await requirePodcastShow(request.params.id);
      await content.subscribe(viewer.id, request.params.id, new Date().toISOString());
      return { subscribed: true };
    },
  );

  route.delete(
    "/content/categories/:id/subscription",
    { schema: { params: idParamsSchema, response: { 200: subscriptionResultSchema, ...errorResponses } } },
    async (request) => {
      const viewer = requireViewer(request);
      await requirePodcastShow(request.params.id);
      await content.unsubscribe(viewer.id, request.params.id);
      return { subscribed: false };
    },
  );
}
