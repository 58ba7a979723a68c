import type { FastifyInstance } from "fastify";
import { moderationRoutes as routes } from "@shared/contracts/moderation";
import type { AppContext } from "../../context";
import { createdAtCursor, sendPage } from "../../http/pagination";
import { mount } from "../../http/route";
import { requireViewer } from "../auth/session";
import { createModerationService } from "./moderation.service";

const cursorOf = (last: { createdAt: string; id: number }) => createdAtCursor.encode([last.createdAt, last.id]);

/** Reports of comments, messages and members; the moderation queue's actions; the admin console's lists and settings. */
export async function moderationRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = createModerationService(ctx);

  const report = (type: "comment" | "message" | "member") =>
    async function (
      request: { params: { id: number; commentId?: number }; body: { reason: string; details: string } } & Parameters<
        typeof requireViewer
      >[0],
      reply: { code(status: number): unknown },
    ) {
      const viewer = requireViewer(request);
      const id = type === "comment" ? request.params.commentId! : request.params.id;
      const result = await service.report(viewer, { type, id }, request.body);
      if (result.created) request.log.info({ event: "reported", targetType: type, targetId: id, by: viewer.id }, "reported");
      else reply.code(200);
      return { id: result.id, createdAt: result.createdAt };
    };
  mount(app, routes.reportComment, report("comment"));
  mount(app, routes.reportMessage, report("message"));
  mount(app, routes.reportMember, report("member"));

  mount(app, routes.act, async (request) => {
    const viewer = requireViewer(request);
    const result = await service.act(viewer, request.params.id, request.body);
    request.log.info(
      { event: "report_settled", reportId: request.params.id, action: request.body.action, by: viewer.id },
      "report settled",
    );
    return result;
  });

  mount(app, routes.restore, async (request) => {
    const viewer = requireViewer(request);
    const result = await service.restore(viewer, request.params.id);
    request.log.info({ event: "report_restored", reportId: request.params.id, by: viewer.id }, "hidden content restored");
    return result;
  });

  mount(app, routes.members, async (request, reply) => {
    const { q, status, limit, cursor } = request.query;
    const page = await service.members(requireViewer(request), { q, status, limit, before: createdAtCursor.decode(cursor) });
    return sendPage(request, reply, page, cursorOf);
  });
  mount(app, routes.suspend, async (request) =>
    service.suspend(requireViewer(request), request.params.userId, request.body.days, request.body.note),
  );
  mount(app, routes.ban, async (request) => service.ban(requireViewer(request), request.params.userId, request.body.note));
  mount(app, routes.reinstate, async (request) => service.reinstate(requireViewer(request), request.params.userId));

  mount(app, routes.settings, async (request) => service.settings(requireViewer(request)));
  mount(app, routes.saveSettings, async (request) => service.saveSettings(requireViewer(request), request.body));
  mount(app, routes.review, async (request) => service.review(requireViewer(request)));
  mount(app, routes.decide, async (request) => service.decide(requireViewer(request), request.params.userId, request.body.decision));

  mount(app, routes.subscribers, async (request, reply) => {
    const { limit, cursor } = request.query;
    const page = await service.subscribers(requireViewer(request), limit, createdAtCursor.decode(cursor));
    return sendPage(request, reply, page, cursorOf);
  });
  mount(app, routes.subscribersCsv, async (request, reply) => {
    const csv = await service.subscribersCsv(requireViewer(request));
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", 'attachment; filename="newsletter-subscribers.csv"')
      .send(csv);
  });
}
