import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorSchema, idParamsSchema } from "@shared/contracts/common";
import {
  activeGroupSchema,
  commentListQuerySchema,
  commentParamsSchema,
  commentSchema,
  communityStatsSchema,
  createCommentSchema,
  createPostSchema,
  createReportSchema,
  likeResultSchema,
  postListQuerySchema,
  postSchema,
  reportListQuerySchema,
  reportSchema,
  trendingTopicSchema,
} from "@shared/contracts/posts";
import type { AppContext } from "../../context";
import { errorResponses } from "../../http/schemas";
import { getViewer, requireViewer } from "../auth/session";
import { createCommunityRepository } from "./community.repository";
import { decodeCursor, setNextCursor } from "./cursor";
import { enableMultipart, readMultipartForm } from "./image-upload";
import { createPostsService } from "./posts.service";

const WEEK_MS = 7 * 86_400_000;
const uploadErrors = { ...errorResponses, 413: errorSchema } as const;

/** The image of a multipart POST /api/posts, set aside before the fields are validated as the body. */
const uploadedImages = new WeakMap<FastifyRequest, Buffer>();

/** The community feed: posts, likes, comments, reports and moderation, and the sidebars' figures. */
export async function postsRoutes(app: FastifyInstance, ctx: AppContext) {
  await enableMultipart(app);
  const service = createPostsService(ctx.db, ctx.config.mediaDir);
  const community = createCommunityRepository(ctx.db);
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.get(
    "/posts",
    { schema: { querystring: postListQuerySchema, response: { 200: z.array(postSchema), ...errorResponses } } },
    async (request, reply) => {
      const { userId, limit, cursor } = request.query;
      const page = await service.posts.list({ viewerId: getViewer(request)?.id ?? null, userId, limit, before: decodeCursor(cursor) });
      setNextCursor(request, reply, page.hasMore ? page.items.at(-1) : undefined);
      return page.items;
    },
  );

  route.post(
    "/posts",
    {
      schema: { body: createPostSchema, response: { 201: postSchema, ...uploadErrors } },
      // A multipart post (content plus an optional image) is read here so its fields meet the same schema as JSON.
      preValidation: async (request) => {
        if (!request.isMultipart()) return;
        requireViewer(request);
        const form = await readMultipartForm(request);
        if (form.file) uploadedImages.set(request, form.file);
        request.body = { content: form.fields.content ?? "" };
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const post = await service.create(viewer, request.body.content, uploadedImages.get(request) ?? null);
      request.log.info({ event: "post_created", postId: post.id, userId: viewer.id }, "post created");
      return reply.code(201).send(post);
    },
  );

  route.get("/posts/:id", { schema: { params: idParamsSchema, response: { 200: postSchema, ...errorResponses } } }, async (request) => {
    const post = await service.posts.findById(request.params.id, getViewer(request)?.id ?? null);
    if (!post) await service.requirePost(request.params.id);
    return post!;
  });

  route.delete(
    "/posts/:id",
    { schema: { params: idParamsSchema, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      await service.remove(viewer, request.params.id);
      request.log.info({ event: "post_removed", postId: request.params.id, by: viewer.id }, "post removed");
      return reply.code(204).send(null);
    },
  );

  route.post(
    "/posts/:id/like",
    { schema: { params: idParamsSchema, response: { 200: likeResultSchema, ...errorResponses } } },
    async (request) => service.toggleLike(requireViewer(request), request.params.id),
  );

  route.get(
    "/posts/:id/comments",
    {
      schema: { params: idParamsSchema, querystring: commentListQuerySchema, response: { 200: z.array(commentSchema), ...errorResponses } },
    },
    async (request, reply) => {
      await service.requirePost(request.params.id);
      const page = await service.posts.listComments(request.params.id, {
        limit: request.query.limit,
        after: decodeCursor(request.query.cursor),
      });
      setNextCursor(request, reply, page.hasMore ? page.items.at(-1) : undefined);
      return page.items;
    },
  );

  route.post(
    "/posts/:id/comments",
    { schema: { params: idParamsSchema, body: createCommentSchema, response: { 201: commentSchema, ...errorResponses } } },
    async (request, reply) => {
      const comment = await service.addComment(requireViewer(request), request.params.id, request.body.content);
      return reply.code(201).send(comment);
    },
  );

  route.delete(
    "/posts/:id/comments/:commentId",
    { schema: { params: commentParamsSchema, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      await service.removeComment(requireViewer(request), request.params.id, request.params.commentId);
      return reply.code(204).send(null);
    },
  );

  route.post(
    "/posts/:id/report",
    {
      schema: {
        params: idParamsSchema,
        body: createReportSchema.nullish(),
        response: { 201: z.object({ id: z.number().int() }), 200: z.object({ id: z.number().int() }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const result = await service.report(viewer, request.params.id, request.body?.reason ?? "");
      if (result.created) request.log.info({ event: "post_reported", postId: request.params.id, by: viewer.id }, "post reported");
      return reply.code(result.created ? 201 : 200).send({ id: result.id });
    },
  );

  route.get(
    "/moderation/reports",
    { schema: { querystring: reportListQuerySchema, response: { 200: z.array(reportSchema), ...errorResponses } } },
    async (request) => service.listReports(requireViewer(request), request.query.status),
  );

  route.post(
    "/moderation/reports/:id/resolve",
    { schema: { params: idParamsSchema, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      await service.resolveReport(requireViewer(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  route.get("/community/stats", { schema: { response: { 200: communityStatsSchema } } }, async () =>
    community.stats(new Date(Date.now() - WEEK_MS).toISOString()),
  );

  route.get(
    "/community/trending",
    {
      schema: {
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(20).default(5) }),
        response: { 200: z.array(trendingTopicSchema) },
      },
    },
    async (request) => community.trending(new Date(Date.now() - 4 * WEEK_MS).toISOString(), request.query.limit),
  );

  route.get(
    "/community/groups",
    {
      schema: {
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(20).default(4) }),
        response: { 200: z.array(activeGroupSchema) },
      },
    },
    async (request) => community.activeGroups(new Date(Date.now() - WEEK_MS).toISOString(), request.query.limit),
  );
}
