import type { AppContext } from "../context";
import { createEventsService } from "../modules/events/events.service";
import { createDigestService } from "../modules/notifications/digest.service";
import { createNotificationsService } from "../modules/notifications/notifications.service";
import { createStreamingService } from "../modules/streaming/streaming.service";

/** The one place where every job's handler is registered (decision 0012). Every handler is idempotent. */
export function registerJobHandlers(ctx: AppContext) {
  const notifications = createNotificationsService(ctx);
  const events = createEventsService(ctx);
  const digest = createDigestService(ctx);
  const streaming = createStreamingService(ctx);
  const { jobs } = ctx;

  jobs.register("notifications.deliver", ({ notificationId }) => notifications.deliver(notificationId));
  jobs.register("push.send", ({ notificationId, subscriptionId }) => notifications.pushTo(notificationId, subscriptionId));
  // SMTP may be down for a while: retried with backoff for about a day before it is given up.
  jobs.register("email.send", (mail) => ctx.mailer.send(mail), { maxAttempts: 12 });
  jobs.register("media.published", ({ mediaId }) => notifications.announceMedia(mediaId));
  jobs.register("events.remind", ({ eventId, startTime }) => events.remind(eventId, startTime));
  jobs.register("digest.weekly", ({ weekOf }) => digest.fanOut(weekOf));
  jobs.register("streaming.live", ({ broadcastId }) => streaming.announceBroadcast(broadcastId));
  jobs.register("streaming.replay", ({ broadcastId, recording }) => streaming.draftReplay(broadcastId, recording));
  jobs.register("streaming.remind", ({ serviceId, startTime, userId }) => streaming.sendReminder(serviceId, startTime, userId));
  jobs.register("streaming.premiere", ({ premiereId, live }) => streaming.premiereChanged(premiereId, live));
  jobs.register("digest.member", ({ userId, weekOf }) => digest.sendTo(userId, weekOf));
}
