import type { ClientPayload, StreamChatMessage } from "@shared/contracts/live";
import { streamingMessages } from "@shared/messages";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { HttpError, conflict, forbidden, notFound } from "../../http/errors";
import type { Page } from "../../http/pagination";
import type { LiveConnection } from "../../live/hub";
import { policies } from "../../policies";
import { createMessagesService } from "../messages/messages.service";
import { prayerThrottle } from "../prayer/prayer.service";
import { createSafetyService } from "../safety/safety.service";
import { type ChatMessageRow, createChatRepository } from "./chat.repository";

type Viewer = Pick<UserRow, "id" | "role" | "displayName">;

/** The live-link channel of one service's chat. */
export const chatChannel = (chatKey: string) => `streamchat:${chatKey}`;

const present = (row: ChatMessageRow, clientId?: string): StreamChatMessage => ({
  id: row.id,
  chatKey: row.chatKey,
  userId: row.userId,
  displayName: row.displayName,
  message: row.content,
  createdAt: row.createdAt,
  ...(clientId ? { clientId } : {}),
});

/**
 * The chat beside a live service or premiere (decision 0020): members write over /ws while it is on, the messages are
 * stored; admins hide a message (gone for everyone at once) or mute a member for the service, and set a slow mode the
 * server enforces. "Request prayer" sends a private message to the care team, or to the admins when there is none.
 * `openChat` names the chat open now (the live state's), or null when nothing is on.
 */
export function createChatService(ctx: AppContext, openChat: () => Promise<string | null>) {
  const chat = createChatRepository(ctx.db);
  const messages = createMessagesService(ctx);
  const safety = createSafetyService(ctx);

  const requireAdmin = (viewer: Pick<UserRow, "id" | "role">) => {
    if (!policies.moderate(viewer)) throw forbidden(streamingMessages.adminsOnly);
  };

  return {
    /** The connection hears this chat's messages, hidings and slow mode from now on. */
    async join(conn: LiveConnection, { chatKey }: ClientPayload<"STREAM_CHAT_JOIN">) {
      await conn.subscribe(chatChannel(chatKey));
    },

    async send(conn: LiveConnection, payload: ClientPayload<"STREAM_CHAT">) {
      const { chatKey } = payload;
      if ((await openChat()) !== chatKey) throw conflict(streamingMessages.chatClosed, "chat_closed");
      const member = await chat.findMember(conn.user.id);
      if (!member) throw forbidden();
      if (await chat.isMuted(chatKey, member.id)) throw new HttpError(403, streamingMessages.chatMuted, "chat_muted");
      const slow = await chat.slowMode(chatKey);
      if (slow > 0 && !policies.moderate(member)) {
        const last = await chat.lastMessageAt(chatKey, member.id);
        const wait = last ? Date.parse(last) + slow * 1000 - ctx.clock.now() : 0;
        if (wait > 0) {
          const seconds = Math.ceil(wait / 1000);
          throw new HttpError(429, streamingMessages.slowMode(seconds), "slow_mode", { "retry-after": String(seconds) });
        }
      }
      if (!conn.isSubscribed(chatChannel(chatKey))) await conn.subscribe(chatChannel(chatKey));
      const row = await chat.insert({ chatKey, userId: member.id, content: payload.message, createdAt: ctx.clock.iso() });
      conn.send({ type: "STREAM_CHAT", payload: present(row, payload.clientId) });
      await ctx.live.publish(chatChannel(chatKey), { type: "STREAM_CHAT", payload: present(row) }, { except: conn.id });
    },

    /** A page of a chat, newest first, hidden messages left out. */
    async history(chatKey: string, limit: number, beforeId: number | undefined): Promise<Page<StreamChatMessage>> {
      const page = await chat.page(chatKey, limit, beforeId);
      return { items: page.items.map((row) => present(row)), hasMore: page.hasMore };
    },

    async hide(viewer: Viewer, messageId: number) {
      requireAdmin(viewer);
      const message = await chat.findMessage(messageId);
      if (!message) throw notFound(streamingMessages.chatMessageNotFound);
      if (await chat.hide(messageId, viewer.id, ctx.clock.iso()))
        await ctx.live.publish(chatChannel(message.chatKey), {
          type: "STREAM_CHAT_HIDDEN",
          payload: { chatKey: message.chatKey, messageId },
        });
    },

    async mute(viewer: Viewer, chatKey: string, userId: number) {
      requireAdmin(viewer);
      const member = await chat.findMember(userId);
      if (!member) throw notFound(streamingMessages.memberNotFound);
      if (policies.moderate(member)) throw new HttpError(400, streamingMessages.cannotMuteAdmin, "cannot_mute_admin");
      await chat.mute(chatKey, userId, viewer.id, ctx.clock.iso());
    },

    async setSlowMode(viewer: Viewer, chatKey: string, seconds: number) {
      requireAdmin(viewer);
      await chat.setSlowMode(chatKey, seconds, ctx.clock.iso());
      await ctx.live.publish(chatChannel(chatKey), { type: "STREAM_CHAT_SETTINGS", payload: { chatKey, slowModeSeconds: seconds } });
      return { chatKey, slowModeSeconds: seconds };
    },

    slowMode: (chatKey: string) => chat.slowMode(chatKey),

    /** A private message to each member of the care team (the admins while there is none); answers how many. */
    async requestPrayer(viewer: Viewer, message: string): Promise<number> {
      await ctx.throttle.take(prayerThrottle, viewer.id);
      const team = (await safety.careTeamIds()).filter((id) => id !== viewer.id);
      const recipients = team.length > 0 ? team : (await chat.adminIds()).filter((id) => id !== viewer.id);
      if (recipients.length === 0) throw conflict(streamingMessages.noCareTeam, "no_care_team");
      const content = `Prayer request from the live service: ${message}`;
      for (const receiverId of recipients)
        await messages.sendPrivate({ id: viewer.id, displayName: viewer.displayName }, receiverId, content);
      return recipients.length;
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
