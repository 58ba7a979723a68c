import type { FastifyInstance } from "fastify";
import { streamingRoutes as routes } from "@shared/contracts/streaming";
import { APP_NAME } from "@shared/constants";
import type { AppContext } from "../../context";
import { mount } from "../../http/route";
import { ownOrigin } from "../../http/security";
import { requireViewer } from "../auth/session";
import { calendarFileName } from "../events/events.calendar";
import { buildCalendar } from "../events/ical";
import { registerStreamingLive } from "./streaming.live";
import { createStreamingService } from "./streaming.service";

export interface StreamingOptions {
  /** Start the RTMP listeners (LIVE_INGEST=ffmpeg); the server does, tests that stream do. */
  listen: boolean;
}

/** Live streaming: state, schedule, streams and keys, replays, and nginx-rtmp's publish hooks. */
export async function streamingRoutes(app: FastifyInstance, ctx: AppContext, options: StreamingOptions = { listen: false }) {
  const service = createStreamingService(ctx);
  registerStreamingLive(ctx.live, service);
  app.addHook("onReady", async () => service.start(app.log, options.listen));
  app.addHook("onClose", async () => service.stop());

  // nginx-rtmp posts its hooks as an HTML form; only this module's routes read one.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  mount(app, routes.state, async () => service.state());
  mount(app, routes.services, async () => service.services());

  mount(app, routes.serviceCalendar, async (request, reply) => {
    const found = await service.requireService(request.params.id);
    const origin = ownOrigin(request, ctx.config);
    const body = buildCalendar(
      [
        {
          uid: `service-${found.id}@${new URL(origin).hostname}`,
          title: found.title,
          description: found.description,
          location: `${origin}/streaming`,
          startTime: found.startTime,
          endTime: found.endTime,
          createdAt: found.createdAt,
          sequence: 0,
          cancelled: false,
          url: `${origin}/streaming`,
        },
      ],
      { name: found.title, productId: APP_NAME, now: new Date(ctx.clock.now()) },
    );
    reply.header("content-disposition", `attachment; filename="${calendarFileName(found.title)}"`).type("text/calendar; charset=utf-8");
    return body;
  });

  mount(app, routes.createService, async (request) => service.createService(requireViewer(request), request.body));
  mount(app, routes.deleteService, async (request) => {
    await service.deleteService(requireViewer(request), request.params.id);
    return null;
  });

  mount(app, routes.streams, async (request) => service.streams(requireViewer(request), request));
  mount(app, routes.createStream, async (request) => service.createStream(requireViewer(request), request.body.name, request));
  mount(app, routes.rotateKey, async (request) => {
    const viewer = requireViewer(request);
    const stream = await service.rotateKey(viewer, request.params.id, request);
    request.log.info({ event: "stream_key_rotated", streamId: stream.id, by: viewer.id }, "stream key rotated");
    return stream;
  });

  mount(app, routes.replays, async (request) => service.replays(requireViewer(request)));
  mount(app, routes.publishReplay, async (request) => service.publishReplay(requireViewer(request), request.params.id, request.body));

  mount(app, routes.publishHook, async (request) => {
    await service.authorizePublish(request.body.name);
    return null;
  });
  mount(app, routes.publishDoneHook, async (request) => {
    await service.publishDone(request.body.name);
    return null;
  });
}
