import type { ServerResponse } from "node:http";
import type { Socket } from "node:net";
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
      // Held for as long as the socket lives, these would keep the whole upgrade request and its reply alive (a few
      // KiB per idle connection): the plugin's error listener (the hub logs socket errors itself, and ws closes a
      // socket after an error), and the HTTP response the upgrade left attached to the TCP socket.
      socket.removeAllListeners("error");
      const tcp = request.raw.socket as Socket & { _httpMessage?: ServerResponse | null };
      tcp._httpMessage?.detachSocket(tcp);
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
