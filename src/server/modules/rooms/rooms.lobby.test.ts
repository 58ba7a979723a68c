import { afterAll, beforeAll, expect, it } from "vitest";
import { liveErrors } from "@shared/contracts/live";
import { roomMessages } from "@shared/contracts/rooms";
import { safetyMessages } from "@shared/contracts/safety";
import { describeEachDatabase } from "../../test/app";
import { type Member, registerMember } from "../../test/factories";
import { LiveClient, startLiveTestApp } from "../../test/live";

/**
 * Rooms safe by default (decision 0022), over real sockets and with the production default (a lobby): the host
 * admits or declines each knock, locks the room, removes a participant and mutes everyone; a participant unmutes
 * themselves; another member can't act as host; a blocked member can't knock; a visitor can't open the link; joins
 * are capped per address; a room's code stops working when it ends.
 */
describeEachDatabase("rooms: lobby, lock, remove, mute all", (dialect) => {
  let t: Awaited<ReturnType<typeof startLiveTestApp>>;
  let hostMember: Member;
  let ruth: Member;
  let orpah: Member;
  let blocked: Member;
  const clients: LiveClient[] = [];
  const JOIN_ADDRESS_LIMIT = 40;

  const call = (member: Member | null, method: "GET" | "POST" | "PUT", url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: member ? { cookie: member.cookie } : {}, ...(payload !== undefined ? { payload } : {}) });
  const connect = async (member: Member) => {
    const client = await LiveClient.connect(t.wsUrl, member.cookie, { origin: t.origin });
    clients.push(client);
    return client;
  };
  const createRoom = async (payload: Record<string, unknown> = {}) => {
    const response = await call(hostMember, "POST", "/api/rooms", { name: "Evening prayer", ...payload });
    expect(response.statusCode).toBe(201);
    return response.json() as { roomCode: string; lobby: boolean; locked: boolean };
  };
  /** The host, seated in a new room with a lobby. */
  const hostedRoom = async () => {
    const { roomCode } = await createRoom();
    const host = await connect(hostMember);
    host.send("JOIN_ROOM", { roomCode });
    expect(await host.next("ROOM_INFO", (p) => "participants" in p)).toMatchObject({ lobby: true, locked: false });
    // The host hears who waits as soon as they are in: nobody yet.
    expect(await host.next("ROOM_KNOCKS")).toEqual({ roomCode, waiting: [] });
    return { roomCode, host };
  };
  /** A member knocks and waits; the host sees them in the lobby. */
  const knock = async (member: Member, roomCode: string, host: LiveClient) => {
    const client = await connect(member);
    client.send("JOIN_ROOM", { roomCode });
    expect(await client.next("ROOM_ACCESS")).toEqual({ roomCode, status: "waiting" });
    const knocks = await host.next("ROOM_KNOCKS", (p) => p.waiting.some((w) => w.userId === member.user.id));
    expect(knocks.waiting).toContainEqual({ userId: member.user.id, username: member.user.username, displayName: member.user.displayName });
    return client;
  };
  const admit = async (member: Member, roomCode: string, host: LiveClient) => {
    const client = await knock(member, roomCode, host);
    host.send("ROOM_ADMIT", { roomCode, userId: member.user.id });
    expect(await client.next("ROOM_ACCESS")).toEqual({ roomCode, status: "admitted" });
    client.send("JOIN_ROOM", { roomCode });
    expect(await client.next("ROOM_INFO", (p) => "participants" in p)).toMatchObject({ roomCode });
    await host.next("ROOM_INFO", (p) => "event" in p && p.event === "USER_JOINED" && p.participant.userId === member.user.id);
    await host.next("ROOM_KNOCKS", (p) => !p.waiting.some((w) => w.userId === member.user.id));
    return client;
  };

  beforeAll(async () => {
    t = await startLiveTestApp(dialect, {
      env: { ROOM_LOBBY_DEFAULT: "true", ROOM_CREATE_LIMIT: "100", ROOM_JOIN_ADDRESS_LIMIT: String(JOIN_ADDRESS_LIMIT) },
    });
    hostMember = await registerMember(t.app, { displayName: "Naomi" });
    ruth = await registerMember(t.app, { displayName: "Ruth" });
    orpah = await registerMember(t.app, { displayName: "Orpah" });
    blocked = await registerMember(t.app, { displayName: "Goel" });
    expect((await call(hostMember, "PUT", `/api/blocks/${blocked.user.id}`)).statusCode).toBe(204);
  });
  afterAll(async () => {
    for (const client of clients) void client.close();
    await t.close();
  });

  it("opens a lobby by default, and lets the host choose none; a bad lobby value is a 400", async () => {
    expect(await createRoom()).toMatchObject({ lobby: true, locked: false });
    expect(await createRoom({ lobby: false })).toMatchObject({ lobby: false });
    const bad = await call(hostMember, "POST", "/api/rooms", { name: "x", lobby: "yes" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(roomMessages.lobbyInvalid);
  });

  it("keeps a knocking member out of the room until the host admits them", async () => {
    const { roomCode, host } = await hostedRoom();
    const waiting = await knock(ruth, roomCode, host);
    // Waiting is not being in: no room chat, no seat, nobody told.
    expect(await host.nothing("ROOM_INFO")).toBe(true);
    waiting.send("CHAT_MESSAGE", { message: "Let me in", roomCode });
    expect((await waiting.next("ERROR")).code).toBe("not_in_room");
    // Only the host answers: a waiting member can't admit themselves.
    waiting.send("ROOM_ADMIT", { roomCode, userId: ruth.user.id });
    expect((await waiting.next("ERROR")).code).toBe("not_in_room");
    host.send("ROOM_ADMIT", { roomCode, userId: ruth.user.id });
    expect(await waiting.next("ROOM_ACCESS")).toEqual({ roomCode, status: "admitted" });
    expect((await host.next("ROOM_KNOCKS")).waiting).toEqual([]);
    waiting.send("JOIN_ROOM", { roomCode });
    const joined = await waiting.next("ROOM_INFO", (p) => "participants" in p);
    expect("participants" in joined && joined.participants.map((p) => p.userId).sort()).toEqual([hostMember.user.id, ruth.user.id].sort());
    // Answering twice, or someone who never knocked, is a clear error.
    host.send("ROOM_ADMIT", { roomCode, userId: ruth.user.id });
    expect(await host.next("ERROR")).toMatchObject({ message: liveErrors.notWaiting, code: "not_waiting" });
  });

  it("declines a knock: the member is told, and can't knock again while the room lasts", async () => {
    const { roomCode, host } = await hostedRoom();
    const waiting = await knock(orpah, roomCode, host);
    host.send("ROOM_DECLINE", { roomCode, userId: orpah.user.id });
    expect(await waiting.next("ROOM_ACCESS")).toEqual({ roomCode, status: "declined" });
    waiting.send("JOIN_ROOM", { roomCode });
    expect(await waiting.next("ERROR")).toMatchObject({ message: liveErrors.knockDeclined, code: "declined" });
  });

  it("withdraws a knock when the member leaves the lobby or closes the page", async () => {
    const { roomCode, host } = await hostedRoom();
    const first = await knock(ruth, roomCode, host);
    first.send("LEAVE_ROOM", { roomCode });
    expect((await host.next("ROOM_KNOCKS")).waiting).toEqual([]);
    const second = await knock(ruth, roomCode, host);
    await second.close();
    expect((await host.next("ROOM_KNOCKS")).waiting).toEqual([]);
  });

  it("keeps a blocked member from knocking, and a visitor from opening the link at all", async () => {
    const { roomCode, host } = await hostedRoom();
    const intruder = await connect(blocked);
    intruder.send("JOIN_ROOM", { roomCode });
    expect(await intruder.next("ERROR")).toMatchObject({ message: safetyMessages.blockedRoom, code: "blocked" });
    expect(await host.nothing("ROOM_KNOCKS")).toBe(true);
    expect(await LiveClient.refusal(t.wsUrl, { origin: t.origin })).toBe(401);
  });

  it("lets only the host lock, remove and mute; a participant can't", async () => {
    const { roomCode, host } = await hostedRoom();
    const participant = await admit(ruth, roomCode, host);
    for (const [type, payload] of [
      ["ROOM_LOCK", { roomCode, locked: true }],
      ["ROOM_REMOVE", { roomCode, userId: hostMember.user.id }],
      ["ROOM_MUTE_ALL", { roomCode }],
      ["ROOM_ADMIT", { roomCode, userId: orpah.user.id }],
    ] as const) {
      participant.send(type, payload);
      expect(await participant.next("ERROR")).toMatchObject({ message: liveErrors.hostOnly, code: "host_only" });
    }
    host.send("ROOM_REMOVE", { roomCode, userId: hostMember.user.id });
    expect((await host.next("ERROR")).code).toBe("cannot_remove_host");
    host.send("ROOM_REMOVE", { roomCode, userId: orpah.user.id });
    expect((await host.next("ERROR")).code).toBe("target_not_in_room");
    // Malformed frames get an ERROR, and the socket stays open.
    host.send("ROOM_LOCK", { roomCode, locked: "yes" });
    expect(await host.next("ERROR")).toBeTruthy();
    host.send("ROOM_REMOVE", { roomCode, userId: -1 });
    expect(await host.next("ERROR")).toBeTruthy();
    host.send("ROOM_MUTE_ALL", { roomCode: "bad" });
    expect(await host.next("ERROR")).toBeTruthy();
    expect(host.closeCode).toBeNull();
  });

  it("locks the room: no new knocks, an admitted member comes back after a dropped link; unlocking opens the door", async () => {
    const { roomCode, host } = await hostedRoom();
    const participant = await admit(ruth, roomCode, host);
    host.send("ROOM_LOCK", { roomCode, locked: true });
    expect(await participant.next("ROOM_SETTINGS")).toEqual({ roomCode, lobby: true, locked: true });
    expect((await call(orpah, "GET", `/api/rooms/${roomCode}`)).json()).toMatchObject({ locked: true });
    const latecomer = await connect(orpah);
    latecomer.send("JOIN_ROOM", { roomCode });
    expect(await latecomer.next("ERROR")).toMatchObject({ message: liveErrors.roomLocked, code: "room_locked" });
    expect(await host.nothing("ROOM_KNOCKS")).toBe(true);
    await participant.close();
    await host.next("ROOM_INFO", (p) => "event" in p && p.event === "USER_LEFT");
    const back = await connect(ruth);
    back.send("JOIN_ROOM", { roomCode });
    expect(await back.next("ROOM_INFO", (p) => "participants" in p)).toMatchObject({ locked: true });
    host.send("ROOM_LOCK", { roomCode, locked: false });
    await host.next("ROOM_SETTINGS");
    await knock(orpah, roomCode, host);
  });

  it("removes a participant: everyone sees them leave, and they can't come back", async () => {
    const { roomCode, host } = await hostedRoom();
    const participant = await admit(ruth, roomCode, host);
    const other = await admit(orpah, roomCode, host);
    host.send("ROOM_REMOVE", { roomCode, userId: ruth.user.id });
    expect(await participant.next("ROOM_ACCESS")).toEqual({ roomCode, status: "removed" });
    expect(await other.next("ROOM_INFO", (p) => "event" in p && p.event === "USER_LEFT")).toMatchObject({ userId: ruth.user.id });
    expect(await t.ctx.live.seats.has(`room:${roomCode}`, ruth.user.id)).toBe(false);
    // The removed member's link no longer carries the room.
    await expect
      .poll(async () => {
        participant.send("CHAT_MESSAGE", { message: "Still here?", roomCode });
        return (await participant.next("ERROR")).code;
      })
      .toBe("not_in_room");
    participant.send("JOIN_ROOM", { roomCode });
    expect(await participant.next("ERROR")).toMatchObject({ message: liveErrors.removedFromRoom, code: "removed" });
  });

  it("mutes everyone but the host; a participant unmutes themselves", async () => {
    const { roomCode, host } = await hostedRoom();
    const participant = await admit(ruth, roomCode, host);
    const other = await admit(orpah, roomCode, host);
    host.send("ROOM_MUTE_ALL", { roomCode });
    expect(await participant.next("ROOM_MUTED")).toEqual({ roomCode, byUserId: hostMember.user.id });
    expect(await other.next("ROOM_MUTED")).toEqual({ roomCode, byUserId: hostMember.user.id });
    expect(await host.next("MEDIA_STATE", (p) => p.userId === ruth.user.id)).toMatchObject({ audio: false });
    expect(await host.nothing("ROOM_MUTED")).toBe(true);
    const seats = await t.ctx.live.seats.list(`room:${roomCode}`);
    const audio = Object.fromEntries(seats.map((seat) => [seat.memberId, JSON.parse(seat.value).audio]));
    expect(audio).toEqual({ [hostMember.user.id]: true, [ruth.user.id]: false, [orpah.user.id]: false });
    participant.send("MEDIA_STATE", { roomCode, video: true, audio: true });
    expect(await host.next("MEDIA_STATE", (p) => p.userId === ruth.user.id && p.audio)).toMatchObject({ audio: true });
  });

  it("stops a room's code working when the room ends, for members inside and waiting", async () => {
    const { roomCode, host } = await hostedRoom();
    const waiting = await knock(orpah, roomCode, host);
    expect((await call(hostMember, "POST", `/api/rooms/${roomCode}/close`)).statusCode).toBe(204);
    expect(await waiting.next("ROOM_INFO")).toEqual({ roomCode, event: "ROOM_CLOSED" });
    expect((await call(orpah, "GET", `/api/rooms/${roomCode}`)).statusCode).toBe(404);
    waiting.send("JOIN_ROOM", { roomCode });
    expect((await waiting.next("ERROR")).code).toBe("room_not_found");
  });

  it("caps JOIN_ROOM per address across members, with a clear error", async () => {
    const { roomCode } = await createRoom({ lobby: false });
    // The host stays in, so the room lasts while members come and go.
    const host = await connect(hostMember);
    host.send("JOIN_ROOM", { roomCode });
    await host.next("ROOM_INFO", (p) => "participants" in p);
    const before = await t.ctx.throttle.peek(
      { name: "room-join-ip", limit: JOIN_ADDRESS_LIMIT, windowMs: 60_000, message: "" },
      "ip:127.0.0.1",
    );
    const members = await Promise.all(Array.from({ length: 3 }, () => registerMember(t.app)));
    let refused: { message: string; code?: string } | undefined;
    for (let i = before.count; i <= JOIN_ADDRESS_LIMIT && !refused; i += 1) {
      const client = await connect(members[i % members.length]!);
      client.send("JOIN_ROOM", { roomCode });
      const answer = await Promise.race([client.next("ROOM_INFO").then(() => undefined), client.next("ERROR")]);
      if (answer) refused = answer;
      await client.close();
    }
    expect(refused).toMatchObject({ message: roomMessages.joinThrottled });
  });
});
