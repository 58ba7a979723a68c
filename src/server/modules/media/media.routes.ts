import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { MediaItem, MediaSort } from "@shared/contracts/content";
import { mediaRoutes as routes } from "@shared/contracts/media";
import { showFeedPath } from "@shared/contracts/feeds";
import { publishingMessages } from "@shared/contracts/publishing";
import { messages } from "@shared/messages";
import type { AppContext } from "../../context";
import { HttpError, badRequest } from "../../http/errors";
import { createdAtCursor, keysetCursor, sendPage } from "../../http/pagination";
import { mount } from "../../http/route";
import { ownOrigin } from "../../http/security";
import { getViewer, requireViewer } from "../auth/session";
import { withMultipart } from "../posts/image-upload";
import { type PublishForm, readPublishForm } from "./media-upload";
import { createModerationService } from "../moderation/moderation.service";
import { createMediaService } from "./media.service";
import { createPublishingService } from "./publishing.service";

const id = z.number().int().positive().max(2_147_483_647);
/** The library list's keyset: the sort it belongs to, the last item's sort value and its id. */
const mediaCursor = keysetCursor(
  z.union([z.tuple([z.literal("latest"), z.iso.datetime(), id]), z.tuple([z.enum(["most_viewed", "most_liked"]), z.number().int(), id])]),
);

/** The cursor of the page after `last`, in the list's sort. */
function encodeMediaCursor(last: MediaItem, sort: MediaSort): string {
  if (sort === "latest") return mediaCursor.encode(["latest", last.createdAt, last.id]);
  return mediaCursor.encode([sort, sort === "most_viewed" ? last.playCount : last.likesCount, last.id]);
}

/** Reads a list cursor; one of another sort is as invalid as a forged one. */
function decodeMediaCursor(cursor: string | undefined, sort: MediaSort) {
  const position = mediaCursor.decode(cursor);
  if (!position) return undefined;
  if (position[0] !== sort) throw badRequest(messages.invalidCursor, "invalid_cursor");
  return { value: position[1], id: position[2] };
}

/**
 * The media library: browsing, playing and liking under /api/content, publishing (creators and admins; the
 * uploader or an admin edits and deletes), and the media that names a member on their profile.
 */
export async function mediaRoutes(app: FastifyInstance, ctx: AppContext) {
  const media = createMediaService(ctx);
  const moderation = createModerationService(ctx);
  const publishing = createPublishingService(ctx);
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

  mount(app, routes.list, async (request, reply) => {
    const { cursor, ...filters } = request.query;
    const page = await media.list({ ...filters, after: decodeMediaCursor(cursor, filters.sort) }, viewerId(request));
    return sendPage(request, reply, page, (last) => encodeMediaCursor(last, filters.sort));
  });

  mount(app, routes.get, async (request) => media.get(request.params.id, viewerId(request)));

  mount(app, routes.categories, async (request) => {
    const categories = await media.categories(request.query.type);
    if (!categories.some((category) => category.type === "podcast")) return categories;
    const origin = ownOrigin(request, ctx.config);
    return categories.map((category) =>
      category.type === "podcast" ? { ...category, feedUrl: `${origin}${showFeedPath(category.id)}` } : category,
    );
  });

  mount(app, routes.featured, async (request) => media.featured(viewerId(request)));

  mount(app, routes.recommended, async (request) => media.recommended(viewerId(request), request.query.type, request.query.limit));

  mount(app, routes.play, async (request) => media.play(request.params.id, viewerId(request), request.body.position));

  mount(app, routes.like, async (request) => media.like(requireViewer(request), request.params.id));

  mount(app, routes.report, async (request, reply) => {
    const viewer = requireViewer(request);
    const report = await moderation.report(viewer, { type: "media", id: request.params.id }, request.body);
    request.log.info({ event: "media_reported", mediaId: request.params.id, reporterId: viewer.id }, "media reported");
    // A report still open answers as it is, 200 rather than 201.
    if (!report.created) reply.code(200);
    return { id: report.id, createdAt: report.createdAt };
  });

  mount(app, routes.subscriptions, async (request) => media.subscriptions(requireViewer(request)));

  mount(app, routes.subscribe, async (request) => media.subscribe(requireViewer(request), request.params.id));

  mount(app, routes.unsubscribe, async (request) => media.unsubscribe(requireViewer(request), request.params.id));

  // The upload is read before validation, so the contract's schema checks the form's text fields; who may
  // publish is asked first, so nothing is stored for anyone else.
  const forms = new WeakMap<FastifyRequest, PublishForm>();
  await withMultipart(app, (uploads) =>
    mount(
      uploads,
      routes.publish,
      async (request) => {
        const viewer = requireViewer(request);
        const form = forms.get(request)!;
        const item = await publishing.publish(viewer, request.body, form);
        request.log.info({ event: "media_published", mediaId: item.id, type: item.type, userId: viewer.id }, "media published");
        return item;
      },
      {
        largeUpload: true,
        preValidation: async (request) => {
          publishing.requirePublisher(requireViewer(request));
          if (!request.isMultipart()) throw new HttpError(415, publishingMessages.multipartRequired, "unsupported_media_type");
          const form = await readPublishForm(request, ctx.config.mediaDir);
          request.body = await publishing.readFields(form);
          forms.set(request, form);
        },
      },
    ),
  );

  mount(app, routes.update, async (request) => publishing.update(requireViewer(request), request.params.id, request.body));

  mount(app, routes.remove, async (request) => {
    const viewer = requireViewer(request);
    await publishing.remove(viewer, request.params.id);
    request.log.info({ event: "media_deleted", mediaId: request.params.id, userId: viewer.id }, "media deleted");
    return null;
  });

  mount(app, routes.forMember, async (request, reply) => {
    const position = createdAtCursor.decode(request.query.cursor);
    const after = position ? { createdAt: position[0], id: position[1] } : undefined;
    const page = await media.forMember(request.params.id, viewerId(request), request.query.limit, after);
    return sendPage(request, reply, page, (last) => createdAtCursor.encode([last.createdAt, last.id]));
  });
}
