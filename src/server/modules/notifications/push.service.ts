import webpush from "web-push";
import { type PushSubscriptionInput, notificationMessages } from "@shared/contracts/notifications";
import type { AppContext } from "../../context";
import type { ThrottleRule } from "../../throttle/throttle";
import { createPushRepository } from "./push.repository";

const VAPID_SECRET = "vapid";
/** How long a push service keeps a push for a device that is off (seconds). */
const PUSH_TTL_SECONDS = 24 * 3600;

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** What the app's service worker shows (src/web/pwa/push-handlers.ts). */
export interface PushMessage {
  title: string;
  body: string;
  link: string | null;
  /** Later pushes with the same tag replace the earlier one on the device. */
  tag: string;
}

/** Device subscriptions one member may register an hour (each one is a row and a push per notification). */
export const pushSubscribeThrottle: ThrottleRule = {
  name: "push-subscribe-member",
  limit: 10,
  windowMs: 3_600_000,
  message: notificationMessages.pushTooMany,
};

// One key pair per database: read (or made) once per context.
const keysByContext = new WeakMap<AppContext, Promise<VapidKeys>>();

/**
 * Web Push with VAPID (RFC 8292) and aes128gcm payloads (RFC 8291), through `web-push`. The keys come from the
 * environment, or are generated at first start and kept in the database, so every instance signs with the same pair.
 */
export function createPushService(ctx: AppContext) {
  const repository = createPushRepository(ctx.db);

  function keys(): Promise<VapidKeys> {
    let pending = keysByContext.get(ctx);
    if (!pending) {
      pending = (async () => {
        if (ctx.config.vapid) return ctx.config.vapid;
        const stored = await repository.secret(VAPID_SECRET);
        if (stored) return JSON.parse(stored) as VapidKeys;
        const kept = await repository.keepSecret(VAPID_SECRET, JSON.stringify(webpush.generateVAPIDKeys()), ctx.clock.iso());
        return JSON.parse(kept) as VapidKeys;
      })();
      // A failed read is tried again next time.
      pending.catch(() => keysByContext.delete(ctx));
      keysByContext.set(ctx, pending);
    }
    return pending;
  }

  // RFC 8292 takes a mailto: or https: contact; a site on plain http (a church's LAN) gives MAIL_FROM's address.
  const subject = () =>
    ctx.config.vapidSubject ??
    (ctx.config.publicOrigin?.startsWith("https:") ? ctx.config.publicOrigin : undefined) ??
    `mailto:${/<([^>]+)>/.exec(ctx.config.mailFrom)?.[1] ?? ctx.config.mailFrom}`;

  return {
    keys,
    publicKey: async () => (await keys()).publicKey,

    async subscribe(userId: number, subscription: PushSubscriptionInput) {
      await ctx.throttle.take(pushSubscribeThrottle, userId);
      await repository.save(
        userId,
        { endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth },
        ctx.clock.iso(),
      );
    },

    unsubscribe: (userId: number, endpoint: string) => repository.remove(userId, endpoint),

    subscriptionIdsOf: (userId: number) => repository.idsOf(userId),

    /**
     * Sends one push to one device. A subscription the push service no longer knows (404, 410) is removed; any other
     * refusal throws, so the job retries. Sending the same push twice shows one notification (same tag).
     */
    async send(subscriptionId: number, message: PushMessage): Promise<"sent" | "gone"> {
      const subscription = await repository.findById(subscriptionId);
      if (!subscription) return "gone";
      const vapid = await keys();
      try {
        await webpush.sendNotification(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          JSON.stringify(message),
          {
            vapidDetails: { subject: subject(), ...vapid },
            TTL: PUSH_TTL_SECONDS,
            contentEncoding: "aes128gcm",
            timeout: 10_000,
          },
        );
        return "sent";
      } catch (error) {
        if (error instanceof webpush.WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
          await repository.removeById(subscriptionId);
          return "gone";
        }
        throw error;
      }
    },
  };
}
export type PushService = ReturnType<typeof createPushService>;
