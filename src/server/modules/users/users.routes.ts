import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamsSchema } from "@shared/contracts/common";
import { mediaItemSchema } from "@shared/contracts/content";
import { userMessages, usersRoutes as routes } from "@shared/contracts/users";
import type { AppContext } from "../../context";
import { notFound } from "../../http/errors";
import { mount } from "../../http/route";
import { errorResponses } from "../../http/schemas";
import { requireViewer, getViewer } from "../auth/session";
import { enableMultipart, readMultipartForm } from "../posts/image-upload";
import { createProfileMediaRepository } from "./profile-media.repository";
import { createUsersRepository } from "./users.repository";
import { createUsersService } from "./users.service";

/** Profiles, contacts, favorites and profile photos. */
export async function usersRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = createUsersService(ctx);
  await enableMultipart(app);

  mount(app, routes.contacts, async (request) => service.contacts(requireViewer(request), request.query));

  mount(app, routes.profile, async (request) => service.profile(request.params.id, getViewer(request)));

  mount(app, routes.update, async (request) => {
    const viewer = requireViewer(request);
    const user = await service.update(viewer, request.params.id, request.body);
    request.log.info({ event: "profile_updated", userId: viewer.id }, "profile updated");
    return user;
  });

  mount(app, routes.favorites, async (request) => service.favorites(request.params.id));

  mount(app, routes.avatar, async (request) => {
    const viewer = requireViewer(request);
    const user = await service.replaceAvatar(viewer, request.params.id, async () =>
      request.isMultipart() ? (await readMultipartForm(request)).file : null,
    );
    request.log.info({ event: "avatar_updated", userId: viewer.id }, "avatar updated");
    return user;
  });

  // Profile media moves to the media module (its presenter and its place in the route table); left as it was until then.
  const route = app.withTypeProvider<ZodTypeProvider>();
  const users = createUsersRepository(ctx.db);
  const profileMedia = createProfileMediaRepository(ctx.db);

  route.get(
    "/users/:id/media",
    { schema: { params: idParamsSchema, response: { 200: z.array(mediaItemSchema), ...errorResponses } } },
    async (request) => {
      const user = await users.findById(request.params.id);
      if (!user) throw notFound(userMessages.notFound);
      return profileMedia.listPublishedBy(user.id);
    },
  );
}
