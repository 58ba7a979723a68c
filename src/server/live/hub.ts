import { randomBytes } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import WebSocket from "ws";
import { type ClientEventType, type ClientPayload, type ServerEvent, clientEventTypes, liveErrors } from "@shared/contracts/live";
import { parseClientEvent } from "@shared/contracts/chat-frame";
import type { Clock } from "../clock";
import type { DB } from "../db/schema";
import { HttpError } from "../http/errors";
import type { LiveBus } from "./bus";
import { createLiveRepository } from "./live.repository";
import type { LiveState, Released, ReleasedSeat } from "./state";

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
  /** How often open connections are checked against their sessions (expiry; sign-outs end them at once). */
  sessionCheckMs: number;
  /** Connections one member may hold open, on all instances together. */
  maxConnectionsPerMember: number;
  /** How long this instance's presence and seats outlive it if it dies; renewed three times per lease. */
  leaseMs: number;
}

export const defaultHubOptions: LiveHubOptions = {
  heartbeatMs: 30_000,
  ratePerSecond: 30,
  rateBurst: 60,
  softBufferBytes: 256 * 1024,
  hardBufferBytes: 4 * 1024 * 1024,
  presenceBatchMs: 250,
  sessionCheckMs: 60_000,
  maxConnectionsPerMember: 20,
  leaseMs: 60_000,
};

export interface LiveUser {
  id: number;
  username: string;
  displayName: string;
  /** The stored id of the session the connection was opened with. */
  sessionId: string;
  /** The address the connection came from (per-address limits such as room joins). */
  ip?: string;
}

/** One open connection as the modules see it: who it is, and how to answer it or subscribe it to a channel. */
export interface LiveConnection {
  readonly id: string;
  readonly user: LiveUser;
  send(event: ServerEvent): void;
  error(message: string, code?: string): void;
  subscribe(channel: string): Promise<void>;
  unsubscribe(channel: string): Promise<void>;
  isSubscribed(channel: string): boolean;
}

export type LiveHandler<T extends ClientEventType> = (conn: LiveConnection, payload: ClientPayload<T>) => Promise<void>;
type ConnectionHook = (conn: LiveConnection) => Promise<void>;
type SeatsReleasedListener = (seats: ReleasedSeat[]) => Promise<void>;
/** Members who may see a member's presence (those they share a conversation with, say); the member may be among them. */
type PresenceAudience = (userId: number) => Promise<number[]>;

export interface PublishOptions {
  /** A connection id that should not get the frame (the sender's own). */
  except?: string;
  /** May be skipped for a socket that is behind (typing, presence). */
  droppable?: boolean;
  /** The channel ends with this frame: every connection in it is unsubscribed after receiving it. */
  closesChannel?: boolean;
}

interface Connection extends LiveConnection {
  socket: WebSocket;
  channels: Set<string>;
  alive: boolean;
  tokens: number;
  refilledAt: number;
  throttled: number;
  /** Counted in the shared presence (false when it was refused at the cap). */
  counted: boolean;
}

/** What travels on the bus: a serialized frame for a channel's sockets, or a control message for a member's sockets. */
type Envelope =
  | ({ frame: string } & PublishOptions)
  | { control: "subscribe" | "unsubscribe"; channel: string }
  | { control: "end-sessions"; sessionId?: string; exceptSessionId?: string };

/** The channel that reaches every connection of one member, on whichever instance. */
export const memberChannel = (userId: number) => `user:${userId}`;

const CLOSE_POLICY = 1008;
const CLOSE_GOING_AWAY = 1001;
const CLOSE_TRY_AGAIN = 1013;
export const CLOSE_SESSION_ENDED = 4001;
export const CLOSE_TOO_MANY_CONNECTIONS = 4029;
/** Frames dropped for the rate limit in a row before the connection is closed. */
const MAX_THROTTLED = 100;
/** How many members' presence audiences are looked up together (more than a PostgreSQL pool's connections). */
const PRESENCE_LOOKUPS_AT_ONCE = 50;

const silentLogger = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;

/**
 * The /ws transport: connections, backpressure, rate buckets, heartbeat, session checks, presence and the bus.
 * It knows no domain: each module registers the handlers of its own client events (`on`), hooks that run when a
 * connection opens or closes, and speaks to channels (`publish`) rather than to sockets.
 */
export function createLiveHub(deps: { db: Kysely<DB>; bus: LiveBus; state: LiveState; clock: Clock; options?: Partial<LiveHubOptions> }) {
  const { bus, state, clock } = deps;
  const options = { ...defaultHubOptions, ...deps.options };
  const sessions = createLiveRepository(deps.db);
  let log = silentLogger;
  const connections = new Set<Connection>();
  const local = new Map<string, Set<Connection>>();
  const handlers = new Map<ClientEventType, LiveHandler<ClientEventType>>();
  const connectHooks: ConnectionHook[] = [];
  const disconnectHooks: ConnectionHook[] = [];
  const seatListeners: SeatsReleasedListener[] = [];
  const audiences: PresenceAudience[] = [];
  const withholders: PresenceAudience[] = [];
  let closed = false;

  // ------------------------------------------------------------------ sending

  function send(conn: Connection, frame: string | Buffer, droppable = false) {
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
    socket.send(frame, { binary: false });
  }
  const sendError = (conn: LiveConnection, message: string, code?: string) =>
    conn.send({ type: "ERROR", payload: { message, ...(code ? { code } : {}) } });

  function deliver(channel: string, envelope: Envelope) {
    const members = local.get(channel);
    if (!members) return;
    if ("control" in envelope) {
      for (const conn of [...members]) {
        if (envelope.control === "end-sessions") {
          if (endsWith(conn, envelope)) conn.socket.close(CLOSE_SESSION_ENDED, "Session ended");
        } else if (envelope.control === "subscribe") void subscribe(conn, envelope.channel);
        else void unsubscribe(conn, envelope.channel);
      }
      return;
    }
    // Encoded once for the whole channel (ws would encode a string again for each socket), and sent as text.
    const frame = members.size > 1 ? Buffer.from(envelope.frame) : envelope.frame;
    for (const conn of [...members]) {
      if (conn.id !== envelope.except) send(conn, frame, envelope.droppable);
      if (envelope.closesChannel) void unsubscribe(conn, channel);
    }
  }
  const endsWith = (conn: Connection, end: { sessionId?: string; exceptSessionId?: string }) =>
    end.sessionId !== undefined ? conn.user.sessionId === end.sessionId : conn.user.sessionId !== end.exceptSessionId;

  async function subscribe(conn: Connection, channel: string) {
    if (conn.channels.has(channel)) return;
    conn.channels.add(channel);
    let members = local.get(channel);
    if (!members) {
      members = new Set();
      local.set(channel, members);
      members.add(conn);
      await bus.subscribe(channel, (message) => deliver(channel, message as Envelope));
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

  async function publish(channel: string, event: ServerEvent, extra: PublishOptions = {}) {
    const envelope: Envelope = { frame: JSON.stringify(event), ...extra };
    await bus.publish(channel, envelope);
  }
  const publishControl = (userId: number, control: Envelope & { control: string }) => bus.publish(memberChannel(userId), control);

  // ------------------------------------------------------------------ presence

  // Presence reaches a member's audience only (the modules say who that is), so a connect costs O(contacts),
  // not O(members online). Changes are batched too: when many members connect at once (after a restart, say),
  // each contact gets a few frames listing many of them instead of one frame per member.
  const pendingPresence = new Map<number, boolean>();
  let presenceTimer: ReturnType<typeof setTimeout> | null = null;

  function announcePresence(userId: number, online: boolean) {
    pendingPresence.set(userId, online);
    presenceTimer ??= setTimeout(() => void flushPresence(), options.presenceBatchMs);
  }

  /** Members the member's presence is withheld from, and whose presence the member doesn't see (a block). */
  async function withheldFrom(userId: number): Promise<Set<number>> {
    const withheld = new Set<number>([userId]);
    for (const find of withholders) for (const id of await find(userId)) withheld.add(id);
    return withheld;
  }

  /** Everyone who may see the member's presence, the member excluded. */
  async function audienceOf(userId: number): Promise<Set<number>> {
    const audience = new Set<number>();
    for (const find of audiences) for (const id of await find(userId)) audience.add(id);
    for (const id of await withheldFrom(userId)) audience.delete(id);
    return audience;
  }

  /** Sends each connected recipient the changes meant for them, one frame each. */
  async function tell(changes: Map<number, { userId: number; online: boolean }[]>) {
    for (const recipient of await state.connectedUserIds([...changes.keys()])) {
      const users = changes.get(recipient)!;
      await publish(memberChannel(recipient), { type: "PRESENCE", payload: { snapshot: false, users } }, { droppable: true });
    }
  }

  async function flushPresence() {
    if (presenceTimer) clearTimeout(presenceTimer);
    presenceTimer = null;
    if (pendingPresence.size === 0) return;
    const pending = [...pendingPresence];
    pendingPresence.clear();
    try {
      const changes = new Map<number, { userId: number; online: boolean }[]>();
      // A few audiences at a time: when thousands of links close together (a restart, a cut network), all their
      // look-ups queued for the database at once, and everything they held lived long enough to be promoted.
      for (let start = 0; start < pending.length; start += PRESENCE_LOOKUPS_AT_ONCE) {
        await Promise.all(
          pending.slice(start, start + PRESENCE_LOOKUPS_AT_ONCE).map(async ([userId, online]) => {
            for (const recipient of await audienceOf(userId)) {
              const list = changes.get(recipient) ?? [];
              list.push({ userId, online });
              changes.set(recipient, list);
            }
          }),
        );
      }
      await tell(changes);
    } catch (error) {
      log.error({ err: error, event: "presence_failed" }, "announcing presence failed");
    }
  }

  // ------------------------------------------------------------------ leases

  /** Tells everyone what an instance that stopped or died left behind: members now offline, and its seats. */
  async function settle(released: Released) {
    for (const userId of released.offline) announcePresence(userId, false);
    if (released.seats.length > 0) {
      for (const listener of seatListeners) {
        await listener(released.seats).catch((error: unknown) =>
          log.error({ err: error, event: "seats_release_failed" }, "releasing the seats of a stopped instance failed"),
        );
      }
    }
  }

  async function renewLease() {
    if (closed) return;
    try {
      if (!(await state.renew())) {
        // Another instance found this one dead (a long pause) and removed its presence and seats: start over.
        log.warn({ event: "live_lease_lost" }, "this instance's live-link lease ran out; reconnecting its members");
        for (const conn of connections) conn.socket.close(CLOSE_TRY_AGAIN, "Try again");
        await state.renew();
        return;
      }
      await settle(await state.reapExpired());
    } catch (error) {
      log.error({ err: error, event: "live_lease_failed" }, "renewing the live-link lease failed");
    }
  }
  const registered = renewLease();
  const leaseTimer = setInterval(() => void renewLease(), Math.max(50, Math.floor(options.leaseMs / 3)));
  leaseTimer.unref();

  // ------------------------------------------------------------------ frames

  /** Spends one token of the connection's bucket; false when it is empty. */
  function takeToken(conn: Connection): boolean {
    const now = clock.now();
    conn.tokens = Math.min(options.rateBurst, conn.tokens + (Math.max(0, now - conn.refilledAt) / 1000) * options.ratePerSecond);
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
    const parsed = parseClientEvent(json);
    if (!parsed.success) {
      const type = (json as { type?: unknown } | null)?.type;
      const known = typeof type === "string" && (clientEventTypes as readonly string[]).includes(type);
      if (!known) return sendError(conn, liveErrors.unknownType, "unknown_type");
      return sendError(conn, parsed.error.issues[0]?.message ?? liveErrors.invalidJson, "invalid_payload");
    }
    const event = parsed.data;
    const handler = handlers.get(event.type);
    try {
      if (!handler) throw new Error(`no handler for ${event.type}`);
      await handler(conn, event.payload);
    } catch (error) {
      // A service's refusal (not found, forbidden, throttled) reads the same as over HTTP.
      if (error instanceof HttpError && error.statusCode < 500) return sendError(conn, error.message, error.code);
      log.error({ err: error, event: "ws_handler_failed", type: event.type, userId: conn.user.id }, "live-link handler failed");
      sendError(conn, liveErrors.internal, "internal");
    }
  }

  async function handleClose(conn: Connection) {
    if (!connections.delete(conn) || closed) return;
    try {
      for (const hook of disconnectHooks) await hook(conn);
      for (const channel of [...conn.channels]) await unsubscribe(conn, channel);
      if (!conn.counted) return;
      const remaining = await state.removeConnection(conn.user.id);
      if (remaining === 0 && (await state.isVisible(conn.user.id))) announcePresence(conn.user.id, false);
    } catch (error) {
      log.error({ err: error, event: "ws_close_failed" }, "cleaning up a live-link connection failed");
    }
  }

  async function setUp(conn: Connection) {
    const { user, socket } = conn;
    await registered;
    const count = await state.addConnection(user.id, options.maxConnectionsPerMember);
    if (count === null) {
      log.warn({ event: "ws_connection_cap", userId: user.id }, "refused a live-link connection over the per-member cap");
      sendError(conn, liveErrors.tooManyConnections, "too_many_connections");
      socket.close(CLOSE_TOO_MANY_CONNECTIONS, "Too many connections");
      return;
    }
    conn.counted = true;
    await subscribe(conn, memberChannel(user.id));
    // A sign-out published before that subscription was in place is caught here.
    if (!(await sessions.validSessionIds([user.sessionId], clock.iso())).has(user.sessionId)) {
      socket.close(CLOSE_SESSION_ENDED, "Session ended");
      return;
    }
    for (const hook of connectHooks) await hook(conn);
    if (count === 1 && (await state.isVisible(user.id))) announcePresence(user.id, true);
    // The snapshot lists everyone whose presence this member may see (and the member): a member left out is unknown.
    const known = [user.id, ...(await audienceOf(user.id))];
    const online = new Set(await state.onlineUserIds(known));
    conn.send({ type: "PRESENCE", payload: { snapshot: true, users: known.map((userId) => ({ userId, online: online.has(userId) })) } });
  }

  // ------------------------------------------------------------------ timers

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

  // Identity is fixed when the socket opens; a session that expired since ends the socket too
  // (a sign-out or a password change ends it at once through `endSessions`).
  const sessionCheck = setInterval(() => {
    const open = [...connections];
    if (open.length === 0) return;
    sessions
      .validSessionIds([...new Set(open.map((conn) => conn.user.sessionId))], clock.iso())
      .then((valid) => {
        for (const conn of open) {
          if (!valid.has(conn.user.sessionId)) conn.socket.close(CLOSE_SESSION_ENDED, "Session ended");
        }
      })
      .catch((error: unknown) => log.error({ err: error, event: "ws_session_check_failed" }, "checking live-link sessions failed"));
  }, options.sessionCheckMs);
  sessionCheck.unref();

  /**
   * One connection. Its methods live on the prototype, not as closures of each connection, and its id is a flat
   * string (randomUUID's is a rope of some thirty pieces): with 10,000 idle sockets both add up (issue 9, goal 4).
   */
  class HubConnection implements Connection {
    readonly id = randomBytes(12).toString("base64url");
    readonly channels = new Set<string>();
    alive = true;
    tokens = options.rateBurst;
    refilledAt = clock.now();
    throttled = 0;
    counted = false;
    constructor(
      readonly user: LiveUser,
      readonly socket: WebSocket,
    ) {}
    send(event: ServerEvent) {
      send(this, JSON.stringify(event));
    }
    error(message: string, code?: string) {
      sendError(this, message, code);
    }
    subscribe(channel: string) {
      return subscribe(this, channel);
    }
    unsubscribe(channel: string) {
      return unsubscribe(this, channel);
    }
    isSubscribed(channel: string) {
      return this.channels.has(channel);
    }
  }

  function stopTimers() {
    clearInterval(heartbeat);
    clearInterval(sessionCheck);
    clearInterval(leaseTimer);
  }

  return {
    /** Forgets every registration: an app about to register its modules (tests build more than one app over a context). */
    resetRegistrations() {
      handlers.clear();
      connectHooks.length = 0;
      disconnectHooks.length = 0;
      seatListeners.length = 0;
      audiences.length = 0;
      withholders.length = 0;
    },
    /** Registers the one handler of a client event type (a second one for the same type is a programming error). */
    on<T extends ClientEventType>(type: T, handler: LiveHandler<T>) {
      if (handlers.has(type)) throw new Error(`The live event ${type} already has a handler.`);
      handlers.set(type, handler as unknown as LiveHandler<ClientEventType>);
    },
    /** Throws unless every client event type of the contract has a handler (checked once the modules have registered). */
    assertEveryEventHandled() {
      const missing = clientEventTypes.filter((type) => !handlers.has(type));
      if (missing.length > 0) throw new Error(`No live handler for: ${missing.join(", ")}.`);
    },
    /** Runs when a connection opens, after its member channel is subscribed and before the presence snapshot. */
    onConnect(hook: ConnectionHook) {
      connectHooks.push(hook);
    },
    /** Runs when a connection closes, before its channels are unsubscribed. */
    onDisconnect(hook: ConnectionHook) {
      disconnectHooks.push(hook);
    },
    /** Adds to who may see a member's presence (the hub tells the union of every audience). */
    presenceAudience(audience: PresenceAudience) {
      audiences.push(audience);
    },
    /** Takes members out of a member's audience both ways (those they blocked or who blocked them, say). */
    presenceWithheld(withheld: PresenceAudience) {
      withholders.push(withheld);
    },
    /**
     * Two or more members just became each other's audience (a first message, a group joined): each learns the
     * others' presence now, rather than at their next connect.
     */
    async sharePresence(userId: number, others: number[]) {
      const withheld = await withheldFrom(userId);
      const strangers = others.filter((other) => !withheld.has(other));
      if (strangers.length === 0) return;
      const online = new Set(await state.onlineUserIds([userId, ...strangers]));
      const changes = new Map<number, { userId: number; online: boolean }[]>();
      changes.set(
        userId,
        strangers.map((other) => ({ userId: other, online: online.has(other) })),
      );
      for (const other of strangers) changes.set(other, [{ userId, online: online.has(userId) }]);
      await tell(changes);
    },
    /**
     * Members who may have stopped being each other's audience (a group left): those who no longer are now see each
     * other offline, rather than online until their next connect.
     */
    async reviewPresence(userId: number, others: number[]) {
      const audience = await audienceOf(userId);
      const gone = others.filter((other) => other !== userId && !audience.has(other));
      if (gone.length === 0) return;
      const changes = new Map<number, { userId: number; online: boolean }[]>();
      changes.set(
        userId,
        gone.map((other) => ({ userId: other, online: false })),
      );
      for (const other of gone) changes.set(other, [{ userId, online: false }]);
      await tell(changes);
    },
    /** Runs when seats are left behind by an instance that stopped or died. */
    onSeatsReleased(listener: SeatsReleasedListener) {
      seatListeners.push(listener);
    },

    publish,
    /** Sends an event to every connection of a member, on every instance. */
    toMember: (userId: number, event: ServerEvent, extra: PublishOptions = {}) => publish(memberChannel(userId), event, extra),
    /** Subscribes every open connection of a member, on every instance, to a channel. */
    subscribeMember: (userId: number, channel: string) => publishControl(userId, { control: "subscribe", channel }),
    unsubscribeMember: (userId: number, channel: string) => publishControl(userId, { control: "unsubscribe", channel }),
    /** Closes a member's connections of one ended session (`sessionId`), or of every session but one, on every instance. */
    endSessions(end: { userId: number; sessionId: string } | { userId: number; exceptSessionId: string }) {
      const { userId, ...which } = end;
      return publishControl(userId, { control: "end-sessions", ...which });
    },

    /** Capped, leased seats shared by every instance (room seats). */
    seats: {
      take: (group: string, memberId: number, value: string, capacity: number) => state.takeSeat(group, memberId, value, capacity),
      release: (group: string, memberId: number) => state.releaseSeat(group, memberId),
      list: (group: string) => state.seats(group),
      has: (group: string, memberId: number) => state.hasSeat(group, memberId),
      update: (group: string, memberId: number, value: string) => state.updateSeat(group, memberId, value),
      clear: (group: string) => state.clearSeats(group),
    },

    /** Two members stopped seeing each other's presence (a block): each is shown the other as offline from now on. */
    async withdrawPresence(a: number, b: number) {
      const changes = new Map([
        [a, [{ userId: b, online: false }]],
        [b, [{ userId: a, online: false }]],
      ]);
      await tell(changes);
    },

    /** A member changed their online-status toggle: tell their audience what it may now see. */
    async setVisible(userId: number, visible: boolean, announce = true) {
      await state.setVisible(userId, visible);
      if (announce && (await state.isOnline(userId))) announcePresence(userId, visible);
    },

    /** Uses the app's logger once it exists. */
    useLogger(logger: FastifyBaseLogger) {
      log = logger;
    },

    /** Takes over an upgraded socket of a signed-in member. */
    async accept(socket: WebSocket, user: LiveUser) {
      const conn = new HubConnection(user, socket);
      connections.add(conn);
      // Frames that arrive while the connection is being set up wait for it.
      let ready!: () => void;
      let queue = new Promise<void>((resolve) => (ready = resolve));
      socket.on("message", (data, isBinary) => {
        queue = queue.then(() => (socket.readyState === WebSocket.OPEN ? handleFrame(conn, data, isBinary) : undefined));
      });
      socket.on("pong", () => {
        conn.alive = true;
      });
      socket.on("close", () => {
        queue = queue.then(() => handleClose(conn));
      });
      socket.on("error", (error) => log.info({ err: error, event: "ws_error" }, "live-link socket error"));
      try {
        await setUp(conn);
      } catch (error) {
        log.error({ err: error, event: "ws_setup_failed" }, "setting up a live-link connection failed");
        socket.close(CLOSE_TRY_AGAIN, "Try again");
      } finally {
        ready();
      }
    },

    connectionCount: () => connections.size,

    /** Whether the member has a live connection open, on any instance (a push waits while they are looking). */
    isOnline: (userId: number) => state.isOnline(userId),

    /** A graceful stop: this instance's presence and seats are removed at once, and everyone is told. */
    async close() {
      if (closed) return;
      closed = true;
      stopTimers();
      try {
        await settle(await state.release());
        await flushPresence();
      } catch (error) {
        log.error({ err: error, event: "live_release_failed" }, "removing this instance's live-link state failed");
      }
      for (const conn of connections) conn.socket.close(CLOSE_GOING_AWAY, "Server shutting down");
      await bus.close();
      await state.close();
    },

    /** For tests: stops as a killed process would, leaving its presence and seats to expire with its lease. */
    async abandon() {
      if (closed) return;
      closed = true;
      stopTimers();
      if (presenceTimer) clearTimeout(presenceTimer);
      for (const conn of connections) conn.socket.terminate();
      await bus.close();
      await state.close();
    },
  };
}
export type LiveHub = ReturnType<typeof createLiveHub>;
