import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { markNotificationsReadSchema, notificationListSchema } from "@shared/contracts/notifications";
import { HOME_COUNTS } from "@shared/constants";
import type { AppContext } from "../../context";
import { errorResponses } from "../../http/schemas";
import { requireViewer } from "../auth/session";
import { createNotificationsRepository } from "./notifications.repository";

const LIST_LIMIT = 20;

export async function notificationsRoutes(app: FastifyInstance, ctx: AppContext) {
  const notifications = createNotificationsRepository(ctx.db);
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.get("/notifications", { schema: { response: { 200: notificationListSchema, ...errorResponses } } }, async (request) => {
    const viewer = request.viewer;
    if (!viewer) {
      // Visitors see the next events at church, as many as the home page shows.
      const upcoming = await ctx.db
        .selectFrom("events")
        .select(["id", "title", "location", "startTime"])
        .where("startTime", ">", new Date().toISOString())
        .where("cancelledAt", "is", null)
        .orderBy("startTime")
        .limit(HOME_COUNTS.events)
        .execute();
      return {
        unreadCount: upcoming.length,
        items: upcoming.map((event) => ({
          id: event.id,
          title: event.title,
          body: event.location,
          link: "/events",
          readAt: null,
          createdAt: event.startTime,
        })),
      };
    }
    const [items, unreadCount] = await Promise.all([
      notifications.listForUser(viewer.id, LIST_LIMIT),
      notifications.countUnread(viewer.id),
    ]);
    return { unreadCount, items };
  });

  route.post(
    "/notifications/read",
    { schema: { body: markNotificationsReadSchema, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      await notifications.markRead(viewer.id, new Date().toISOString(), request.body.ids);
      return reply.code(204).send(null);
    },
  );
}
