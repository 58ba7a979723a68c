import { createHmac, randomInt } from "node:crypto";
import { ROOM_CODE_ALPHABET, ROOM_CODE_LENGTH } from "@shared/constants";
import { type Participant, type ServerEvent, liveErrors } from "@shared/contracts/live";
import { type CreateRoomInput, type IceServers, type SfuAccess, roomMessages } from "@shared/contracts/rooms";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { HttpError, forbidden, isUniqueViolation, notFound } from "../../http/errors";
import type { LiveConnection } from "../../live/hub";
import type { ReleasedSeat, Seat } from "../../live/state";
import { policies } from "../../policies";
import type { ThrottleRule } from "../../throttle/throttle";
import { safetyMessages } from "@shared/contracts/safety";
import { createSafetyService } from "../safety/safety.service";
import { createRoomsRepository } from "./rooms.repository";
import { createJanusClient } from "./janus.client";
import { turnCredentials } from "./turn-credentials";

/** A room code: ROOM_CODE_LENGTH characters of A-Z and 0-9 from a cryptographic random source. */
export function generateRoomCode(): string {
  let code = "";
  for (let i = 0; i < ROOM_CODE_LENGTH; i += 1) code += ROOM_CODE_ALPHABET[randomInt(ROOM_CODE_ALPHABET.length)];
  return code;
}

/** The live channel of a room, which is also the group of its seats. */
export const roomChannel = (roomCode: string) => `room:${roomCode}`;
const ROOM_PREFIX = roomChannel("");

const CODE_ATTEMPTS = 8;

type MediaState = Pick<Participant, "video" | "audio" | "handRaised" | "screenSharing">;

interface JoinedRoom {
  roomId: number;
  roomCode: string;
  hostId: number;
}

/**
 * Conference rooms: creating (throttled per member), finding by code (throttled per member or address, found or
 * not), joining a seat (capped at maxParticipants on every instance), the signalling relay between two members of
 * the same room, and closing: when the host leaves, when the last member leaves, or when nobody joined in time.
 */
export function createRoomsService(ctx: AppContext, log?: Pick<FastifyBaseLogger, "warn">) {
  const rooms = createRoomsRepository(ctx.db);
  const safety = createSafetyService(ctx);
  const { config, clock, throttle, live: hub } = ctx;
  const createRule: ThrottleRule = {
    name: "room-create",
    limit: config.roomCreateLimit,
    windowMs: config.roomCreateWindowMs,
    message: roomMessages.createThrottled,
  };
  const lookupRule: ThrottleRule = {
    name: "room-lookup",
    limit: config.roomLookupLimit,
    windowMs: config.roomLookupWindowMs,
    message: roomMessages.lookupThrottled,
  };
  const joinAddressRule: ThrottleRule = {
    name: "room-join-ip",
    limit: config.roomJoinAddressLimit,
    windowMs: config.roomLookupWindowMs,
    message: roomMessages.joinThrottled,
  };
  /** Rooms created since then are live even while empty (their host is on the way). */
  const liveSince = () => new Date(clock.now() - config.roomEmptyGraceMs).toISOString();
  const participantsOf = (seats: Seat[]) => seats.map((seat) => JSON.parse(seat.value) as Participant);
  const roomEvent = (roomCode: string, event: ServerEvent, extra: { except?: string; closesChannel?: boolean } = {}) =>
    hub.publish(roomChannel(roomCode), event, extra);

  /** The rooms each connection joined (a member's other tabs may not be in them). */
  const joined = new WeakMap<LiveConnection, Map<string, JoinedRoom>>();
  const joinedBy = (conn: LiveConnection) => {
    let rooms = joined.get(conn);
    if (!rooms) joined.set(conn, (rooms = new Map()));
    return rooms;
  };
  /** The room, if this connection is in it (a room closed elsewhere unsubscribed it). */
  const joinedRoom = (conn: LiveConnection, roomCode: string) =>
    conn.isSubscribed(roomChannel(roomCode)) ? joined.get(conn)?.get(roomCode) : undefined;

  // Janus VideoRoom (decision 0015): a room's secret and each member's token are derived from the admin key, so
  // every instance computes the same ones and nothing is stored.
  const sfu = config.sfu;
  const janus = sfu ? createJanusClient(sfu.janusUrl, { adminKey: sfu.adminKey }) : null;
  const sign = (text: string) =>
    createHmac("sha256", sfu?.adminKey ?? "")
      .update(text)
      .digest("base64url");
  const janusRoom = (roomId: number) => ({ room: roomId, secret: sign(`room:${roomId}`) });
  const janusToken = (roomId: number, userId: number) => sign(`member:${roomId}:${userId}`);
  const janusTrouble = (event: string) => (error: unknown) => log?.warn({ err: error, event }, "Janus request failed");

  /** The members knocking from this instance's connections, per room code (to withdraw a knock when they go). */
  const knocking = new WeakMap<LiveConnection, Map<string, number>>();

  /** Tells the host's tabs who waits in the lobby now. */
  async function announceKnocks(room: { roomId: number; roomCode: string; hostId: number }) {
    const waiting = await rooms.waiting(room.roomId);
    await hub.toMember(room.hostId, { type: "ROOM_KNOCKS", payload: { roomCode: room.roomCode, waiting } });
  }

  /** The room this connection hosts and is in, or a refusal: only the host answers knocks, locks, removes or mutes. */
  function hostedRoom(conn: LiveConnection, roomCode: string): JoinedRoom {
    const room = joinedRoom(conn, roomCode);
    if (!room) throw new HttpError(403, liveErrors.notInRoom, "not_in_room");
    if (room.hostId !== conn.user.id) throw new HttpError(403, liveErrors.hostOnly, "host_only");
    return room;
  }

  /** A knocking member gave up: their place in the lobby goes, and the host's list follows. */
  async function withdraw(conn: LiveConnection, roomCode: string): Promise<boolean> {
    const roomId = knocking.get(conn)?.get(roomCode);
    if (roomId === undefined) return false;
    knocking.get(conn)?.delete(roomCode);
    if (await rooms.withdrawKnock(roomId, conn.user.id)) {
      const room = await rooms.findOpenByCode(roomCode);
      if (room) await announceKnocks({ roomId: room.id, roomCode, hostId: room.hostId });
    }
    return true;
  }

  /** Ends a room for everyone in it, on every instance. */
  async function closeRoom(room: { roomId: number; roomCode: string }) {
    const waiting = await rooms.waiting(room.roomId);
    await rooms.close(room.roomId, clock.iso());
    // Members still in the lobby hear it too: the code stops working.
    for (const knocker of waiting) {
      await hub.toMember(knocker.userId, { type: "ROOM_INFO", payload: { roomCode: room.roomCode, event: "ROOM_CLOSED" } });
    }
    await janus?.destroyRoom(janusRoom(room.roomId)).catch(janusTrouble("janus_destroy_failed"));
    await hub.seats.clear(roomChannel(room.roomCode));
    await roomEvent(
      room.roomCode,
      { type: "ROOM_INFO", payload: { roomCode: room.roomCode, event: "ROOM_CLOSED" } },
      { closesChannel: true },
    );
  }

  /** A member's seat is gone: the host leaving, or the last member leaving, closes the room. */
  async function seatLeft(room: JoinedRoom, userId: number, remaining: number) {
    if (room.hostId === userId || remaining === 0) return closeRoom(room);
    await rooms.removeMember(room.roomId, userId, clock.iso());
    // A member who left can't come back into the Janus room with the old token.
    await janus?.setTokens(janusRoom(room.roomId), "remove", [janusToken(room.roomId, userId)]).catch(janusTrouble("janus_revoke_failed"));
    await roomEvent(room.roomCode, { type: "ROOM_INFO", payload: { roomCode: room.roomCode, event: "USER_LEFT", userId } });
  }

  async function leave(conn: LiveConnection, roomCode: string): Promise<boolean> {
    const room = joinedRoom(conn, roomCode);
    joined.get(conn)?.delete(roomCode);
    if (!room) return false;
    const { remaining } = await hub.seats.release(roomChannel(roomCode), conn.user.id);
    await conn.unsubscribe(roomChannel(roomCode));
    await seatLeft(room, conn.user.id, remaining);
    return true;
  }

  return {
    /** Creates a room hosted by the viewer; the active-code unique index settles a (rare) clash with another open room. */
    async create(
      hostId: number,
      input: Required<Pick<CreateRoomInput, "name" | "maxParticipants">> & { description?: string | null; lobby?: boolean },
    ) {
      await throttle.take(createRule, hostId);
      for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
        const roomCode = generateRoomCode();
        try {
          await rooms.create({
            name: input.name,
            description: input.description?.trim() ? input.description.trim() : null,
            roomCode,
            hostId,
            maxParticipants: input.maxParticipants,
            createdAt: clock.iso(),
            lobby: input.lobby ?? config.roomLobbyDefault,
          });
          return (await rooms.findLiveByCode(roomCode, liveSince()))!;
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
        }
      }
      throw new Error("could not find a free room code");
    },

    /** The ICE servers for one member: the configured STUN (or static) servers, then TURN with fresh credentials. */
    iceServers(userId: number): IceServers {
      const { turn, iceServers, iceTransportPolicy } = config;
      if (!turn) return { iceServers, iceTransportPolicy, expiresAt: null };
      const { username, credential, expiresAt } = turnCredentials(turn.secret, userId, clock.now(), turn.ttlMs);
      return { iceServers: [...iceServers, { urls: turn.urls, username, credential }], iceTransportPolicy, expiresAt };
    },

    /**
     * Mesh or SFU: the SFU once more than the threshold of members have their camera on (and Janus is configured).
     * Only a member seated in the room gets the Janus room and a token; the platform's seats stay the authority.
     */
    async sfuAccess(userId: number, roomCode: string): Promise<SfuAccess> {
      const room = await rooms.findLiveByCode(roomCode, liveSince());
      if (!room) throw notFound(roomMessages.notFound);
      const seats = await hub.seats.list(roomChannel(room.roomCode));
      if (!seats.some((seat) => seat.memberId === userId)) throw forbidden(liveErrors.notInRoom);
      if (!sfu || !janus) return { mode: "mesh", videoThreshold: config.sfu?.videoThreshold ?? 4, janus: null };
      const cameras = participantsOf(seats).filter((participant) => participant.video).length;
      const token = janusToken(room.id, userId);
      await janus.ensureRoom({ ...janusRoom(room.id), description: room.name, publishers: room.maxParticipants }, [token]);
      return {
        mode: cameras > sfu.videoThreshold ? "sfu" : "mesh",
        videoThreshold: sfu.videoThreshold,
        janus: { url: sfu.publicUrl, room: room.id, token },
      };
    },

    /** The live rooms, newest first. */
    list: () => rooms.listLive(liveSince()),

    /** A live room by code; every look-up counts against the member's (or the address's) limit, so codes can't be guessed. */
    async find(roomCode: string, requester: { userId: number | null; ip: string }) {
      await throttle.take(lookupRule, requester.userId !== null ? `member:${requester.userId}` : `ip:${requester.ip}`);
      const room = await rooms.findLiveByCode(roomCode, liveSince());
      if (!room) throw notFound(roomMessages.notFound);
      // A member the host blocked can't find the host's room (decision 0016).
      if (requester.userId !== null && (await safety.hasBlocked(room.hostId, requester.userId))) throw notFound(roomMessages.notFound);
      return room;
    },

    async close(viewer: Pick<UserRow, "id" | "role">, roomCode: string) {
      const room = await rooms.findLiveByCode(roomCode, liveSince());
      if (!room) throw notFound(roomMessages.notFound);
      if (!policies.changeOwned(viewer, room.hostId)) throw forbidden(roomMessages.hostOnly);
      await closeRoom({ roomId: room.id, roomCode: room.roomCode });
    },

    /** Closes the rooms nobody joined within the grace period (run now and then by every instance; idempotent). */
    closeExpired: () => rooms.closeExpired(liveSince(), clock.iso()),

    // ---------------------------------------------------------------- over the live link

    /**
     * Takes a seat: the joiner gets everyone present, the others get the newcomer. In a room with a lobby a member
     * the host has not admitted knocks instead and waits (ROOM_ACCESS); a locked room lets nobody new in; a member
     * declined or removed stays out while the room lasts (decision 0022).
     */
    async join(conn: LiveConnection, roomCode: string) {
      await throttle.take(lookupRule, `member:${conn.user.id}`);
      if (conn.user.ip) await throttle.take(joinAddressRule, `ip:${conn.user.ip}`);
      const room = await rooms.findLiveByCode(roomCode, liveSince());
      if (!room) throw new HttpError(404, liveErrors.roomNotFound, "room_not_found");
      if (await safety.hasBlocked(room.hostId, conn.user.id)) throw new HttpError(403, safetyMessages.blockedRoom, "blocked");
      const isHost = room.hostId === conn.user.id;
      if (!isHost) {
        const access = await rooms.access(room.id, conn.user.id);
        if (access === "removed") throw new HttpError(403, liveErrors.removedFromRoom, "removed");
        if (access === "declined") throw new HttpError(403, liveErrors.knockDeclined, "declined");
        if (access !== "admitted") {
          if (room.locked) throw new HttpError(403, liveErrors.roomLocked, "room_locked");
          if (room.lobby) {
            await rooms.setAccess(room.id, conn.user.id, "waiting", clock.iso());
            let mine = knocking.get(conn);
            if (!mine) knocking.set(conn, (mine = new Map()));
            mine.set(roomCode, room.id);
            conn.send({ type: "ROOM_ACCESS", payload: { roomCode, status: "waiting" } });
            await announceKnocks({ roomId: room.id, roomCode, hostId: room.hostId });
            return;
          }
        }
      }
      const participant: Participant = {
        userId: conn.user.id,
        username: conn.user.username,
        displayName: conn.user.displayName,
        isHost: room.hostId === conn.user.id,
        video: true,
        audio: true,
        handRaised: false,
        screenSharing: false,
      };
      const channel = roomChannel(roomCode);
      const wasIn = conn.isSubscribed(channel);
      // Subscribe first, so nothing said in the room between taking the seat and subscribing is missed.
      await conn.subscribe(channel);
      const seats = await hub.seats.take(channel, conn.user.id, JSON.stringify(participant), room.maxParticipants);
      if (!seats) {
        if (!wasIn) await conn.unsubscribe(channel);
        throw new HttpError(409, liveErrors.roomFull, "room_full");
      }
      joinedBy(conn).set(roomCode, { roomId: room.id, roomCode, hostId: room.hostId });
      knocking.get(conn)?.delete(roomCode);
      await rooms.addMember(room.id, conn.user.id, clock.iso());
      // Seated once, let in again after a dropped link even when the room is locked since.
      if (!isHost) await rooms.setAccess(room.id, conn.user.id, "admitted", clock.iso());
      conn.send({
        type: "ROOM_INFO",
        payload: {
          roomCode,
          name: room.name,
          hostId: room.hostId,
          participants: participantsOf(seats),
          lobby: room.lobby,
          locked: room.locked,
        },
      });
      await roomEvent(roomCode, { type: "ROOM_INFO", payload: { roomCode, event: "USER_JOINED", participant } }, { except: conn.id });
      if (isHost && room.lobby) await announceKnocks({ roomId: room.id, roomCode, hostId: room.hostId });
    },

    async leave(conn: LiveConnection, roomCode: string) {
      // Leaving the lobby withdraws the knock.
      if (await withdraw(conn, roomCode)) return;
      if (!(await leave(conn, roomCode))) throw new HttpError(403, liveErrors.notInRoom, "not_in_room");
    },

    /** A closing connection leaves every room it was in, and the lobbies it waited in. */
    async leaveAll(conn: LiveConnection) {
      for (const roomCode of [...(knocking.get(conn)?.keys() ?? [])]) await withdraw(conn, roomCode);
      for (const roomCode of [...(joined.get(conn)?.keys() ?? [])]) await leave(conn, roomCode);
    },

    /** The host lets a waiting member in (they send JOIN_ROOM again to take the seat) or turns them away. */
    async answerKnock(conn: LiveConnection, roomCode: string, userId: number, admit: boolean) {
      const room = hostedRoom(conn, roomCode);
      const status = admit ? "admitted" : "declined";
      if (!(await rooms.answerKnock(room.roomId, userId, status, clock.iso()))) {
        throw new HttpError(404, liveErrors.notWaiting, "not_waiting");
      }
      await hub.toMember(userId, { type: "ROOM_ACCESS", payload: { roomCode, status } });
      await announceKnocks(room);
    },

    /** The host locks the room (no new knocks or joins) or opens it again. */
    async lock(conn: LiveConnection, roomCode: string, locked: boolean) {
      const room = hostedRoom(conn, roomCode);
      await rooms.setLocked(room.roomId, locked);
      const current = await rooms.findLiveByCode(roomCode, liveSince());
      await roomEvent(roomCode, { type: "ROOM_SETTINGS", payload: { roomCode, lobby: current?.lobby ?? false, locked } });
    },

    /** The host removes a participant: their seat goes on every instance, and they can't come back while the room lasts. */
    async remove(conn: LiveConnection, roomCode: string, userId: number) {
      const room = hostedRoom(conn, roomCode);
      if (userId === room.hostId) throw new HttpError(403, liveErrors.cannotRemoveHost, "cannot_remove_host");
      const channel = roomChannel(roomCode);
      if (!(await hub.seats.has(channel, userId))) throw new HttpError(403, liveErrors.targetNotInRoom, "target_not_in_room");
      await rooms.setAccess(room.roomId, userId, "removed", clock.iso());
      const { remaining } = await hub.seats.release(channel, userId);
      await hub.unsubscribeMember(userId, channel);
      await hub.toMember(userId, { type: "ROOM_ACCESS", payload: { roomCode, status: "removed" } });
      await seatLeft(room, userId, remaining);
    },

    /** The host mutes everyone else: each seat shows the microphone off, and each client turns it off. */
    async muteAll(conn: LiveConnection, roomCode: string) {
      hostedRoom(conn, roomCode);
      const channel = roomChannel(roomCode);
      for (const seat of await hub.seats.list(channel)) {
        const participant = JSON.parse(seat.value) as Participant;
        if (seat.memberId === conn.user.id || !participant.audio) continue;
        await hub.seats.update(channel, seat.memberId, JSON.stringify({ ...participant, audio: false }));
        await roomEvent(roomCode, {
          type: "MEDIA_STATE",
          payload: { roomCode, userId: seat.memberId, video: participant.video, audio: false },
        });
      }
      await roomEvent(roomCode, { type: "ROOM_MUTED", payload: { roomCode, byUserId: conn.user.id } }, { except: conn.id });
    },

    /** Whether this connection is in the room (room chat and typing ask). */
    isIn: (conn: LiveConnection, roomCode: string) => joinedRoom(conn, roomCode) !== undefined,

    /** Signalling goes only between two members of the same room; fromUserId is the sender's own id. */
    async relaySignal(conn: LiveConnection, target: { roomCode: string; targetUserId: number }, event: ServerEvent) {
      if (!joinedRoom(conn, target.roomCode)) throw new HttpError(403, liveErrors.notInRoom, "not_in_room");
      if (target.targetUserId === conn.user.id || !(await hub.seats.has(roomChannel(target.roomCode), target.targetUserId))) {
        throw new HttpError(403, liveErrors.targetNotInRoom, "target_not_in_room");
      }
      await hub.toMember(target.targetUserId, event);
    },

    /** Camera and microphone, and (when given) a raised hand or a shared screen: kept in the seat, told to the room. */
    async updateMedia(conn: LiveConnection, roomCode: string, given: MediaState) {
      // Only what was given travels: a client that knows nothing of hands leaves a raised one raised.
      const media = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)) as MediaState;
      if (!joinedRoom(conn, roomCode)) throw new HttpError(403, liveErrors.notInRoom, "not_in_room");
      const channel = roomChannel(roomCode);
      const seat = (await hub.seats.list(channel)).find((candidate) => candidate.memberId === conn.user.id);
      if (seat) await hub.seats.update(channel, conn.user.id, JSON.stringify({ ...(JSON.parse(seat.value) as Participant), ...media }));
      await roomEvent(roomCode, { type: "MEDIA_STATE", payload: { roomCode, userId: conn.user.id, ...media } }, { except: conn.id });
    },

    /**
     * At startup: members the database still shows in a room without a live seat were left there by a process
     * that died (one process killed, or every instance at once); they leave, which closes rooms whose host is gone.
     */
    async releaseStaleMembers() {
      const closed = new Set<number>();
      for (const present of await rooms.presentMembers()) {
        if (closed.has(present.roomId)) continue;
        const seats = await hub.seats.list(roomChannel(present.roomCode));
        if (seats.some((seat) => seat.memberId === present.userId)) continue;
        const room = { roomId: present.roomId, roomCode: present.roomCode, hostId: present.hostId };
        if (present.hostId === present.userId || seats.length === 0) closed.add(present.roomId);
        await seatLeft(room, present.userId, seats.length);
      }
    },

    /** Seats left behind by an instance that stopped or died: as if each member had left. */
    async seatsReleased(seats: ReleasedSeat[]) {
      for (const seat of seats) {
        if (!seat.group.startsWith(ROOM_PREFIX)) continue;
        const roomCode = seat.group.slice(ROOM_PREFIX.length);
        const room = await rooms.findOpenByCode(roomCode);
        if (!room) continue;
        const remaining = (await hub.seats.list(seat.group)).length;
        await seatLeft({ roomId: room.id, roomCode, hostId: room.hostId }, seat.memberId, remaining);
      }
    },
  };
}
export type RoomsService = ReturnType<typeof createRoomsService>;
