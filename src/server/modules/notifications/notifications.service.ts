import {
  type Notification,
  type NotificationCategory,
  type NotificationList,
  type NotificationPreferences,
  type UpdateNotificationPreferences,
  notificationCategories,
  notificationMessages,
} from "@shared/contracts/notifications";
import { HOME_COUNTS } from "@shared/constants";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { createEventsRepository } from "../events/events.repository";
import { type NewNotification, type StoredPreferences, createNotificationsRepository } from "./notifications.repository";
import { createPushService } from "./push.service";

/** How many of a member's latest notifications the bell lists. */
const BELL_LIMIT = 20;

/** What reaches a member outside the tab until they choose: pushes for all but likes, no emails. */
export const defaultChannels = (category: NotificationCategory) => ({ push: category !== "like", email: false });

const isCategory = (category: string): category is NotificationCategory => (notificationCategories as readonly string[]).includes(category);

/** A member's choices with the defaults filled in. */
function channelsOf(stored: StoredPreferences, category: NotificationCategory) {
  return { ...defaultChannels(category), ...stored.channels[category] };
}

const present = (row: { category: string } & Omit<Notification, "category" | "startsAt">): Notification => ({
  id: row.id,
  title: row.title,
  body: row.body,
  link: row.link,
  category: row.category as Notification["category"],
  readAt: row.readAt,
  createdAt: row.createdAt,
  startsAt: null,
});

/**
 * The one notification path (DESIGN §8, decision 0012): a module tells `notify` what happened; the row is stored, the
 * member's open tabs hear of it over /ws, and a job delivers it further (push, email) as the member chose.
 */
export function createNotificationsService(ctx: AppContext) {
  const notifications = createNotificationsRepository(ctx.db);
  const events = createEventsRepository(ctx.db);
  const push = createPushService(ctx);

  return {
    /**
     * Tells members something, now. Modules send every notification through here. Each row and the job that delivers
     * it beyond the bell are written in one transaction (an outbox), then each member's open tabs are told.
     */
    async notify(items: NewNotification[]) {
      if (items.length === 0) return;
      const now = ctx.clock.iso();
      const stored = await ctx.db.transaction().execute(async (trx) => {
        const rows = await notifications.insert(trx, items, now);
        for (const row of rows) {
          if (row.category === "general") continue;
          await ctx.jobs.enqueue("notifications.deliver", { notificationId: row.id }, { db: trx, dedupeKey: `notification:${row.id}` });
        }
        return rows;
      });
      const unread = await notifications.countUnreadOf([...new Set(stored.map((row) => row.userId))]);
      for (const row of stored) {
        await ctx.live.toMember(row.userId, {
          type: "NOTIFICATION",
          payload: { notification: present(row), unreadCount: unread.get(row.userId) ?? 0 },
        });
      }
      ctx.jobs.wake();
    },

    /**
     * Delivers a stored notification beyond the bell: a push to each of the member's devices when they chose pushes for
     * its category and have no tab open, and an email when they chose email. Each delivery is its own job (one device
     * failing retries only that device), keyed so a second run of this job adds nothing.
     */
    async deliver(notificationId: number) {
      const row = await notifications.findById(notificationId);
      if (!row || row.readAt || !isCategory(row.category)) return;
      const channels = channelsOf(await notifications.preferences(row.userId), row.category);
      if (channels.push && !(await ctx.live.isOnline(row.userId))) {
        for (const subscriptionId of await push.subscriptionIdsOf(row.userId)) {
          await ctx.jobs.enqueue(
            "push.send",
            { notificationId, subscriptionId },
            { dedupeKey: `push:${notificationId}:${subscriptionId}` },
          );
        }
      }
      if (channels.email && ctx.mailer.enabled) {
        const link = row.link ? `${ctx.config.publicOrigin ?? ""}${row.link}` : null;
        await ctx.jobs.enqueue(
          "email.send",
          { to: row.email, subject: row.title, text: [row.body, link ? `\nOpen it: ${link}` : ""].join("\n").trim() },
          { dedupeKey: `email:notification:${notificationId}` },
        );
      }
      ctx.jobs.wake();
    },

    /** Sends one notification's push to one device (the `push.send` job); a notification read meanwhile isn't pushed. */
    async pushTo(notificationId: number, subscriptionId: number) {
      const row = await notifications.findById(notificationId);
      if (!row || row.readAt) return;
      await push.send(subscriptionId, { title: row.title, body: row.body, link: row.link, tag: `notification-${row.category}` });
    },

    /**
     * A member's latest notifications and how many are unread. A visitor has no notifications: the bell lists
     * the next events at church (as many as the home page shows) as upcoming events, none of them unread,
     * each with its start time rather than a time it "arrived" (decision 0003).
     */
    async bell(viewer: Pick<UserRow, "id"> | null): Promise<NotificationList> {
      if (!viewer) {
        const upcoming = await events.nextToStart(ctx.clock.iso(), HOME_COUNTS.events);
        return {
          unreadCount: 0,
          items: upcoming.map((event) => ({
            id: event.id,
            title: event.title,
            body: event.location,
            link: "/events",
            category: "event",
            readAt: null,
            createdAt: event.createdAt,
            startsAt: event.startTime,
          })),
        };
      }
      const [items, unreadCount] = await Promise.all([
        notifications.listForUser(viewer.id, BELL_LIMIT),
        notifications.countUnread(viewer.id),
      ]);
      return { unreadCount, items: items.map(present) };
    },

    /** Marks the member's own notifications read: the given ones, or all. */
    async markRead(viewer: Pick<UserRow, "id">, ids?: number[]) {
      if (ids?.length === 0) return;
      await notifications.markRead(viewer.id, ctx.clock.iso(), ids);
    },

    /** The member's choices per category, defaults filled in. */
    async preferences(userId: number): Promise<NotificationPreferences> {
      const stored = await notifications.preferences(userId);
      return {
        categories: Object.fromEntries(
          notificationCategories.map((category) => [category, channelsOf(stored, category)]),
        ) as NotificationPreferences["categories"],
        weeklyDigest: stored.weeklyDigest,
        emailEnabled: ctx.mailer.enabled,
      };
    },

    async savePreferences(userId: number, changes: UpdateNotificationPreferences): Promise<NotificationPreferences> {
      const stored = await notifications.preferences(userId);
      const channels = { ...stored.channels };
      for (const category of notificationCategories) {
        const change = changes.categories?.[category];
        if (change) channels[category] = { ...channelsOf(stored, category), ...change };
      }
      await notifications.savePreferences(userId, { channels, weeklyDigest: changes.weeklyDigest ?? stored.weeklyDigest }, ctx.clock.iso());
      return this.preferences(userId);
    },

    /**
     * The `media.published` job: a new sermon reaches every member but its publisher, a new episode the show's
     * subscribers. Keyed per member, so a rerun stores nothing twice.
     */
    async announceMedia(mediaId: number) {
      const item = await notifications.mediaForAnnouncement(mediaId);
      if (!item || item.type === "song") return;
      const recipients =
        item.type === "sermon"
          ? await notifications.memberIdsExcept(item.uploadedBy)
          : item.categoryId === null
            ? []
            : (await notifications.showSubscriberIds(item.categoryId)).filter((id) => id !== item.uploadedBy);
      const announcement: Omit<NewNotification, "userId"> =
        item.type === "sermon"
          ? {
              category: "sermon",
              title: notificationMessages.newSermonTitle,
              body: notificationMessages.newSermon(item.title, item.artist),
              link: "/sermons",
            }
          : {
              category: "episode",
              title: notificationMessages.newEpisodeTitle(item.showName ?? "a show you follow"),
              body: notificationMessages.newEpisode(item.title),
              link: "/podcasts",
            };
      // In slices, so a church of thousands is told in bounded transactions.
      for (let i = 0; i < recipients.length; i += 500) {
        await this.notify(
          recipients.slice(i, i + 500).map((userId) => ({ ...announcement, userId, dedupeKey: `media:${mediaId}:${userId}` })),
        );
      }
    },

    /**
     * A live service started (a broadcast went live, a premiere began): every member hears "We're live", under the bell
     * and as a push per their choices. Keyed per member and service (`key`), so a rerun stores nothing twice.
     */
    async announceLive(key: string, title: string) {
      const recipients = await notifications.memberIdsExcept(null);
      for (let i = 0; i < recipients.length; i += 500) {
        await this.notify(
          recipients.slice(i, i + 500).map((userId) => ({
            userId,
            category: "live" as const,
            title: notificationMessages.liveTitle,
            body: notificationMessages.live(title),
            link: "/streaming",
            dedupeKey: `live:${key}:${userId}`,
          })),
        );
      }
    },

    /** Members named by @username in a text. */
    mentionedIds: (usernames: string[]) => notifications.idsByUsernames(usernames),
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
