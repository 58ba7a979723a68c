import { type ChatMessage, type ClientPayload, type ServerEvent, liveErrors } from "@shared/contracts/live";
import { type MessagePrivacy, type MessageSettings, messageTexts } from "@shared/contracts/messages";
import { notificationMessages } from "@shared/contracts/notifications";
import type { AppContext } from "../../context";
import { HttpError, forbidden, notFound } from "../../http/errors";
import type { Page } from "../../http/pagination";
import type { LiveConnection } from "../../live/hub";
import { createGroupsService, groupChannel } from "../groups/groups.service";
import { createNotificationsService } from "../notifications/notifications.service";
import { roomChannel } from "../rooms/rooms.service";
import { safetyMessages } from "@shared/contracts/safety";
import { createSafetyService } from "../safety/safety.service";
import { createModerationService } from "../moderation/moderation.service";
import { presentMessage } from "./messages.presenter";
import { type MessageKeyset, createMessagesRepository } from "./messages.repository";

/** How long an instance remembers a receiver's message settings, and that two members share a conversation. */
const RECEIVER_CACHE_MS = 5000;
const SHARED_CACHE_MS = 60_000;
const CACHE_MAX_ENTRIES = 10_000;

const refuse = (message: string, code: string) => new HttpError(403, message, code);

/**
 * Direct, group and room messages: who may read a conversation, who may write to whom (message requests),
 * read receipts (opening a conversation marks it read and tells the other member), and who may see whom typing.
 */
export function createMessagesService(ctx: AppContext) {
  const messages = createMessagesRepository(ctx.db, ctx.database.dialect);
  const groups = createGroupsService(ctx);
  const notifications = createNotificationsService(ctx);
  const safety = createSafetyService(ctx);
  const moderation = createModerationService(ctx);
  const { clock, live: hub } = ctx;

  // Who may receive a direct message, and their settings, change rarely but are read for every message:
  // kept for a few seconds (a settings change on this instance clears its entry at once).
  const receivers = new Map<number, { value: Awaited<ReturnType<typeof messages.findReceiver>>; until: number }>();
  async function findReceiver(id: number) {
    const cached = receivers.get(id);
    if (cached && cached.until > clock.now()) return cached.value;
    const value = await messages.findReceiver(id);
    if (receivers.size > CACHE_MAX_ENTRIES) receivers.clear();
    receivers.set(id, { value, until: clock.now() + RECEIVER_CACHE_MS });
    return value;
  }

  /** Facts about a pair of members that stay true once known, remembered for a minute on this instance. */
  function knownPairs() {
    const until = new Map<string, number>();
    return {
      has: (key: string) => (until.get(key) ?? 0) > clock.now(),
      add(key: string) {
        if (until.size > CACHE_MAX_ENTRIES) until.clear();
        until.set(key, clock.now() + SHARED_CACHE_MS);
      },
    };
  }

  // Typing frames are frequent: that two members share a conversation is remembered for a minute once known.
  const shared = knownPairs();
  /**
   * Two members share a conversation when at least one direct message has passed between them (either way), or
   * when they belong to a common group. Only then may one see the other typing or reading.
   */
  async function shareAConversation(a: number, b: number): Promise<boolean> {
    if (a === b) return false;
    const key = a < b ? `${a}:${b}` : `${b}:${a}`;
    if (shared.has(key)) return true;
    const share = (await messages.haveTalked(a, b)) || (await groups.shareAGroup(a, b));
    if (share) shared.add(key);
    return share;
  }

  // That the receiver counts the sender as a contact can't be undone (only a block, checked on its own, stops them).
  const contacts = knownPairs();
  async function isContact(receiverId: number, senderId: number): Promise<boolean> {
    const key = `${receiverId}:${senderId}`;
    if (contacts.has(key)) return true;
    const contact = await messages.isContact(receiverId, senderId);
    if (contact) contacts.add(key);
    return contact;
  }

  // Writing back to someone accepts their pending request. Once the reply is stored, they count the replier as a
  // contact and can't open a new request, so the write is not repeated for every message of the conversation.
  const answered = knownPairs();
  async function acceptRequestFrom(requesterId: number, replierId: number): Promise<boolean> {
    const key = `${requesterId}:${replierId}`;
    if (answered.has(key)) return false;
    const accepted = await messages.acceptFrom(requesterId, replierId, clock.iso());
    answered.add(key);
    return accepted;
  }
  /**
   * Where a direct message goes (decision 0022): straight to the receiver's inbox, or to their requests folder.
   * A contact (the receiver wrote to the sender, or accepted their request) always reaches the inbox; a pending
   * request keeps collecting; a declined one refuses; otherwise the receiver's choice decides.
   */
  async function deliveryOf(senderId: number, receiver: { id: number; privacy: MessagePrivacy }): Promise<"inbox" | "request" | "refused"> {
    if (await isContact(receiver.id, senderId)) return "inbox";
    const request = await messages.findRequest(senderId, receiver.id);
    if (request?.status === "pending") return "request";
    if (request?.status === "declined") return "refused";
    const { whoCanMessage } = receiver.privacy;
    if (whoCanMessage === "everyone") return "inbox";
    if (whoCanMessage === "connections" && (await groups.shareAGroup(receiver.id, senderId))) return "inbox";
    return "request";
  }

  /** Tells the other member their messages were read (when the reader shares read receipts), and the reader's other tabs. */
  async function notifyRead(readerId: number, otherUserId: number, readAt: string) {
    const event: ServerEvent = { type: "READ", payload: { readerId, otherUserId, readAt } };
    await hub.toMember(readerId, event);
    if ((await messages.settings(readerId)).readReceipts) await hub.toMember(otherUserId, event);
  }

  /** Marks what `otherUserId` sent the reader as read; only a change is announced (so a stranger's READ reaches no one). */
  async function markRead(readerId: number, otherUserId: number) {
    const now = clock.iso();
    if ((await messages.markConversationRead(readerId, otherUserId, now)) > 0) await notifyRead(readerId, otherUserId, now);
  }

  /** Refuses a member who may not message (suspended, banned, not yet approved: decision 0021) with the reason. */
  async function assertInGoodStanding(userId: number) {
    const standing = await moderation.standingProblem(userId);
    if (standing) throw refuse(standing.message, standing.code);
  }

  /**
   * Stores the message if the sender is in good standing, in one statement (a refused one reads the reason after).
   * The caller delivers it, then calls `acknowledge` (CHAT_MESSAGE_SENT to the sender's connection) whether or not
   * the delivery went out: the others get it one socket write sooner, and the acknowledgement still means "stored",
   * so a failed delivery is not sent again as a second message.
   */
  async function store(
    conn: LiveConnection,
    clientId: string | undefined,
    values: { receiverId?: number; groupId?: number; roomCode?: string; content: string },
  ) {
    const sender = conn.user;
    const message = {
      senderId: sender.id,
      receiverId: values.receiverId ?? null,
      groupId: values.groupId ?? null,
      roomCode: values.roomCode ?? null,
      content: values.content,
      createdAt: clock.iso(),
    };
    let row = await messages.insertIf(message, moderation.inGoodStanding(sender.id, message.createdAt));
    if (!row) {
      await assertInGoodStanding(sender.id);
      // The standing changed between the two reads: it allows the message now.
      row = await messages.insert(message);
    }
    const sent = presentMessage(row, { senderName: sender.displayName, clientId });
    return {
      sent,
      delivered: presentMessage(row, { senderName: sender.displayName }),
      acknowledge: () => conn.send({ type: "CHAT_MESSAGE_SENT", payload: sent }),
    };
  }

  return {
    /** A page of a direct conversation, newest first, for one of its two members; the first page marks it read. */
    async conversation(
      viewer: { id: number },
      query: { userId: number; otherUserId: number; limit: number; before: MessageKeyset | undefined },
    ): Promise<Page<ChatMessage>> {
      if (viewer.id !== query.userId && viewer.id !== query.otherUserId) throw forbidden(messageTexts.notInConversation);
      const other = viewer.id === query.userId ? query.otherUserId : query.userId;
      const page = await messages.conversation(viewer.id, other, { limit: query.limit, cursor: query.before });
      // Opening a conversation reads it: unreadCount in GET /api/users follows.
      // A request is read in the folder without telling its sender (no receipt until it is accepted).
      if (!query.before && other !== viewer.id && !(await messages.isUnanswered(other, viewer.id))) await markRead(viewer.id, other);
      // A member who keeps read receipts to themselves never shows as having read anything.
      const sharesReceipts = (await messages.settings(other)).readReceipts;
      return {
        items: page.items.map((row) => presentMessage(sharesReceipts || row.senderId !== viewer.id ? row : { ...row, readAt: null })),
        hasMore: page.hasMore,
      };
    },

    async recent(viewerId: number, limit: number) {
      return (await messages.recent(viewerId, limit)).map((row) => presentMessage(row));
    },

    settings: (userId: number) => messages.settings(userId),
    privacy: (userId: number) => messages.privacy(userId),
    async savePrivacy(userId: number, privacy: MessagePrivacy) {
      const saved = await messages.savePrivacy(userId, privacy, clock.iso());
      receivers.delete(userId);
      return saved;
    },
    requests: (userId: number) => messages.pendingRequests(userId),
    /** Accepting moves the conversation into the inbox (and the sender's messages count as unread there). */
    async answerRequest(userId: number, id: number, answer: "accepted" | "declined") {
      const senderId = await messages.answerRequest(id, userId, answer, clock.iso());
      if (senderId === undefined) throw notFound(messageTexts.requestNotFound);
      // Accepted, the two are contacts: each sees the other's presence from now on (until then, neither did).
      if (answer === "accepted") await hub.sharePresence(userId, [senderId]);
    },

    async saveSettings(userId: number, changes: Partial<MessageSettings>) {
      const before = await messages.settings(userId);
      const saved = await messages.saveSettings(userId, changes, clock.iso());
      receivers.delete(userId);
      if (before.onlineStatus !== saved.onlineStatus) await ctx.live.setVisible(userId, saved.onlineStatus);
      return saved;
    },

    // ---------------------------------------------------------------- over the live link

    /** Who may see the member's presence, as far as direct messages go: everyone they have a conversation with. */
    contactIds: (userId: number) => messages.contactIds(userId),

    /** A new connection shows its member online only if they let others see it. */
    async connected(conn: LiveConnection) {
      await hub.setVisible(conn.user.id, (await messages.settings(conn.user.id)).onlineStatus, false);
    },

    /** One target: a room's chat wins over a group's, which wins over a direct message (spec clients send all fields). */
    async send(conn: LiveConnection, payload: ClientPayload<"CHAT_MESSAGE">) {
      const sender = conn.user;
      const content = payload.message;
      // A suspended, banned or not yet approved member does not message (decision 0021), whatever else is wrong: in a
      // room or a group the standing is checked as the message is stored (one statement less on the room's hot path),
      // and before any other refusal.
      if (payload.roomCode) {
        const roomCode = payload.roomCode;
        if (!conn.isSubscribed(roomChannel(roomCode))) {
          await assertInGoodStanding(sender.id);
          throw refuse(liveErrors.notInRoom, "not_in_room");
        }
        const { delivered, acknowledge } = await store(conn, payload.clientId, { roomCode, content });
        await hub.publish(roomChannel(roomCode), { type: "CHAT_MESSAGE", payload: delivered }, { except: conn.id }).finally(acknowledge);
        return;
      }
      if (payload.groupId) {
        const groupId = payload.groupId;
        if (!(await groups.isMember(groupId, sender.id))) {
          await assertInGoodStanding(sender.id);
          throw refuse(liveErrors.notGroupMember, "not_group_member");
        }
        const { delivered, acknowledge } = await store(conn, payload.clientId, { groupId, content });
        await hub.publish(groupChannel(groupId), { type: "CHAT_MESSAGE", payload: delivered }, { except: conn.id }).finally(acknowledge);
        return;
      }
      await assertInGoodStanding(sender.id);
      if (!payload.receiverId) throw refuse(liveErrors.missingTarget, "missing_target");
      const receiverId = payload.receiverId;
      const receiver = receiverId === sender.id ? undefined : await findReceiver(receiverId);
      if (!receiver) throw refuse(liveErrors.receiverNotFound, "receiver_not_found");
      // Blocked either way: no direct message passes (decision 0016).
      if (await safety.blockedBetween(receiverId, sender.id)) {
        throw refuse(safetyMessages.blockedYou, "blocked");
      }
      if (!receiver.settings.messageRequests && !(await messages.haveTalked(sender.id, receiverId))) {
        throw refuse(liveErrors.messageRequestsOff, "message_requests_off");
      }
      const delivery = await deliveryOf(sender.id, receiver);
      if (delivery === "refused") throw refuse(liveErrors.messageRequestsOff, "message_requests_off");
      // A first message makes the two each other's contacts: they see each other's presence from now on.
      const firstContact = !(await shareAConversation(sender.id, receiverId));
      if (delivery === "request") {
        if (!receiver.settings.messageRequests) throw refuse(liveErrors.messageRequestsOff, "message_requests_off");
        const requestId = await messages.openRequest(sender.id, receiverId, clock.iso());
        const { sent, delivered, acknowledge } = await store(conn, payload.clientId, { receiverId, content });
        // Into the requests folder, not the conversation list: a frame of its own.
        await hub.toMember(receiverId, { type: "MESSAGE_REQUEST", payload: { requestId, message: delivered } }).finally(acknowledge);
        if (!(await hub.isOnline(receiverId))) {
          await notifications.notify([
            {
              userId: receiverId,
              category: "message",
              title: messageTexts.requestTitle,
              body: messageTexts.request(sender.displayName),
              link: "/chat?folder=requests",
            },
          ]);
        }
        await hub.toMember(sender.id, { type: "CHAT_MESSAGE", payload: sent }, { except: conn.id });
        // A request shares no presence: the receiver's stays hidden from a stranger until they accept.
        return;
      }
      const { sent, delivered, acknowledge } = await store(conn, payload.clientId, { receiverId, content });
      // Writing back to someone whose request waits accepts it.
      const accepted = await acceptRequestFrom(receiverId, sender.id);
      await hub.toMember(receiverId, { type: "CHAT_MESSAGE", payload: delivered }).finally(acknowledge);
      // A member who is away (no tab open) finds it under the bell, and as a push or email if they chose.
      if (!(await hub.isOnline(receiverId))) {
        await notifications.notify([
          {
            userId: receiverId,
            category: "message",
            title: notificationMessages.directMessageTitle(sender.displayName),
            body: content.length > 140 ? `${content.slice(0, 139)}…` : content,
            link: "/chat",
          },
        ]);
      }
      // The sender's other tabs see their own message too.
      await hub.toMember(sender.id, { type: "CHAT_MESSAGE", payload: sent }, { except: conn.id });
      if (firstContact || accepted) await hub.sharePresence(sender.id, [receiverId]);
    },

    /**
     * A direct message another module sends for a member (a prayer request from beside the live stream), to someone
     * who must receive it (the care team): no message-request check. Delivered like one sent over the live link.
     */
    async sendPrivate(sender: { id: number; displayName: string }, receiverId: number, content: string) {
      const firstContact = !(await shareAConversation(sender.id, receiverId));
      const row = await messages.insert({
        senderId: sender.id,
        receiverId,
        groupId: null,
        roomCode: null,
        content,
        createdAt: clock.iso(),
      });
      const delivered = presentMessage(row, { senderName: sender.displayName });
      await hub.toMember(receiverId, { type: "CHAT_MESSAGE", payload: delivered });
      await hub.toMember(sender.id, { type: "CHAT_MESSAGE", payload: delivered });
      if (firstContact) await hub.sharePresence(sender.id, [receiverId]);
      if (!(await hub.isOnline(receiverId))) {
        await notifications.notify([
          {
            userId: receiverId,
            category: "message",
            title: notificationMessages.directMessageTitle(sender.displayName),
            body: content.length > 140 ? `${content.slice(0, 139)}…` : content,
            link: "/chat",
          },
        ]);
      }
      return delivered;
    },

    /**
     * Typing reaches a room's or group's other members, or one member who shares a conversation with the typist.
     * Typing to anyone else is dropped without an answer: a first message is typed before the conversation exists.
     */
    async typing(conn: LiveConnection, payload: ClientPayload<"TYPING">) {
      const typing = (target: { receiverId?: number; roomCode?: string; groupId?: number }): ServerEvent => ({
        type: "TYPING",
        payload: {
          fromUserId: conn.user.id,
          receiverId: target.receiverId ?? null,
          roomCode: target.roomCode ?? null,
          groupId: target.groupId ?? null,
          isTyping: payload.isTyping,
        },
      });
      const { receiverId, roomCode, groupId } = payload;
      if (receiverId) {
        if (!(await shareAConversation(conn.user.id, receiverId))) return;
        return hub.toMember(receiverId, typing({ receiverId }), { droppable: true });
      }
      if (roomCode) {
        if (!conn.isSubscribed(roomChannel(roomCode))) throw refuse(liveErrors.notInRoom, "not_in_room");
        return hub.publish(roomChannel(roomCode), typing({ roomCode }), { except: conn.id, droppable: true });
      }
      if (groupId) {
        if (!conn.isSubscribed(groupChannel(groupId))) throw refuse(liveErrors.notGroupMember, "not_group_member");
        return hub.publish(groupChannel(groupId), typing({ groupId }), { except: conn.id, droppable: true });
      }
      throw refuse(liveErrors.missingTarget, "missing_target");
    },

    /** The member has read a conversation (or a group) up to now. */
    async read(conn: LiveConnection, payload: ClientPayload<"READ">) {
      if (payload.otherUserId) return markRead(conn.user.id, payload.otherUserId);
      if (payload.groupId) return groups.markRead(payload.groupId, conn.user.id);
      throw refuse(liveErrors.missingTarget, "missing_target");
    },
  };
}
export type MessagesService = ReturnType<typeof createMessagesService>;
