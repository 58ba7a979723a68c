import type { FastifyInstance } from "fastify";
import { streamingRoutes as routes } from "@shared/contracts/streaming";
import { APP_NAME } from "@shared/constants";
import type { AppContext } from "../../context";
import { mount } from "../../http/route";
import { ownOrigin } from "../../http/security";
import { requireViewer } from "../auth/session";
import { calendarFileName } from "../events/events.calendar";
import { buildCalendar } from "../events/ical";
import { keysetCursor, sendPage } from "../../http/pagination";
import { z } from "zod";
import { createChatService } from "./chat.service";
import { registerStreamingLive } from "./streaming.live";
import { createStreamingService } from "./streaming.service";

export interface StreamingOptions {
  /** Start the RTMP listeners (LIVE_INGEST=ffmpeg); the server does, tests that stream do. */
  listen: boolean;
}

/** A chat page's cursor: the id of the oldest message shown. */
const chatCursor = keysetCursor(z.number().int().positive().max(2_147_483_647));

/** Live streaming: state, schedule, streams and keys, replays, and nginx-rtmp's publish hooks. */
export async function streamingRoutes(app: FastifyInstance, ctx: AppContext, options: StreamingOptions = { listen: false }) {
  const service = createStreamingService(ctx);
  const chat = createChatService(ctx, () => service.openChat());
  registerStreamingLive(ctx.live, service, chat);
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

  mount(app, routes.remind, async (request) => service.remind(requireViewer(request), request.params.id));

  mount(app, routes.chatHistory, async (request, reply) => {
    requireViewer(request);
    const { chatKey, limit, cursor } = request.query;
    const page = await chat.history(chatKey, limit, chatCursor.decode(cursor));
    // The page comes newest first; a chat reads oldest first.
    return sendPage(request, reply, page, (last) => chatCursor.encode(last.id)).reverse();
  });
  mount(app, routes.hideChatMessage, async (request) => {
    const viewer = requireViewer(request);
    await chat.hide(viewer, request.params.id);
    request.log.info({ event: "stream_chat_hidden", messageId: request.params.id, by: viewer.id }, "a chat message was hidden");
    return null;
  });
  mount(app, routes.muteChatMember, async (request) => {
    const viewer = requireViewer(request);
    await chat.mute(viewer, request.body.chatKey, request.body.userId);
    request.log.info({ event: "stream_chat_muted", userId: request.body.userId, by: viewer.id }, "a member was muted in a chat");
    return null;
  });
  mount(app, routes.slowMode, async (request) => chat.setSlowMode(requireViewer(request), request.body.chatKey, request.body.seconds));
  mount(app, routes.requestPrayer, async (request) => ({ sentTo: await chat.requestPrayer(requireViewer(request), request.body.message) }));

  mount(app, routes.premieres, async (request) => service.premieres(requireViewer(request)));
  mount(app, routes.createPremiere, async (request) => service.createPremiere(requireViewer(request), request.body));
  mount(app, routes.deletePremiere, async (request) => {
    await service.deletePremiere(requireViewer(request), request.params.id);
    return null;
  });

  mount(app, routes.publishHook, async (request) => {
    await service.authorizePublish(request.body.name);
    return null;
  });
  mount(app, routes.publishDoneHook, async (request) => {
    await service.publishDone(request.body.name);
    return null;
  });
}
