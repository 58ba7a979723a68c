import { useEffect, useRef, useSyncExternalStore } from "react";
import { LIVE_RETRY_MS } from "@shared/constants";
import type {
  ClientEventType,
  ClientPayload,
  ServerEvent,
  ServerEventType,
  ServerPayload,
  serverEventSchema,
} from "@shared/contracts/live";
import { useAuth } from "@web/features/auth/use-auth";

type Handler = (payload: never) => void | Promise<void>;

/**
 * The contract that checks each frame, loaded with the first connection: it brings zod, 23 KiB that every page
 * evaluated right after its first paint, and a visitor's page never connects (issue 9).
 */
let serverEvents: typeof serverEventSchema | null = null;
let loadingServerEvents: Promise<void> | null = null;
export const loadServerEvents = () =>
  (loadingServerEvents ??= import("@shared/contracts/live").then(
    (contract) => {
      serverEvents = contract.serverEventSchema;
    },
    (error: unknown) => {
      loadingServerEvents = null;
      throw error;
    },
  ));

/**
 * The live link of spec §7: one WebSocket to /ws on the page's own host (wss on https), open only while
 * a member is signed in and some screen needs it, retried every LIVE_RETRY_MS after a drop.
 * Typed end to end with the shared event map; every frame received is validated by it.
 */
export class LiveLink {
  private socket: WebSocket | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private handlers = new Map<ServerEventType, Set<Handler>>();
  private statusListeners = new Set<() => void>();
  private users = 0;
  private userId: number | null = null;
  private presenceListeners = new Set<() => void>();
  /**
   * Presence as the server tells it, kept by the link itself (a screen that opens after the connect's snapshot still
   * knows): true online, false offline. A member missing is one whose presence this member may not see.
   */
  private presence: ReadonlyMap<number, boolean> = new Map();
  connected = false;

  /** Keeps the link open for the signed-in member until the returned release is called. */
  retain(userId: number): () => void {
    if (this.userId !== userId) {
      this.stop();
      this.userId = userId;
    }
    this.users += 1;
    if (!this.socket) this.open();
    return () => {
      this.users = Math.max(0, this.users - 1);
      // Let a page change (release, then retain) keep the same socket.
      setTimeout(() => {
        if (this.users === 0) this.stop();
      }, 1000);
    };
  }

  /** Sends an event; answers false when the link isn't open (the caller shows Connection Lost). */
  send<T extends ClientEventType>(type: T, payload: ClientPayload<T>): boolean {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify({ type, payload }));
    return true;
  }

  /** Calls `handler` for each event of `type` until the returned function is called; an async handler's failure is logged. */
  on<T extends ServerEventType>(type: T, handler: (payload: ServerPayload<T>) => void | Promise<void>): () => void {
    const set = this.handlers.get(type) ?? new Set();
    set.add(handler as Handler);
    this.handlers.set(type, set);
    return () => set.delete(handler as Handler);
  }

  subscribeStatus = (listener: () => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  getConnected = () => this.connected;

  subscribePresence = (listener: () => void) => {
    this.presenceListeners.add(listener);
    return () => this.presenceListeners.delete(listener);
  };

  /** Presence as of the last PRESENCE frame (a new map at each change, so it can be compared). */
  getPresence = (): ReadonlyMap<number, boolean> => this.presence;

  private setPresence(presence: ReadonlyMap<number, boolean>) {
    this.presence = presence;
    for (const listener of this.presenceListeners) listener();
  }

  private setConnected(connected: boolean) {
    if (this.connected === connected) return;
    this.connected = connected;
    for (const listener of this.statusListeners) listener();
  }

  private open() {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (!serverEvents) {
      const retry = () => {
        if (this.users > 0 && !this.socket && !this.retryTimer) this.retryTimer = setTimeout(() => this.open(), LIVE_RETRY_MS);
      };
      void loadServerEvents().then(() => {
        if (this.users > 0 && !this.socket) this.open();
      }, retry);
      return;
    }
    const protocol = window.location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${protocol}://${window.location.host}/ws`);
    this.socket = socket;
    socket.addEventListener("open", () => this.setConnected(true));
    socket.addEventListener("message", (message) => this.dispatch(message.data));
    socket.addEventListener("close", () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.setConnected(false);
      if (this.users > 0) this.retryTimer = setTimeout(() => this.open(), LIVE_RETRY_MS);
    });
  }

  private stop() {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close();
    this.setConnected(false);
    this.setPresence(new Map());
  }

  private dispatch(data: unknown) {
    let event: ServerEvent;
    try {
      const parsed = serverEvents?.safeParse(JSON.parse(String(data)));
      if (!parsed?.success) return;
      event = parsed.data;
    } catch {
      return;
    }
    if (event.type === "PRESENCE") {
      const next = new Map(event.payload.snapshot ? [] : this.presence);
      for (const user of event.payload.users) next.set(user.userId, user.online);
      this.setPresence(next);
    }
    for (const handler of this.handlers.get(event.type) ?? []) {
      const done = (handler as (payload: unknown) => unknown)(event.payload);
      if (done instanceof Promise) done.catch((error: unknown) => console.error(`Handling ${event.type} failed`, error));
    }
  }
}

const notConnected = () => false;
const nobodysPresence: ReadonlyMap<number, boolean> = new Map();
/** Presence as the server's render of a page knows it: nobody's. */
export const noPresence = () => nobodysPresence;

/** The page's one live link. */
export const liveLink = new LiveLink();

/** Opens the live link while a member is signed in and the calling screen is shown; answers whether it is connected. */
export function useLiveLink(): { connected: boolean; send: LiveLink["send"] } {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  useEffect(() => {
    if (userId === null) return;
    return liveLink.retain(userId);
  }, [userId]);
  // The server's render of the page has no link: the browser takes that page over as not connected yet.
  const connected = useSyncExternalStore(liveLink.subscribeStatus, liveLink.getConnected, notConnected);
  return { connected: userId !== null && connected, send: liveLink.send.bind(liveLink) };
}

/** Calls `handler` for every live event of `type` while the component is mounted (always the latest handler). */
export function useLiveEvent<T extends ServerEventType>(type: T, handler: (payload: ServerPayload<T>) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => liveLink.on(type, (payload) => latest.current(payload)), [type]);
}
