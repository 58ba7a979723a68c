import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorSchema, idParamsSchema } from "@shared/contracts/common";
import { mediaItemSchema } from "@shared/contracts/content";
import { publishingMessages, updateMediaSchema } from "@shared/contracts/publishing";
import type { AppContext } from "../../context";
import { HttpError, forbidden } from "../../http/errors";
import { errorResponses } from "../../http/schemas";
import { policies } from "../../policies";
import { requireViewer } from "../auth/session";
import { enableMultipart } from "../posts/image-upload";
import { readPublishForm } from "./media-upload";
import { createPublishingService } from "./publishing.service";

const uploadErrors = { ...errorResponses, 413: errorSchema, 415: errorSchema } as const;
/** A media file may be 200 MB: its request gets HTTP_UPLOAD_TIMEOUT_SECONDS (http/timeouts.ts). */
const publishOptions = { schema: { response: { 201: mediaItemSchema, ...uploadErrors } }, config: { largeUpload: true } } as const;

/** Creators and admins publish sermons, songs and podcast episodes; the uploader (or an admin) edits and deletes them. */
export async function publishingRoutes(app: FastifyInstance, ctx: AppContext) {
  await enableMultipart(app);
  const service = createPublishingService(ctx.db, ctx.config.mediaDir);
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.post("/content/media", publishOptions, async (request, reply) => {
    const viewer = requireViewer(request);
    if (!policies.publishContent(viewer)) throw forbidden(publishingMessages.notAllowed);
    if (!request.isMultipart()) throw new HttpError(415, "Send the media as multipart/form-data.", "unsupported_media_type");
    const form = await readPublishForm(request, ctx.config.mediaDir);
    const item = await service.publish(viewer, form);
    request.log.info({ event: "media_published", mediaId: item.id, type: item.type, userId: viewer.id }, "media published");
    return reply.code(201).send(item);
  });

  route.patch(
    "/content/media/:id",
    { schema: { params: idParamsSchema, body: updateMediaSchema, response: { 200: mediaItemSchema, ...errorResponses } } },
    async (request) => {
      const viewer = requireViewer(request);
      return service.update(viewer, request.params.id, request.body);
    },
  );

  route.delete(
    "/content/media/:id",
    { schema: { params: idParamsSchema, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      await service.remove(viewer, request.params.id);
      request.log.info({ event: "media_deleted", mediaId: request.params.id, userId: viewer.id }, "media deleted");
      return reply.code(204).send(null);
    },
  );
}
