import { Redis } from "ioredis";

/** What travels on the bus: a plain value that JSON can carry. */
export type BusMessage = object;
export type BusListener = (message: BusMessage) => void;

/**
 * The pub/sub bus the hub speaks through: channels (user:<id>, room:<code>, group:<id>, presence), not sockets.
 * In memory for one process, where a message is handed over as it is (listeners only read it); Redis when several
 * instances share the load, where it travels as JSON.
 */
export interface LiveBus {
  publish(channel: string, message: BusMessage): Promise<void>;
  /** Starts delivering a channel's messages to this instance; resolves once the subscription is in place. */
  subscribe(channel: string, listener: BusListener): Promise<void>;
  unsubscribe(channel: string): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryBus(): LiveBus {
  const listeners = new Map<string, BusListener>();
  return {
    async publish(channel, message) {
      // Delivered on a later tick, as a network bus would, so publishers never re-enter their own handlers.
      queueMicrotask(() => listeners.get(channel)?.(message));
    },
    async subscribe(channel, listener) {
      listeners.set(channel, listener);
    },
    async unsubscribe(channel) {
      listeners.delete(channel);
    },
    async close() {
      listeners.clear();
    },
  };
}

/** Redis pub/sub: one connection publishes, a second one (in subscriber mode) listens. Channels carry `prefix`. */
export function createRedisBus(url: string, prefix: string): LiveBus {
  const publisher = new Redis(url, { maxRetriesPerRequest: 3 });
  const subscriber = publisher.duplicate();
  const listeners = new Map<string, BusListener>();
  subscriber.on("message", (channel: string, raw: string) => {
    const listener = listeners.get(channel.slice(prefix.length));
    if (!listener) return;
    let message: BusMessage;
    try {
      message = JSON.parse(raw) as BusMessage;
    } catch {
      return;
    }
    listener(message);
  });
  // Errors are retried by ioredis; without a listener they would crash the process.
  publisher.on("error", () => {});
  subscriber.on("error", () => {});
  return {
    async publish(channel, message) {
      await publisher.publish(prefix + channel, JSON.stringify(message));
    },
    async subscribe(channel, listener) {
      listeners.set(channel, listener);
      await subscriber.subscribe(prefix + channel);
    },
    async unsubscribe(channel) {
      listeners.delete(channel);
      await subscriber.unsubscribe(prefix + channel);
    },
    async close() {
      listeners.clear();
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
