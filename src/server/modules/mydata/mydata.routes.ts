import type { FastifyInstance } from "fastify";
import { myDataRoutes as routes } from "@shared/contracts/mydata";
import type { AppContext } from "../../context";
import { mount } from "../../http/route";
import { SESSION_COOKIE, requireViewer } from "../auth/session";
import { createMyDataService } from "./mydata.service";

/** My data: the export and the account's deletion. */
export async function myDataRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = createMyDataService(ctx);

  mount(app, routes.export, async (request, reply) => {
    const viewer = requireViewer(request);
    const stream = await service.exportZip(viewer);
    request.log.info({ event: "data_exported", userId: viewer.id }, "data exported");
    return reply
      .type("application/zip")
      .header("content-disposition", `attachment; filename="my-data-${viewer.username}.zip"`)
      .send(stream);
  });
  mount(app, routes.deletion, async (request) => service.status(requireViewer(request)));
  mount(app, routes.requestDeletion, async (request, reply) => {
    const viewer = requireViewer(request);
    const status = await service.requestDeletion(viewer, request.body.password);
    request.log.info({ event: "deletion_requested", userId: viewer.id }, "account deletion requested");
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
    return status;
  });
}
