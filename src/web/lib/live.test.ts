import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { LIVE_RETRY_MS } from "@shared/constants";
import { LiveLink, loadServerEvents } from "./live";

/** A stand-in for the browser's WebSocket that records what the link does with it. */
class FakeSocket {
  static OPEN = 1;
  static instances: FakeSocket[] = [];
  /** The `index`th socket the link opened, which the test expects to exist. */
  static at(index: number): FakeSocket {
    const socket = FakeSocket.instances[index];
    if (!socket) throw new Error(`the link opened no socket #${index}`);
    return socket;
  }
  readyState = 0;
  sent: string[] = [];
  closed = false;
  private listeners = new Map<string, Array<(event: unknown) => void>>();
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  addEventListener(type: string, listener: (event: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
    this.drop();
  }
  open() {
    this.readyState = 1;
    this.emit("open", {});
  }
  drop() {
    this.readyState = 3;
    this.emit("close", {});
  }
  receive(data: unknown) {
    this.emit("message", { data: JSON.stringify(data) });
  }
  private emit(type: string, event: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

describe("LiveLink (the web client of /ws)", () => {
  // The contract that checks frames loads with the first connection (below); the other tests start with it loaded.
  beforeAll(() => loadServerEvents());
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.instances = [];
    vi.stubGlobal("WebSocket", FakeSocket);
    vi.stubGlobal("window", { location: { protocol: "https:", host: "church.example.org" } });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("connects to /ws on the page's own host, with wss on https, only when retained by a signed-in member", () => {
    const link = new LiveLink();
    expect(FakeSocket.instances).toHaveLength(0);
    link.retain(7);
    expect(FakeSocket.instances.map((s) => s.url)).toEqual(["wss://church.example.org/ws"]);
  });

  it("loads the contract that checks frames with its first connection, and opens the socket once it has it", async () => {
    vi.resetModules();
    const fresh = await import("./live");
    const link = new fresh.LiveLink();
    link.retain(7);
    expect(FakeSocket.instances).toHaveLength(0);
    await fresh.loadServerEvents();
    expect(FakeSocket.instances.map((s) => s.url)).toEqual(["wss://church.example.org/ws"]);
  });

  it("retries every 5000 ms after a drop until connected", () => {
    const link = new LiveLink();
    link.retain(7);
    FakeSocket.at(0).open();
    expect(link.connected).toBe(true);
    FakeSocket.at(0).drop();
    expect(link.connected).toBe(false);
    vi.advanceTimersByTime(LIVE_RETRY_MS - 1);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.at(1).drop();
    vi.advanceTimersByTime(LIVE_RETRY_MS);
    expect(FakeSocket.instances).toHaveLength(3);
    FakeSocket.at(2).open();
    expect(link.connected).toBe(true);
  });

  it("stops, without retrying, once no screen needs it (sign-out)", () => {
    const link = new LiveLink();
    const release = link.retain(7);
    FakeSocket.at(0).open();
    release();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.at(0).closed).toBe(true);
    vi.advanceTimersByTime(LIVE_RETRY_MS * 3);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it("refuses to send while not open, and sends typed JSON frames when open", () => {
    const link = new LiveLink();
    link.retain(7);
    expect(link.send("JOIN_ROOM", { roomCode: "ABC123" })).toBe(false);
    FakeSocket.at(0).open();
    expect(link.send("JOIN_ROOM", { roomCode: "ABC123" })).toBe(true);
    expect(FakeSocket.at(0).sent.map((frame) => JSON.parse(frame))).toEqual([{ type: "JOIN_ROOM", payload: { roomCode: "ABC123" } }]);
  });

  it("dispatches valid events to their handlers and ignores frames that don't match the contract", () => {
    const link = new LiveLink();
    link.retain(7);
    FakeSocket.at(0).open();
    const errors: string[] = [];
    link.on("ERROR", (payload) => void errors.push(payload.message));
    FakeSocket.at(0).receive({ type: "ERROR", payload: { message: "Nope" } });
    FakeSocket.at(0).receive({ type: "ERROR", payload: { text: "wrong shape" } });
    FakeSocket.at(0).receive({ type: "SOMETHING_ELSE", payload: {} });
    expect(errors).toEqual(["Nope"]);
  });

  it("logs an async handler's failure instead of leaving it unhandled", async () => {
    const link = new LiveLink();
    link.retain(7);
    FakeSocket.at(0).open();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    link.on("ERROR", async () => {
      throw new Error("peer left");
    });
    FakeSocket.at(0).receive({ type: "ERROR", payload: { message: "Nope" } });
    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith("Handling ERROR failed", new Error("peer left")));
    logged.mockRestore();
  });
  it("keeps presence from the connect's snapshot and each change, for screens that open later, and forgets it on sign-out", () => {
    const link = new LiveLink();
    const release = link.retain(7);
    FakeSocket.at(0).open();
    FakeSocket.at(0).receive({
      type: "PRESENCE",
      payload: {
        snapshot: true,
        users: [
          { userId: 1, online: true },
          { userId: 2, online: true },
          { userId: 5, online: false },
        ],
      },
    });
    // A screen subscribing after the snapshot still reads it: online, offline, and unknown (not in it) apart.
    const changed = vi.fn();
    link.subscribePresence(changed);
    expect([...link.getPresence()].sort()).toEqual([
      [1, true],
      [2, true],
      [5, false],
    ]);
    expect(link.getPresence().has(6)).toBe(false);
    FakeSocket.at(0).receive({
      type: "PRESENCE",
      payload: {
        snapshot: false,
        users: [
          { userId: 2, online: false },
          { userId: 3, online: true },
        ],
      },
    });
    expect(changed).toHaveBeenCalledTimes(1);
    expect([...link.getPresence()].sort()).toEqual([
      [1, true],
      [2, false],
      [3, true],
      [5, false],
    ]);
    // A new snapshot replaces everything.
    const before = link.getPresence();
    FakeSocket.at(0).receive({ type: "PRESENCE", payload: { snapshot: true, users: [{ userId: 4, online: true }] } });
    expect(link.getPresence()).not.toBe(before);
    expect([...link.getPresence()]).toEqual([[4, true]]);
    release();
    vi.advanceTimersByTime(1000);
    expect(link.getPresence().size).toBe(0);
  });
});
