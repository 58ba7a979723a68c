import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorSchema, idParamsSchema } from "@shared/contracts/common";
import { postMessages } from "@shared/contracts/posts";
import { contactSchema, updateUserSchema, userSchema } from "@shared/contracts/users";
import { messages } from "@shared/messages";
import type { AppContext } from "../../context";
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from "../../http/errors";
import { errorResponses } from "../../http/schemas";
import { policies } from "../../policies";
import { getViewer, requireViewer } from "../auth/session";
import { enableMultipart, readMultipartForm, removeImage, storeImage } from "../posts/image-upload";
import { presentUser } from "./users.presenter";
import { createUsersRepository } from "./users.repository";

const contactsQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});

export async function usersRoutes(app: FastifyInstance, ctx: AppContext) {
  const users = createUsersRepository(ctx.db);
  const route = app.withTypeProvider<ZodTypeProvider>();
  await enableMultipart(app);

  route.get(
    "/users",
    { schema: { querystring: contactsQuerySchema, response: { 200: z.array(contactSchema), ...errorResponses } } },
    async (request) => {
      const viewer = requireViewer(request);
      return users.listContacts(viewer.id, { limit: request.query.limit, q: request.query.q || undefined });
    },
  );

  route.get("/users/:id", { schema: { params: idParamsSchema, response: { 200: userSchema, ...errorResponses } } }, async (request) => {
    const user = await users.findById(request.params.id);
    if (!user) throw notFound(messages.userNotFoundTitle);
    return presentUser(user, getViewer(request)?.id ?? null);
  });

  route.patch(
    "/users/:id",
    { schema: { params: idParamsSchema, body: updateUserSchema, response: { 200: userSchema, ...errorResponses } } },
    async (request) => {
      const viewer = requireViewer(request);
      if (!policies.editProfile(viewer, request.params.id)) throw forbidden();
      const { displayName, bio, email } = request.body;
      if (email !== undefined && (await users.emailTaken(email, viewer.id))) throw conflict(messages.emailTaken, "email_taken");
      try {
        await users.update(viewer.id, {
          ...(displayName !== undefined ? { displayName } : {}),
          ...(bio !== undefined ? { bio: bio?.trim() ? bio.trim() : null } : {}),
          ...(email !== undefined ? { email } : {}),
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(messages.emailTaken, "email_taken");
        throw error;
      }
      request.log.info({ event: "profile_updated", userId: viewer.id }, "profile updated");
      const user = await users.findById(viewer.id);
      return presentUser(user!, viewer.id);
    },
  );

  route.post(
    "/users/:id/avatar",
    { schema: { params: idParamsSchema, response: { 200: userSchema, ...errorResponses, 413: errorSchema } } },
    async (request) => {
      const viewer = requireViewer(request);
      if (!policies.editProfile(viewer, request.params.id)) throw forbidden();
      if (!request.isMultipart()) throw badRequest(postMessages.imageType, "unsupported_image");
      const { file } = await readMultipartForm(request);
      if (!file) throw badRequest(postMessages.imageType, "unsupported_image");
      const previous = (await users.findById(viewer.id))?.profileImageUrl ?? null;
      const profileImageUrl = await storeImage(ctx.config.mediaDir, file, `avatar-${viewer.id}`);
      await users.update(viewer.id, { profileImageUrl });
      await removeImage(ctx.config.mediaDir, previous);
      request.log.info({ event: "avatar_updated", userId: viewer.id }, "avatar updated");
      return presentUser((await users.findById(viewer.id))!, viewer.id);
    },
  );
}
