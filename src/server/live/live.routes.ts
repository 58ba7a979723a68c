import websocket from "@fastify/websocket";
import type { FastifyInstance } from "fastify";
import { LIVE_MAX_PAYLOAD_BYTES } from "@shared/contracts/live";
import type { AppContext } from "../context";
import { forbidden, unauthorized } from "../http/errors";
import { isSameOrigin } from "../http/security";
import { createMemoryBus, createRedisBus } from "./bus";
import { type LiveHub, type LiveHubOptions, createLiveHub } from "./hub";
import { createMemoryState, createRedisState } from "./state";

/** The hub over Redis when REDIS_URL is set (several instances), in memory otherwise (one process). */
export function createLiveHubFor(ctx: AppContext, log: FastifyInstance["log"], options: Partial<LiveHubOptions> = {}): LiveHub {
  const { redisUrl, redisPrefix } = ctx.config;
  const bus = redisUrl ? createRedisBus(redisUrl, redisPrefix) : createMemoryBus();
  const state = redisUrl ? createRedisState(redisUrl, redisPrefix) : createMemoryState();
  return createLiveHub({ db: ctx.db, bus, state, log, options });
}

/** GET /ws: the live link, only for signed-in members and only from the platform's own pages. */
export async function liveRoutes(app: FastifyInstance, ctx: AppContext) {
  const hub = (ctx.live ??= createLiveHubFor(ctx, app.log));
  app.addHook("onClose", async () => {
    await hub.close();
    if (ctx.live === hub) ctx.live = undefined;
  });
  await app.register(websocket, { options: { maxPayload: LIVE_MAX_PAYLOAD_BYTES } });

  app.get(
    "/ws",
    {
      websocket: true,
      preValidation: async (request) => {
        if (!isSameOrigin(request, ctx.config)) throw forbidden("The live link only accepts connections from this site.");
        await ctx.sessions.load(request);
        if (!request.viewer) throw unauthorized();
      },
    },
    (socket, request) => {
      const viewer = request.viewer!;
      void hub.accept(socket, { id: viewer.id, username: viewer.username, displayName: viewer.displayName, sessionId: request.sessionId! });
    },
  );
}
