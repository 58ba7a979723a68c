import type { AddressInfo } from "node:net";
import WebSocket from "ws";
import type { ServerEvent, ServerEventType, ServerPayload } from "@shared/contracts/live";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import type { Clock } from "../clock";
import { type AppContext, createContext } from "../context";
import type { Database, Dialect } from "../db/database";
import type { LiveHubOptions } from "../live/hub";
import { openTestDatabase } from "./app";

export interface LiveTestInstance {
  app: Awaited<ReturnType<typeof buildApp>>;
  ctx: AppContext;
  /** ws://127.0.0.1:<port>/ws */
  wsUrl: string;
  origin: string;
  close(): Promise<void>;
}

/** Starts a real, listening instance over `database` (several instances may share one database and one Redis). */
export async function startLiveInstance(
  database: Database,
  dataDir: string,
  options: { env?: Record<string, string>; hub?: Partial<LiveHubOptions>; clock?: Clock } = {},
): Promise<LiveTestInstance> {
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    LOG_LEVEL: "silent",
    ...options.env,
  });
  const ctx = createContext(config, database, options.clock, options.hub);
  const app = await buildApp(ctx);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    ctx,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    origin: `http://127.0.0.1:${port}`,
    close: () => app.close(),
  };
}

/** One listening instance over a fresh test database. */
export async function startLiveTestApp(
  dialect: Dialect,
  options: { env?: Record<string, string>; hub?: Partial<LiveHubOptions>; clock?: Clock } = {},
) {
  const { database, dataDir, drop } = await openTestDatabase(dialect);
  const instance = await startLiveInstance(database, dataDir, options);
  return {
    ...instance,
    database,
    async close() {
      await instance.close();
      await database.close();
      await drop();
    },
  };
}

/** A real WebSocket client that records every event it receives, for assertions. */
export class LiveClient {
  readonly events: ServerEvent[] = [];
  private waiters: Array<{ match: (event: ServerEvent) => boolean; resolve: (event: ServerEvent) => void }> = [];
  closeCode: number | null = null;
  /** The members online when this connection opened, as the hub reported them. */
  snapshot: number[] = [];
  readonly closed: Promise<number>;

  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data) => {
      const event = JSON.parse(data.toString()) as ServerEvent;
      this.events.push(event);
      this.waiters = this.waiters.filter((waiter) => {
        if (!waiter.match(event)) return true;
        waiter.resolve(event);
        return false;
      });
    });
    this.closed = new Promise((resolve) =>
      socket.on("close", (code) => {
        this.closeCode = code;
        resolve(code);
      }),
    );
  }

  /** Opens a connection with a session cookie; resolves once it is open and the presence snapshot has arrived. */
  static async connect(url: string, cookie: string, options: { origin?: string; autoPong?: boolean } = {}): Promise<LiveClient> {
    const socket = new WebSocket(url, {
      headers: { cookie, ...(options.origin ? { origin: options.origin } : {}) },
      autoPong: options.autoPong ?? true,
    });
    const client = new LiveClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("error", reject);
      socket.once("unexpected-response", (_request, response) => reject(new Error(`upgrade refused: ${response.statusCode}`)));
    });
    const snapshot = await client.next("PRESENCE", (payload) => payload.snapshot);
    client.snapshot = snapshot.users.filter((user) => user.online).map((user) => user.userId);
    return client;
  }

  /** The HTTP status an upgrade attempt was refused with. */
  static async refusal(url: string, headers: Record<string, string>): Promise<number> {
    const socket = new WebSocket(url, { headers });
    return new Promise((resolve, reject) => {
      socket.once("unexpected-response", (_request, response) => {
        resolve(response.statusCode ?? 0);
        socket.terminate();
      });
      socket.once("open", () => {
        socket.close();
        reject(new Error("the upgrade was accepted"));
      });
      socket.once("error", () => {});
    });
  }

  send(type: string, payload: unknown) {
    this.socket.send(JSON.stringify({ type, payload }));
  }

  sendRaw(data: string | Buffer) {
    this.socket.send(data);
  }

  /** The next event of `type` matching `where` (including one already received and not yet taken). */
  next<T extends ServerEventType>(
    type: T,
    where: (payload: ServerPayload<T>) => boolean = () => true,
    timeoutMs = 5000,
  ): Promise<ServerPayload<T>> {
    const match = (event: ServerEvent) => event.type === type && where(event.payload as ServerPayload<T>);
    const event = this.events.find(match);
    if (event) {
      this.events.splice(this.events.indexOf(event), 1);
      return Promise.resolve(event.payload) as Promise<ServerPayload<T>>;
    }
    return new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((waiter) => waiter.resolve !== done);
        reject(new Error(`no ${type} within ${timeoutMs} ms; got ${JSON.stringify(this.events.map((e) => e.type))}`));
      }, timeoutMs);
      const done = (event: ServerEvent) => {
        clearTimeout(timer);
        const i = this.events.indexOf(event);
        if (i >= 0) this.events.splice(i, 1);
        resolve(event.payload);
      };
      this.waiters.push({ match, resolve: done });
    }) as Promise<ServerPayload<T>>;
  }

  /** Resolves true if no event of `type` arrives within `ms`. */
  async nothing(type: ServerEventType, ms = 300): Promise<boolean> {
    try {
      await this.next(type, () => true, ms);
      return false;
    } catch {
      return true;
    }
  }

  close() {
    this.socket.close();
    return this.closed;
  }
}
