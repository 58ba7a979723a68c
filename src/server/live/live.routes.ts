import websocket from "@fastify/websocket";
import type { FastifyInstance } from "fastify";
import { LIVE_MAX_PAYLOAD_BYTES, liveErrors } from "@shared/contracts/live";
import type { AppContext } from "../context";
import { forbidden, unauthorized } from "../http/errors";
import { isSameOrigin } from "../http/security";

/** GET /ws: the live link, only for signed-in members and only from the platform's own pages. */
export async function liveRoutes(app: FastifyInstance, ctx: AppContext) {
  const hub = ctx.live;
  // The modules registered after this plugin register their handlers on the hub afresh.
  hub.resetRegistrations();
  hub.useLogger(app.log);
  app.addHook("onClose", async () => hub.close());
  await app.register(websocket, { options: { maxPayload: LIVE_MAX_PAYLOAD_BYTES } });

  app.get(
    "/ws",
    {
      websocket: true,
      preValidation: async (request) => {
        if (!isSameOrigin(request, ctx.config)) throw forbidden(liveErrors.foreignOrigin);
        await ctx.sessions.load(request);
        if (!request.viewer) throw unauthorized();
      },
    },
    (socket, request) => {
      const viewer = request.viewer!;
      void hub.accept(socket, {
        id: viewer.id,
        username: viewer.username,
        displayName: viewer.displayName,
        sessionId: request.sessionId!,
        ip: request.ip,
      });
    },
  );
}
