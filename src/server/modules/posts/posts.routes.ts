import type { FastifyInstance, FastifyRequest } from "fastify";
import { postsRoutes as routes } from "@shared/contracts/posts";
import type { AppContext } from "../../context";
import { createdAtCursor, sendPage } from "../../http/pagination";
import { mount } from "../../http/route";
import { getViewer, requireViewer } from "../auth/session";
import { readMultipartForm, withMultipart } from "./image-upload";
import { createModerationService } from "../moderation/moderation.service";
import { createPostsService } from "./posts.service";

/** The image of a multipart POST /api/posts, set aside before the fields are validated as the body. */
const uploadedImages = new WeakMap<FastifyRequest, Buffer>();

/** The next page's cursor: the last item's (createdAt, id). */
const cursorOf = (last: { createdAt: string; id: number }) => createdAtCursor.encode([last.createdAt, last.id]);

/** The community feed: posts, likes, comments, reports and moderation, and the sidebars' figures. */
export async function postsRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = createPostsService(ctx);
  const moderation = createModerationService(ctx);

  mount(app, routes.list, async (request, reply) => {
    const { userId, limit, cursor } = request.query;
    const page = await service.list(getViewer(request), { userId, limit, before: createdAtCursor.decode(cursor) });
    return sendPage(request, reply, page, cursorOf);
  });

  await withMultipart(app, (uploads) =>
    mount(
      uploads,
      routes.create,
      async (request) => {
        const viewer = requireViewer(request);
        const post = await service.create(viewer, request.body.content, uploadedImages.get(request) ?? null);
        request.log.info({ event: "post_created", postId: post.id, userId: viewer.id }, "post created");
        return post;
      },
      {
        // A multipart post (content plus an optional image) is read here so its fields meet the same schema as JSON.
        preValidation: async (request) => {
          if (!request.isMultipart()) return;
          requireViewer(request);
          const form = await readMultipartForm(request);
          if (form.file) uploadedImages.set(request, form.file);
          request.body = { content: form.fields.content ?? "" };
        },
      },
    ),
  );

  mount(app, routes.get, async (request) => service.get(getViewer(request), request.params.id));

  mount(app, routes.remove, async (request) => {
    const viewer = requireViewer(request);
    await service.remove(viewer, request.params.id);
    request.log.info({ event: "post_removed", postId: request.params.id, by: viewer.id }, "post removed");
    return null;
  });

  mount(app, routes.like, async (request) => service.toggleLike(requireViewer(request), request.params.id));

  mount(app, routes.comments, async (request, reply) => {
    const { limit, cursor } = request.query;
    const page = await service.comments(getViewer(request), request.params.id, { limit, after: createdAtCursor.decode(cursor) });
    return sendPage(request, reply, page, cursorOf);
  });

  mount(app, routes.addComment, async (request) => service.addComment(requireViewer(request), request.params.id, request.body.content));

  mount(app, routes.removeComment, async (request) => {
    await service.removeComment(requireViewer(request), request.params.id, request.params.commentId);
    return null;
  });

  mount(app, routes.report, async (request, reply) => {
    const viewer = requireViewer(request);
    const body = request.body ?? { reason: "other", details: "" };
    const result = await moderation.report(viewer, { type: "post", id: request.params.id }, body);
    if (result.created) request.log.info({ event: "post_reported", postId: request.params.id, by: viewer.id }, "post reported");
    // A member's report that is still open is answered again, with 200 instead of 201.
    else reply.code(200);
    return { id: result.id };
  });

  mount(app, routes.reports, async (request) => moderation.reports(requireViewer(request), request.query.status));

  mount(app, routes.resolveReport, async (request) => {
    await moderation.dismiss(requireViewer(request), request.params.id);
    return null;
  });

  mount(app, routes.stats, async () => service.stats());

  mount(app, routes.trending, async (request) => service.trending(request.query.limit));

  mount(app, routes.groups, async (request) => service.activeGroups(request.query.limit));
}
