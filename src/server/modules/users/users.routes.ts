import type { FastifyInstance } from "fastify";
import { usersRoutes as routes } from "@shared/contracts/users";
import type { AppContext } from "../../context";
import { mount } from "../../http/route";
import { ownOrigin } from "../../http/security";
import { getViewer, requireViewer } from "../auth/session";
import { readMultipartForm, withMultipart } from "../posts/image-upload";
import { createUsersService } from "./users.service";

/** Profiles, contacts and profile photos (a member's favorites and media are the favorites and media modules'). */
export async function usersRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = createUsersService(ctx);
  mount(app, routes.contacts, async (request) => service.contacts(requireViewer(request), request.query));

  mount(app, routes.profile, async (request) => service.profile(request.params.id, getViewer(request)));

  mount(app, routes.update, async (request) => {
    const viewer = requireViewer(request);
    const user = await service.update(viewer, request.params.id, request.body, ownOrigin(request, ctx.config));
    request.log.info({ event: "profile_updated", userId: viewer.id }, "profile updated");
    return user;
  });

  await withMultipart(app, (uploads) =>
    mount(uploads, routes.avatar, async (request) => {
      const viewer = requireViewer(request);
      const user = await service.replaceAvatar(viewer, request.params.id, async () =>
        request.isMultipart() ? (await readMultipartForm(request)).file : null,
      );
      request.log.info({ event: "avatar_updated", userId: viewer.id }, "avatar updated");
      return user;
    }),
  );
}
