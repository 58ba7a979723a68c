import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { isDatabaseReachable } from "../../db/database";

export async function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async (_request, reply) => {
    const ready = await isDatabaseReachable(ctx.db);
    return reply.code(ready ? 200 : 503).send({ status: ready ? "ready" : "database unreachable" });
  });
}
