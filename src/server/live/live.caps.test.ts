import { afterAll, beforeAll, expect, it } from "vitest";
import WebSocket from "ws";
import { type ServerEvent, liveErrors } from "@shared/contracts/live";
import { roomMessages } from "@shared/contracts/rooms";
import { createManualClock } from "../clock";
import { describeEachDatabase } from "../test/app";
import { type Member, registerMember } from "../test/factories";
import { LiveClient, startLiveTestApp } from "../test/live";
import { CLOSE_TOO_MANY_CONNECTIONS } from "./hub";

/** Caps on what one member (or one address) may hold or do, each configurable through the environment. */
describeEachDatabase("live link and room caps", (dialect) => {
  let t: Awaited<ReturnType<typeof startLiveTestApp>>;
  const clock = createManualClock(Date.now());
  const clients: LiveClient[] = [];
  const connect = async (member: Member) => {
    const client = await LiveClient.connect(t.wsUrl, member.cookie, { origin: t.origin });
    clients.push(client);
    return client;
  };
  const call = (member: Member | null, method: "GET" | "POST", url: string, payload?: Record<string, unknown>, remoteAddress?: string) =>
    t.app.inject({
      method,
      url,
      headers: member ? { cookie: member.cookie } : {},
      ...(payload !== undefined ? { payload } : {}),
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const createRoom = async (host: Member, name = "Vespers") => {
    const response = await call(host, "POST", "/api/rooms", { name });
    expect(response.statusCode).toBe(201);
    return response.json().roomCode as string;
  };
  /** Opens a raw connection: answers the frames it got and its close code, or null for a code once it is accepted. */
  const attempt = (member: Member) =>
    new Promise<{ frames: ServerEvent[]; code: number | null }>((resolve) => {
      const socket = new WebSocket(t.wsUrl, { headers: { cookie: member.cookie, origin: t.origin } });
      const frames: ServerEvent[] = [];
      socket.on("message", (data) => {
        const event = JSON.parse(data.toString()) as ServerEvent;
        frames.push(event);
        if (event.type === "PRESENCE") {
          socket.close();
          resolve({ frames, code: null });
        }
      });
      socket.on("close", (code) => resolve({ frames, code }));
    });
  /** Moves the clock to the start of the next window of `seconds`, so every throttle window restarts. */
  const nextWindow = (seconds: number) => clock.advance(seconds * 1000 - (clock.now() % (seconds * 1000)));

  beforeAll(async () => {
    t = await startLiveTestApp(dialect, {
      clock,
      env: {
        LIVE_MAX_CONNECTIONS_PER_MEMBER: "3",
        ROOM_CREATE_LIMIT: "3",
        ROOM_CREATE_WINDOW_SECONDS: "600",
        ROOM_LOOKUP_LIMIT: "4",
        ROOM_LOOKUP_WINDOW_SECONDS: "60",
        ROOM_EMPTY_GRACE_SECONDS: "120",
      },
    });
  });
  afterAll(async () => {
    for (const client of clients) client.socket.terminate();
    await t.close();
  });

  it("caps the connections one member holds open: the next one gets ERROR and close 4029, and a freed slot opens again", async () => {
    const member = await registerMember(t.app);
    const open = [await connect(member), await connect(member), await connect(member)];
    const refused = await attempt(member);
    expect(refused.code).toBe(CLOSE_TOO_MANY_CONNECTIONS);
    expect(refused.frames).toEqual([{ type: "ERROR", payload: { message: liveErrors.tooManyConnections, code: "too_many_connections" } }]);
    for (const client of open) expect(client.socket.readyState).toBe(WebSocket.OPEN);
    // Another member is not affected.
    await connect(await registerMember(t.app));

    // Once one closes (and the server has counted it out), a new one is accepted.
    await open[0]!.close();
    await expect.poll(async () => (await attempt(member)).code === null).toBe(true);
  });

  it("throttles room creation per member with 429 and Retry-After, and allows it again in the next window", async () => {
    nextWindow(600);
    const host = await registerMember(t.app);
    for (let i = 0; i < 3; i += 1) await createRoom(host, `Room ${i}`);
    const refused = await call(host, "POST", "/api/rooms", { name: "One too many" });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(roomMessages.createThrottled);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Another member may still create one.
    await createRoom(await registerMember(t.app));
    nextWindow(600);
    await createRoom(host, "Next window");
  });

  it("throttles room-code look-ups per address and per member, misses included: 429 over HTTP and ERROR over /ws", async () => {
    nextWindow(60);
    const host = await registerMember(t.app);
    const roomCode = await createRoom(host);
    // Anonymous guesses from one address.
    for (const guess of ["ZZZZZ1", "ZZZZZ2", "ZZZZZ3", "ZZZZZ4"])
      expect((await call(null, "GET", `/api/rooms/${guess}`)).statusCode).toBe(404);
    const blocked = await call(null, "GET", `/api/rooms/${roomCode}`);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(roomMessages.lookupThrottled);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    expect((await call(null, "GET", `/api/rooms/${roomCode}`, undefined, "192.0.2.7")).statusCode).toBe(200);

    // A member's look-ups over HTTP and JOIN_ROOM count together.
    const guesser = await registerMember(t.app);
    for (const guess of ["YYYYY1", "YYYYY2", "YYYYY3"]) expect((await call(guesser, "GET", `/api/rooms/${guess}`)).statusCode).toBe(404);
    const client = await connect(guesser);
    client.send("JOIN_ROOM", { roomCode: "YYYYY4" });
    expect((await client.next("ERROR")).message).toBe(liveErrors.roomNotFound);
    client.send("JOIN_ROOM", { roomCode });
    expect(await client.next("ERROR")).toEqual({ message: roomMessages.lookupThrottled, code: "throttled" });
    expect((await call(guesser, "GET", `/api/rooms/${roomCode}`)).statusCode).toBe(429);

    nextWindow(60);
    client.send("JOIN_ROOM", { roomCode });
    expect(await client.next("ROOM_INFO")).toMatchObject({ roomCode });
  });

  it("closes a room when its last participant leaves, and lets a room nobody joined within the grace period expire", async () => {
    nextWindow(600);
    const host = await registerMember(t.app);
    const guest = await registerMember(t.app);
    const listed = async () => ((await call(guest, "GET", "/api/rooms")).json() as { roomCode: string }[]).map((room) => room.roomCode);

    // The host never came; the one guest leaves: the room is over.
    const emptied = await createRoom(host, "Emptied");
    const client = await connect(guest);
    client.send("JOIN_ROOM", { roomCode: emptied });
    await client.next("ROOM_INFO");
    client.send("LEAVE_ROOM", { roomCode: emptied });
    await expect.poll(async () => (await call(guest, "GET", `/api/rooms/${emptied}`)).statusCode).toBe(404);

    const forgotten = await createRoom(host, "Forgotten");
    const attended = await createRoom(host, "Attended");
    const hostClient = await connect(host);
    hostClient.send("JOIN_ROOM", { roomCode: attended });
    await hostClient.next("ROOM_INFO");
    expect(await listed()).toEqual(expect.arrayContaining([forgotten, attended]));
    expect(await listed()).not.toContain(emptied);

    clock.advance(121_000);
    expect(await listed()).toContain(attended);
    expect(await listed()).not.toContain(forgotten);
    expect((await call(guest, "GET", `/api/rooms/${forgotten}`)).statusCode).toBe(404);
    client.send("JOIN_ROOM", { roomCode: forgotten });
    expect((await client.next("ERROR")).message).toBe(liveErrors.roomNotFound);
  });
});
