import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import WebSocket from "ws";
import {
  type ClientEvent,
  type ClientPayload,
  type Participant,
  type ServerEvent,
  clientEventSchema,
  liveErrors,
} from "@shared/contracts/live";
import type { DB } from "../db/schema";
import { createGroupsRepository } from "../modules/groups/groups.repository";
import { presentMessage } from "../modules/messages/messages.presenter";
import { createMessagesRepository } from "../modules/messages/messages.repository";
import { createRoomsRepository } from "../modules/rooms/rooms.repository";
import { createLiveRepository } from "./live.repository";
import type { LiveBus } from "./bus";
import type { LiveState } from "./state";

export interface LiveHubOptions {
  /** Ping interval; a connection that hasn't answered the previous ping by the next one is dropped. */
  heartbeatMs: number;
  /** Frames per second a connection may send, and the burst it may save up. */
  ratePerSecond: number;
  rateBurst: number;
  /** Above this many queued bytes, droppable frames (typing, presence) are skipped for that socket. */
  softBufferBytes: number;
  /** Above this many queued bytes the socket is a slow consumer and is dropped. */
  hardBufferBytes: number;
  /** Presence changes within this window travel together in one PRESENCE frame. */
  presenceBatchMs: number;
  /** How often open connections are checked against their sessions (a sign-out elsewhere ends them). */
  sessionCheckMs: number;
}

export const defaultHubOptions: LiveHubOptions = {
  heartbeatMs: 30_000,
  ratePerSecond: 30,
  rateBurst: 60,
  softBufferBytes: 256 * 1024,
  hardBufferBytes: 4 * 1024 * 1024,
  presenceBatchMs: 250,
  sessionCheckMs: 60_000,
};

export interface LiveUser {
  id: number;
  username: string;
  displayName: string;
  /** The stored id of the session the connection was opened with. */
  sessionId: string;
}

interface Connection {
  id: string;
  socket: WebSocket;
  user: LiveUser;
  channels: Set<string>;
  /** Rooms this connection joined, with what leaving needs to know. */
  rooms: Map<string, { roomId: number; hostId: number }>;
  alive: boolean;
  tokens: number;
  refilledAt: number;
  throttled: number;
}

/** What travels on the bus: a serialized frame for a channel's sockets, or a subscription change for a member's sockets. */
type Envelope =
  { frame: string; except?: string; droppable?: boolean; closesRoom?: string } | { control: "subscribe" | "unsubscribe"; channel: string };

const channels = {
  user: (id: number) => `user:${id}`,
  room: (code: string) => `room:${code}`,
  group: (id: number) => `group:${id}`,
  presence: "presence",
};

const CLOSE_POLICY = 1008;
const CLOSE_SESSION_ENDED = 4001;
const CLOSE_GOING_AWAY = 1001;
const CLOSE_TRY_AGAIN = 1013;
/** Frames dropped for the rate limit in a row before the connection is closed. */
const MAX_THROTTLED = 100;
const RECEIVER_CACHE_MS = 5000;

/** The /ws hub: connections, presence, rooms, the signalling relay and chat, speaking to channels through the bus. */
export function createLiveHub(deps: {
  db: Kysely<DB>;
  bus: LiveBus;
  state: LiveState;
  log: FastifyBaseLogger;
  options?: Partial<LiveHubOptions>;
}) {
  const { bus, state, log } = deps;
  const options = { ...defaultHubOptions, ...deps.options };
  const messagesRepo = createMessagesRepository(deps.db);
  const groupsRepo = createGroupsRepository(deps.db);
  const roomsRepo = createRoomsRepository(deps.db);
  const liveRepo = createLiveRepository(deps.db);
  const connections = new Set<Connection>();
  const local = new Map<string, Set<Connection>>();

  // Who may receive a direct message, and their settings, change rarely but are read for every message:
  // kept for a few seconds (a settings change on this instance clears its entry at once).
  const receivers = new Map<number, { value: Awaited<ReturnType<typeof messagesRepo.findReceiver>>; until: number }>();
  async function findReceiver(id: number) {
    const cached = receivers.get(id);
    if (cached && cached.until > Date.now()) return cached.value;
    const value = await messagesRepo.findReceiver(id);
    if (receivers.size > 10_000) receivers.clear();
    receivers.set(id, { value, until: Date.now() + RECEIVER_CACHE_MS });
    return value;
  }
  let closed = false;

  const frameOf = (event: ServerEvent) => JSON.stringify(event);

  function send(conn: Connection, frame: string, droppable = false) {
    const socket = conn.socket;
    if (socket.readyState !== WebSocket.OPEN) return;
    if (socket.bufferedAmount > options.hardBufferBytes) {
      log.warn({ event: "ws_slow_consumer", userId: conn.user.id, buffered: socket.bufferedAmount }, "dropping a slow live-link consumer");
      socket.close(CLOSE_TRY_AGAIN, "Too slow");
      // A consumer that can't even take the close frame is cut off.
      setTimeout(() => socket.terminate(), 1000).unref();
      return;
    }
    if (droppable && socket.bufferedAmount > options.softBufferBytes) return;
    socket.send(frame);
  }
  const sendEvent = (conn: Connection, event: ServerEvent) => send(conn, frameOf(event));
  const sendError = (conn: Connection, message: string, code?: string) =>
    sendEvent(conn, { type: "ERROR", payload: { message, ...(code ? { code } : {}) } });

  function deliver(channel: string, raw: string) {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(raw) as Envelope;
    } catch {
      return;
    }
    const members = local.get(channel);
    if (!members) return;
    if ("control" in envelope) {
      for (const conn of [...members]) {
        if (envelope.control === "subscribe") void subscribe(conn, envelope.channel);
        else void unsubscribe(conn, envelope.channel);
      }
      return;
    }
    for (const conn of [...members]) {
      if (conn.id !== envelope.except) send(conn, envelope.frame, envelope.droppable);
      if (envelope.closesRoom && conn.rooms.delete(envelope.closesRoom)) void unsubscribe(conn, channel);
    }
  }

  async function subscribe(conn: Connection, channel: string) {
    if (conn.channels.has(channel)) return;
    conn.channels.add(channel);
    let members = local.get(channel);
    if (!members) {
      members = new Set();
      local.set(channel, members);
      members.add(conn);
      await bus.subscribe(channel, (raw) => deliver(channel, raw));
      return;
    }
    members.add(conn);
  }

  async function unsubscribe(conn: Connection, channel: string) {
    if (!conn.channels.delete(channel)) return;
    const members = local.get(channel);
    if (!members) return;
    members.delete(conn);
    if (members.size === 0) {
      local.delete(channel);
      await bus.unsubscribe(channel);
    }
  }

  async function publish(channel: string, event: ServerEvent, extra: { except?: string; droppable?: boolean; closesRoom?: string } = {}) {
    const envelope: Envelope = { frame: frameOf(event), ...extra };
    await bus.publish(channel, JSON.stringify(envelope));
  }
  const publishControl = (channel: string, control: "subscribe" | "unsubscribe", target: string) =>
    bus.publish(channel, JSON.stringify({ control, channel: target } satisfies Envelope));

  // ------------------------------------------------------------------ presence

  // Presence changes are batched: when many members connect at once (after a restart, say), everyone gets
  // a few frames listing many members instead of one frame per member (which would be quadratic).
  const pendingPresence = new Map<number, boolean>();
  let presenceTimer: ReturnType<typeof setTimeout> | null = null;

  function announcePresence(userId: number, online: boolean) {
    pendingPresence.set(userId, online);
    presenceTimer ??= setTimeout(() => void flushPresence(), options.presenceBatchMs);
  }

  async function flushPresence() {
    presenceTimer = null;
    if (closed || pendingPresence.size === 0) return;
    const users = [...pendingPresence].map(([userId, online]) => ({ userId, online }));
    pendingPresence.clear();
    await publish(channels.presence, { type: "PRESENCE", payload: { snapshot: false, users } }, { droppable: true }).catch(
      (error: unknown) => log.error({ err: error, event: "presence_failed" }, "announcing presence failed"),
    );
  }

  // ------------------------------------------------------------------ rooms

  async function leaveRoom(conn: Connection, roomCode: string) {
    const joined = conn.rooms.get(roomCode);
    if (!joined) return false;
    conn.rooms.delete(roomCode);
    const userId = conn.user.id;
    const now = new Date().toISOString();
    await state.leaveRoom(roomCode, userId);
    await unsubscribe(conn, channels.room(roomCode));
    if (joined.hostId === userId) {
      await closeRoom(joined.roomId, roomCode, now);
    } else {
      await roomsRepo.removeMember(joined.roomId, userId, now);
      await publish(channels.room(roomCode), { type: "ROOM_INFO", payload: { roomCode, event: "USER_LEFT", userId } });
    }
    return true;
  }

  /** Ends a room for everyone in it, on every instance. */
  async function closeRoom(roomId: number, roomCode: string, now = new Date().toISOString()) {
    await roomsRepo.close(roomId, now);
    await state.clearRoom(roomCode);
    await publish(channels.room(roomCode), { type: "ROOM_INFO", payload: { roomCode, event: "ROOM_CLOSED" } }, { closesRoom: roomCode });
  }

  // ------------------------------------------------------------------ handlers

  const handlers: { [T in ClientEvent["type"]]: (conn: Connection, payload: ClientPayload<T>) => Promise<void> } = {
    async CHAT_MESSAGE(conn, payload) {
      // One target: a room's chat wins over a group's, which wins over a direct message (spec clients send all fields).
      if (!payload.roomCode && !payload.groupId && !payload.receiverId) return sendError(conn, liveErrors.missingTarget, "missing_target");
      const sender = conn.user;
      const base = {
        senderId: sender.id,
        receiverId: null,
        groupId: null,
        roomCode: null,
        content: payload.message,
        createdAt: new Date().toISOString(),
      };
      const extra = { senderName: sender.displayName, clientId: payload.clientId };

      if (payload.receiverId && !payload.roomCode && !payload.groupId) {
        const receiverId = payload.receiverId;
        const receiver = receiverId === sender.id ? undefined : await findReceiver(receiverId);
        if (!receiver) return sendError(conn, liveErrors.receiverNotFound, "receiver_not_found");
        if (!receiver.settings.messageRequests && !(await messagesRepo.haveTalked(sender.id, receiverId))) {
          return sendError(conn, liveErrors.messageRequestsOff, "message_requests_off");
        }
        const row = await messagesRepo.insert({ ...base, receiverId });
        const message = presentMessage(row, extra);
        sendEvent(conn, { type: "CHAT_MESSAGE_SENT", payload: message });
        await publish(channels.user(receiverId), {
          type: "CHAT_MESSAGE",
          payload: presentMessage(row, { senderName: sender.displayName }),
        });
        // The sender's other tabs see their own message too.
        await publish(channels.user(sender.id), { type: "CHAT_MESSAGE", payload: message }, { except: conn.id });
        return;
      }
      if (payload.roomCode) {
        const roomCode = payload.roomCode;
        if (!conn.rooms.has(roomCode)) return sendError(conn, liveErrors.notInRoom, "not_in_room");
        const row = await messagesRepo.insert({ ...base, roomCode });
        sendEvent(conn, { type: "CHAT_MESSAGE_SENT", payload: presentMessage(row, extra) });
        await publish(
          channels.room(roomCode),
          { type: "CHAT_MESSAGE", payload: presentMessage(row, { senderName: sender.displayName }) },
          { except: conn.id },
        );
        return;
      }
      const groupId = payload.groupId!;
      if (!(await groupsRepo.isMember(groupId, sender.id))) return sendError(conn, liveErrors.notGroupMember, "not_group_member");
      const row = await messagesRepo.insert({ ...base, groupId });
      sendEvent(conn, { type: "CHAT_MESSAGE_SENT", payload: presentMessage(row, extra) });
      await publish(
        channels.group(groupId),
        { type: "CHAT_MESSAGE", payload: presentMessage(row, { senderName: sender.displayName }) },
        { except: conn.id },
      );
    },

    async JOIN_ROOM(conn, { roomCode }) {
      const room = await roomsRepo.findActiveByCode(roomCode);
      if (!room) return sendError(conn, liveErrors.roomNotFound, "room_not_found");
      const participant: Participant = {
        userId: conn.user.id,
        username: conn.user.username,
        displayName: conn.user.displayName,
        isHost: room.hostId === conn.user.id,
        video: true,
        audio: true,
      };
      // Subscribe first, so nothing said in the room between joining and subscribing is missed.
      await subscribe(conn, channels.room(roomCode));
      const result = await state.joinRoom(roomCode, participant, room.maxParticipants);
      if (!result.ok) {
        if (!conn.rooms.has(roomCode)) await unsubscribe(conn, channels.room(roomCode));
        return sendError(conn, liveErrors.roomFull, "room_full");
      }
      conn.rooms.set(roomCode, { roomId: room.id, hostId: room.hostId });
      await roomsRepo.addMember(room.id, conn.user.id, new Date().toISOString());
      sendEvent(conn, {
        type: "ROOM_INFO",
        payload: { roomCode, name: room.name, hostId: room.hostId, participants: result.participants },
      });
      await publish(
        channels.room(roomCode),
        { type: "ROOM_INFO", payload: { roomCode, event: "USER_JOINED", participant } },
        { except: conn.id },
      );
    },

    async LEAVE_ROOM(conn, { roomCode }) {
      if (!(await leaveRoom(conn, roomCode))) sendError(conn, liveErrors.notInRoom, "not_in_room");
    },

    async VIDEO_OFFER(conn, payload) {
      await relaySignal(conn, payload, { type: "VIDEO_OFFER", payload: { ...payload, fromUserId: conn.user.id } });
    },
    async VIDEO_ANSWER(conn, payload) {
      await relaySignal(conn, payload, { type: "VIDEO_ANSWER", payload: { ...payload, fromUserId: conn.user.id } });
    },
    async NEW_ICE_CANDIDATE(conn, payload) {
      await relaySignal(conn, payload, { type: "NEW_ICE_CANDIDATE", payload: { ...payload, fromUserId: conn.user.id } });
    },

    async TYPING(conn, payload) {
      const typing = (extra: { receiverId?: number; roomCode?: string; groupId?: number }): ServerEvent => ({
        type: "TYPING",
        payload: {
          fromUserId: conn.user.id,
          receiverId: extra.receiverId ?? null,
          roomCode: extra.roomCode ?? null,
          groupId: extra.groupId ?? null,
          isTyping: payload.isTyping,
        },
      });
      if (payload.receiverId)
        return publish(channels.user(payload.receiverId), typing({ receiverId: payload.receiverId }), { droppable: true });
      if (payload.roomCode) {
        if (!conn.rooms.has(payload.roomCode)) return sendError(conn, liveErrors.notInRoom, "not_in_room");
        return publish(channels.room(payload.roomCode), typing({ roomCode: payload.roomCode }), { except: conn.id, droppable: true });
      }
      if (payload.groupId) {
        if (!conn.channels.has(channels.group(payload.groupId))) return sendError(conn, liveErrors.notGroupMember, "not_group_member");
        return publish(channels.group(payload.groupId), typing({ groupId: payload.groupId }), { except: conn.id, droppable: true });
      }
      sendError(conn, liveErrors.missingTarget, "missing_target");
    },

    async MEDIA_STATE(conn, { roomCode, video, audio }) {
      if (!conn.rooms.has(roomCode)) return sendError(conn, liveErrors.notInRoom, "not_in_room");
      await state.updateMedia(roomCode, conn.user.id, { video, audio });
      await publish(
        channels.room(roomCode),
        { type: "MEDIA_STATE", payload: { roomCode, userId: conn.user.id, video, audio } },
        { except: conn.id },
      );
    },

    async READ(conn, payload) {
      const now = new Date().toISOString();
      if (payload.otherUserId) {
        await messagesRepo.markConversationRead(conn.user.id, payload.otherUserId, now);
        await notifyRead(conn.user.id, payload.otherUserId, now);
        return;
      }
      if (payload.groupId) {
        await groupsRepo.markRead(payload.groupId, conn.user.id, now);
        return;
      }
      sendError(conn, liveErrors.missingTarget, "missing_target");
    },
  };

  /** Signalling goes only between two members of the same room; fromUserId is the sender's own id. */
  async function relaySignal(conn: Connection, target: { roomCode: string; targetUserId: number }, event: ServerEvent) {
    if (!conn.rooms.has(target.roomCode)) return sendError(conn, liveErrors.notInRoom, "not_in_room");
    if (target.targetUserId === conn.user.id || !(await state.isInRoom(target.roomCode, target.targetUserId))) {
      return sendError(conn, liveErrors.targetNotInRoom, "target_not_in_room");
    }
    await publish(channels.user(target.targetUserId), event);
  }

  /** Tells the other member their messages were read (when the reader shares read receipts), and the reader's other tabs. */
  async function notifyRead(readerId: number, otherUserId: number, readAt: string) {
    const event: ServerEvent = { type: "READ", payload: { readerId, otherUserId, readAt } };
    await publish(channels.user(readerId), event);
    const settings = await messagesRepo.settings(readerId);
    if (settings.readReceipts) await publish(channels.user(otherUserId), event);
  }

  /** Spends one token of the connection's bucket; false when it is empty. */
  function takeToken(conn: Connection): boolean {
    const now = Date.now();
    conn.tokens = Math.min(options.rateBurst, conn.tokens + ((now - conn.refilledAt) / 1000) * options.ratePerSecond);
    conn.refilledAt = now;
    if (conn.tokens < 1) return false;
    conn.tokens -= 1;
    return true;
  }

  async function handleFrame(conn: Connection, data: WebSocket.RawData, isBinary: boolean) {
    if (!takeToken(conn)) {
      conn.throttled += 1;
      if (conn.throttled === 1) sendError(conn, liveErrors.rateLimited, "rate_limited");
      if (conn.throttled > MAX_THROTTLED) conn.socket.close(CLOSE_POLICY, "Rate limit exceeded");
      return;
    }
    conn.throttled = 0;
    let json: unknown;
    try {
      json = JSON.parse(isBinary ? "" : data.toString());
    } catch {
      return sendError(conn, liveErrors.invalidJson, "invalid_json");
    }
    const parsed = clientEventSchema.safeParse(json);
    if (!parsed.success) {
      const type = (json as { type?: unknown } | null)?.type;
      const known = typeof type === "string" && type in handlers;
      if (!known) return sendError(conn, liveErrors.unknownType, "unknown_type");
      return sendError(conn, parsed.error.issues[0]?.message ?? liveErrors.invalidJson, "invalid_payload");
    }
    const event = parsed.data;
    try {
      await (handlers[event.type] as (conn: Connection, payload: unknown) => Promise<void>)(conn, event.payload);
    } catch (error) {
      log.error({ err: error, event: "ws_handler_failed", type: event.type, userId: conn.user.id }, "live-link handler failed");
      sendError(conn, liveErrors.internal, "internal");
    }
  }

  async function handleClose(conn: Connection) {
    if (!connections.delete(conn) || closed) return;
    try {
      for (const roomCode of [...conn.rooms.keys()]) await leaveRoom(conn, roomCode);
      for (const channel of [...conn.channels]) await unsubscribe(conn, channel);
      const remaining = await state.removeConnection(conn.user.id);
      if (remaining === 0 && (await messagesRepo.settings(conn.user.id)).onlineStatus) announcePresence(conn.user.id, false);
    } catch (error) {
      log.error({ err: error, event: "ws_close_failed" }, "cleaning up a live-link connection failed");
    }
  }

  const heartbeat = setInterval(() => {
    for (const conn of connections) {
      if (!conn.alive) {
        log.info({ event: "ws_dead", userId: conn.user.id }, "dropping a live-link connection that stopped answering pings");
        conn.socket.terminate();
        continue;
      }
      conn.alive = false;
      conn.socket.ping();
    }
  }, options.heartbeatMs);
  heartbeat.unref();

  // Identity is fixed when the socket opens; a session ended since (sign-out, expiry) ends the socket too.
  const sessionCheck = setInterval(() => {
    const open = [...connections];
    if (open.length === 0) return;
    liveRepo
      .validSessionIds([...new Set(open.map((conn) => conn.user.sessionId))], new Date().toISOString())
      .then((valid) => {
        for (const conn of open) {
          if (!valid.has(conn.user.sessionId)) conn.socket.close(CLOSE_SESSION_ENDED, "Session ended");
        }
      })
      .catch((error: unknown) => log.error({ err: error, event: "ws_session_check_failed" }, "checking live-link sessions failed"));
  }, options.sessionCheckMs);
  sessionCheck.unref();

  return {
    /** Takes over an upgraded socket of a signed-in member. */
    async accept(socket: WebSocket, user: LiveUser) {
      const conn: Connection = {
        id: randomUUID(),
        socket,
        user,
        channels: new Set(),
        rooms: new Map(),
        alive: true,
        tokens: options.rateBurst,
        refilledAt: Date.now(),
        throttled: 0,
      };
      connections.add(conn);
      // Frames that arrive while the subscriptions are being set up wait for them.
      let ready!: () => void;
      const setUp = new Promise<void>((resolve) => (ready = resolve));
      let queue = setUp;
      socket.on("message", (data, isBinary) => {
        queue = queue.then(() => handleFrame(conn, data, isBinary));
      });
      socket.on("pong", () => {
        conn.alive = true;
      });
      socket.on("close", () => {
        queue = queue.then(() => handleClose(conn));
      });
      socket.on("error", (error) => log.info({ err: error, event: "ws_error" }, "live-link socket error"));
      try {
        await subscribe(conn, channels.user(user.id));
        await subscribe(conn, channels.presence);
        for (const groupId of await groupsRepo.groupIdsOf(user.id)) await subscribe(conn, channels.group(groupId));
        const settings = await messagesRepo.settings(user.id);
        await state.setVisible(user.id, settings.onlineStatus);
        const count = await state.addConnection(user.id);
        if (count === 1 && settings.onlineStatus) announcePresence(user.id, true);
        const online = await state.onlineUserIds();
        send(conn, frameOf({ type: "PRESENCE", payload: { snapshot: true, users: online.map((userId) => ({ userId, online: true })) } }));
      } catch (error) {
        log.error({ err: error, event: "ws_setup_failed" }, "setting up a live-link connection failed");
        socket.close(CLOSE_TRY_AGAIN, "Try again");
      } finally {
        ready();
      }
    },

    /** A group's chat now reaches every open connection of the member (after joining it through the API). */
    async memberJoinedGroup(userId: number, groupId: number) {
      await publishControl(channels.user(userId), "subscribe", channels.group(groupId));
      await publish(channels.user(userId), { type: "GROUP_JOINED", payload: { groupId } });
    },
    async memberLeftGroup(userId: number, groupId: number) {
      await publishControl(channels.user(userId), "unsubscribe", channels.group(groupId));
    },
    notifyRead,
    closeRoom,
    /** A member changed their message settings: forget what this instance remembered about them. */
    settingsChanged(userId: number) {
      receivers.delete(userId);
    },
    /** A member changed their online-status toggle: tell everyone what they may now see. */
    async presenceSettingChanged(userId: number, visible: boolean) {
      await state.setVisible(userId, visible);
      if (await state.isOnline(userId)) announcePresence(userId, visible);
    },
    /** Members in each room right now (from the shared state, so correct across instances). */
    participants: (roomCode: string) => state.participants(roomCode),
    connectionCount: () => connections.size,

    async close() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      clearInterval(sessionCheck);
      if (presenceTimer) clearTimeout(presenceTimer);
      for (const conn of connections) conn.socket.close(CLOSE_GOING_AWAY, "Server shutting down");
      await bus.close();
      await state.close();
    },
  };
}
export type LiveHub = ReturnType<typeof createLiveHub>;
