import type { FastifyInstance } from "fastify";
import { roomsRoutes as routes } from "@shared/contracts/rooms";
import type { AppContext } from "../../context";
import { mount } from "../../http/route";
import { getViewer, requireViewer } from "../auth/session";
import { registerRoomsLive } from "./rooms.live";
import { createRoomsService } from "./rooms.service";

/** How often each instance closes the rooms nobody joined in time (at most a minute late). */
const EXPIRY_SWEEP_MS = 60_000;

/** Conference rooms: create, list the live ones, find by code, end; joining happens over the live link. */
export async function roomsRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = createRoomsService(ctx, app.log);
  registerRoomsLive(ctx.live, service);

  const sweep = setInterval(
    () => {
      service
        .closeExpired()
        .catch((error: unknown) => app.log.error({ err: error, event: "rooms_sweep_failed" }, "closing expired rooms failed"));
    },
    Math.min(EXPIRY_SWEEP_MS, ctx.config.roomEmptyGraceMs),
  );
  sweep.unref();
  app.addHook("onClose", async () => clearInterval(sweep));
  app.addHook("onReady", async () => {
    await service
      .releaseStaleMembers()
      .catch((error: unknown) =>
        app.log.error({ err: error, event: "rooms_release_failed" }, "releasing members left in rooms by a stopped process failed"),
      );
  });

  mount(app, routes.create, async (request) => {
    const viewer = requireViewer(request);
    const room = await service.create(viewer.id, request.body);
    request.log.info({ event: "room_created", roomCode: room.roomCode, hostId: viewer.id }, "conference room created");
    return room;
  });

  // Only live rooms are ever listed: closed or expired ones can't be joined.
  mount(app, routes.list, async (request) => {
    requireViewer(request);
    return service.list();
  });

  mount(app, routes.iceServers, async (request, reply) => {
    const viewer = requireViewer(request);
    // Credentials are the member's own and short-lived: no cache may keep or share them.
    reply.header("cache-control", "no-store");
    return service.iceServers(viewer.id);
  });

  mount(app, routes.find, async (request) =>
    service.find(request.params.roomCode, { userId: getViewer(request)?.id ?? null, ip: request.ip }),
  );

  mount(app, routes.sfu, async (request, reply) => {
    const viewer = requireViewer(request);
    reply.header("cache-control", "no-store");
    return service.sfuAccess(viewer.id, request.params.roomCode);
  });

  mount(app, routes.close, async (request) => {
    const viewer = requireViewer(request);
    await service.close(viewer, request.params.roomCode);
    request.log.info({ event: "room_closed", roomCode: request.params.roomCode }, "conference room closed by its host");
    return null;
  });
}
