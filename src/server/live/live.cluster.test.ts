import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { type ServerEvent, liveErrors } from "@shared/contracts/live";
import { openTestDatabase, sessionCookie } from "../test/app";
import { type Member, createGroup, registerMember } from "../test/factories";
import { LiveClient, type LiveTestInstance, startLiveInstance } from "../test/live";
import { CLOSE_TOO_MANY_CONNECTIONS } from "./hub";

const redisUrl = process.env.TEST_REDIS_URL;
const pgUrl = process.env.TEST_DATABASE_URL;
const skipReason = !redisUrl ? "TEST_REDIS_URL is not set" : !pgUrl ? "TEST_DATABASE_URL is not set" : null;
if (skipReason) console.warn(`Two-instance live-link tests skipped: ${skipReason}.`);

/** The close code of a connection attempt that was refused, or null once it was accepted. */
function attempt(instance: LiveTestInstance, member: Member) {
  return new Promise<number | null>((resolve) => {
    const socket = new WebSocket(instance.wsUrl, { headers: { cookie: member.cookie, origin: instance.origin } });
    socket.on("message", (data) => {
      if ((JSON.parse(data.toString()) as ServerEvent).type !== "PRESENCE") return;
      socket.close();
      resolve(null);
    });
    socket.on("close", (code) => resolve(code));
  });
}

/** The promise's value, or a failure if it takes longer than `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms))]);
}

/** Two instances sharing one PostgreSQL database and one Redis, as behind a load balancer. */
describe.skipIf(skipReason !== null)("live link across two instances sharing PostgreSQL and Redis", () => {
  let first: LiveTestInstance;
  let second: LiveTestInstance;
  let drop: () => Promise<void>;
  let closeDatabase: () => Promise<void>;
  let ruth: Member;
  let boaz: Member;
  let naomi: Member;
  const clients: LiveClient[] = [];
  const connect = async (instance: LiveTestInstance, member: Member) => {
    const client = await LiveClient.connect(instance.wsUrl, member.cookie, { origin: instance.origin });
    clients.push(client);
    return client;
  };
  const signIn = async (instance: LiveTestInstance, member: Member) => {
    const response = await instance.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: member.username, password: member.password },
    });
    expect(response.statusCode).toBe(200);
    return sessionCookie(response);
  };

  beforeAll(async () => {
    const opened = await openTestDatabase("postgres");
    drop = opened.drop;
    closeDatabase = () => opened.database.close();
    // A prefix of its own, so parallel runs sharing the Redis never see each other.
    const env = {
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: `test-${randomBytes(6).toString("hex")}:`,
      LIVE_MAX_CONNECTIONS_PER_MEMBER: "5",
    };
    first = await startLiveInstance(opened.database, opened.dataDir, { env });
    second = await startLiveInstance(opened.database, opened.dataDir, { env });
    ruth = await registerMember(first.app, { displayName: "Ruth" });
    boaz = await registerMember(second.app, { displayName: "Boaz" });
    naomi = await registerMember(first.app, { displayName: "Naomi" });
  });
  afterAll(async () => {
    for (const client of clients) client.socket.terminate();
    await first?.close();
    await second?.close();
    await closeDatabase?.();
    await drop?.();
  });

  it("delivers a direct message from a member on one instance to every connection of a member on the other", async () => {
    const sender = await connect(first, ruth);
    const receiverHere = await connect(second, boaz);
    const receiverThere = await connect(first, boaz);
    sender.send("CHAT_MESSAGE", { message: "Across the wire", receiverId: boaz.user.id });
    const ack = await sender.next("CHAT_MESSAGE_SENT");
    expect((await receiverHere.next("CHAT_MESSAGE")).id).toBe(ack.id);
    expect((await receiverThere.next("CHAT_MESSAGE")).id).toBe(ack.id);
    const contacts = (await second.app.inject({ method: "GET", url: "/api/users", headers: { cookie: boaz.cookie } })).json();
    expect(contacts.find((c: { id: number }) => c.id === ruth.user.id)).toMatchObject({ unreadCount: 1, lastMessage: "Across the wire" });
  });

  it("sees presence of a contact connected to the other instance, and tells no one else", async () => {
    const watcher = await connect(first, ruth);
    const stranger = await connect(first, naomi);
    const other = await registerMember(second.app, { displayName: "Lydia" });
    const lydia = await connect(second, other);
    // A first message across the instances makes them contacts.
    lydia.send("CHAT_MESSAGE", { message: "Hello from the other side", receiverId: ruth.user.id });
    await lydia.next("CHAT_MESSAGE_SENT");
    expect(await watcher.next("PRESENCE", (p) => p.users.some((u) => u.userId === other.user.id && u.online))).toBeTruthy();
    const late = await connect(first, ruth);
    expect(late.snapshot).toContain(other.user.id);
    expect((await connect(first, naomi)).snapshot).not.toContain(other.user.id);
    await lydia.close();
    expect(await watcher.next("PRESENCE", (p) => p.users.some((u) => u.userId === other.user.id && !u.online))).toBeTruthy();
    expect(stranger.events.some((e) => e.type === "PRESENCE" && e.payload.users.some((u) => u.userId === other.user.id))).toBe(false);
  });

  it("shares room membership, signalling and closing across instances, and enforces maxParticipants across them", async () => {
    const created = await first.app.inject({
      method: "POST",
      url: "/api/rooms",
      headers: { cookie: ruth.cookie },
      payload: { name: "Choir", maxParticipants: 2 },
    });
    const roomCode = created.json().roomCode as string;
    const host = await connect(first, ruth);
    const guest = await connect(second, boaz);
    const third = await connect(second, naomi);

    host.send("JOIN_ROOM", { roomCode });
    await host.next("ROOM_INFO");
    guest.send("JOIN_ROOM", { roomCode });
    const view = await guest.next("ROOM_INFO");
    expect("participants" in view && view.participants.map((p) => p.userId)).toEqual([ruth.user.id, boaz.user.id]);
    expect(await host.next("ROOM_INFO", (p) => "event" in p && p.event === "USER_JOINED")).toMatchObject({
      participant: { userId: boaz.user.id },
    });

    third.send("JOIN_ROOM", { roomCode });
    expect((await third.next("ERROR")).message).toBe(liveErrors.roomFull);

    guest.send("VIDEO_OFFER", { roomCode, targetUserId: ruth.user.id, offer: { type: "offer", sdp: "v=0" } });
    expect(await host.next("VIDEO_OFFER")).toMatchObject({ fromUserId: boaz.user.id, targetUserId: ruth.user.id });
    host.send("VIDEO_ANSWER", { roomCode, targetUserId: boaz.user.id, answer: { type: "answer", sdp: "v=0" } });
    expect(await guest.next("VIDEO_ANSWER")).toMatchObject({ fromUserId: ruth.user.id });
    guest.send("MEDIA_STATE", { roomCode, video: false, audio: false });
    expect(await host.next("MEDIA_STATE")).toMatchObject({ userId: boaz.user.id, video: false, audio: false });
    host.send("CHAT_MESSAGE", { message: "Hymn 42", roomCode });
    expect(await guest.next("CHAT_MESSAGE")).toMatchObject({ message: "Hymn 42", roomCode });

    const fromOther = await second.app.inject({ method: "GET", url: `/api/rooms/${roomCode}`, headers: { cookie: naomi.cookie } });
    expect(fromOther.json().participants).toBe(2);

    host.send("LEAVE_ROOM", { roomCode });
    expect(await guest.next("ROOM_INFO", (p) => "event" in p && p.event === "ROOM_CLOSED")).toEqual({ roomCode, event: "ROOM_CLOSED" });
    expect((await second.app.inject({ method: "GET", url: `/api/rooms/${roomCode}` })).statusCode).toBe(404);
  });

  it("delivers group chat across instances to a member who joined on the other one", async () => {
    const group = await createGroup(first.ctx.db, "Youth Ministry");
    const a = await connect(first, ruth);
    const b = await connect(second, boaz);
    await first.app.inject({ method: "POST", url: `/api/groups/${group.id}/join`, headers: { cookie: ruth.cookie } });
    await first.app.inject({ method: "POST", url: `/api/groups/${group.id}/join`, headers: { cookie: boaz.cookie } });
    await b.next("GROUP_JOINED");
    await a.next("GROUP_JOINED");
    a.send("CHAT_MESSAGE", { message: "Youth night on Friday", groupId: group.id });
    expect(await b.next("CHAT_MESSAGE", (m) => m.groupId === group.id)).toMatchObject({ message: "Youth night on Friday" });
  });

  it("caps one member's connections on both instances together", async () => {
    const member = await registerMember(first.app);
    for (const instance of [first, first, first, second, second]) await connect(instance, member);
    expect(await attempt(first, member)).toBe(CLOSE_TOO_MANY_CONNECTIONS);
    expect(await attempt(second, member)).toBe(CLOSE_TOO_MANY_CONNECTIONS);
  });

  it("closes a signed-out session's sockets at once on every instance, and leaves the member's other session open", async () => {
    const member = await registerMember(first.app);
    const otherSession = await signIn(second, member);
    const here = await connect(first, member);
    const there = await connect(second, member);
    const elsewhere = await connect(second, { ...member, cookie: otherSession });
    const logout = await first.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie: member.cookie } });
    expect(logout.statusCode).toBe(204);
    // Well within the minute of the periodic session check.
    expect(await within(here.closed, 2000)).toBe(4001);
    expect(await within(there.closed, 2000)).toBe(4001);
    expect(elsewhere.socket.readyState).toBe(elsewhere.socket.OPEN);
  });

  it("closes the sockets of every other session at once on every instance when the password changes", async () => {
    const member = await registerMember(first.app);
    const otherSession = await signIn(first, member);
    const stolen = await connect(second, { ...member, cookie: otherSession });
    const change = await first.app.inject({
      method: "POST",
      url: "/api/auth/password",
      headers: { cookie: member.cookie },
      payload: { currentPassword: member.password, newPassword: "Renewed4567" },
    });
    expect(change.statusCode).toBe(204);
    expect(await within(stolen.closed, 2000)).toBe(4001);
    // The session that changed it goes on under its new cookie.
    const renewed = await connect(second, { ...member, cookie: sessionCookie(change) });
    expect(renewed.socket.readyState).toBe(renewed.socket.OPEN);
  });
});

/** Presence and room seats are leased per instance: a stopped instance removes its own, a dead one's expire. */
describe.skipIf(skipReason !== null)("live-link leases across instances sharing PostgreSQL and Redis", () => {
  const LEASE_MS = 1500;
  let survivor: LiveTestInstance;
  const others: LiveTestInstance[] = [];
  let env: Record<string, string>;
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  const clients: LiveClient[] = [];
  const connect = async (instance: LiveTestInstance, member: Member) => {
    const client = await LiveClient.connect(instance.wsUrl, member.cookie, { origin: instance.origin });
    clients.push(client);
    return client;
  };
  const start = async (hub: { leaseMs?: number } = {}) => {
    const instance = await startLiveInstance(database.database, database.dataDir, { env, hub });
    others.push(instance);
    return instance;
  };

  /** A host on `instance` in a room with a guest on the survivor, who also watches presence. */
  async function meetAcross(instance: LiveTestInstance) {
    const host = await registerMember(survivor.app, { displayName: "Host" });
    const guest = await registerMember(survivor.app, { displayName: "Guest" });
    const created = await survivor.app.inject({
      method: "POST",
      url: "/api/rooms",
      headers: { cookie: host.cookie },
      payload: { name: "Vigil" },
    });
    const roomCode = created.json().roomCode as string;
    const hostClient = await connect(instance, host);
    // Contacts, so the guest watches the host's presence.
    hostClient.send("CHAT_MESSAGE", { message: "See you in the room", receiverId: guest.user.id });
    await hostClient.next("CHAT_MESSAGE_SENT");
    hostClient.send("JOIN_ROOM", { roomCode });
    await hostClient.next("ROOM_INFO");
    const guestClient = await connect(survivor, guest);
    guestClient.send("JOIN_ROOM", { roomCode });
    await guestClient.next("ROOM_INFO");
    expect(guestClient.snapshot).toContain(host.user.id);
    return { host, guest, roomCode, guestClient };
  }
  const roomStatus = async (roomCode: string) => (await survivor.app.inject({ method: "GET", url: `/api/rooms/${roomCode}` })).statusCode;
  /** Whether a contact connecting now sees the member online. */
  const onlineNow = async (member: Member) => {
    const contact = await registerMember(survivor.app);
    await database.database.db
      .insertInto("messages")
      .values({ senderId: contact.user.id, receiverId: member.user.id, content: "Hello", createdAt: new Date().toISOString() })
      .execute();
    return (await connect(survivor, contact)).snapshot.includes(member.user.id);
  };

  beforeAll(async () => {
    database = await openTestDatabase("postgres");
    env = { REDIS_URL: redisUrl!, REDIS_PREFIX: `test-${randomBytes(6).toString("hex")}:` };
    survivor = await startLiveInstance(database.database, database.dataDir, { env, hub: { leaseMs: LEASE_MS } });
  });
  afterAll(async () => {
    for (const client of clients) client.socket.terminate();
    for (const instance of others) await instance.close();
    await survivor?.close();
    await database?.database.close();
    await database?.drop();
  });

  it("removes a stopping instance's presence and seats at once: its members go offline and the rooms it hosted close", async () => {
    // A long lease: only the instance's own cleanup can explain what follows.
    const stopping = await start({ leaseMs: 60_000 });
    const { host, roomCode, guestClient } = await meetAcross(stopping);
    await stopping.close();
    expect(await guestClient.next("ROOM_INFO", (p) => "event" in p && p.event === "ROOM_CLOSED", 2000)).toEqual({
      roomCode,
      event: "ROOM_CLOSED",
    });
    await guestClient.next("PRESENCE", (p) => p.users.some((u) => u.userId === host.user.id && !u.online), 2000);
    expect(await roomStatus(roomCode)).toBe(404);
    expect(await onlineNow(host)).toBe(false);
  });

  it("lets a dead instance's presence and seats expire with its lease: its members go offline and its rooms close", async () => {
    const dying = await start({ leaseMs: LEASE_MS });
    const { host, guest, roomCode, guestClient } = await meetAcross(dying);
    const member = await registerMember(survivor.app);
    const memberClient = await connect(dying, member);
    memberClient.send("CHAT_MESSAGE", { message: "Hello guest", receiverId: guest.user.id });
    await memberClient.next("CHAT_MESSAGE_SENT");
    // Killed: no cleanup, no more renewals.
    await dying.ctx.live.abandon();
    expect(await guestClient.next("ROOM_INFO", (p) => "event" in p && p.event === "ROOM_CLOSED", LEASE_MS * 4)).toEqual({
      roomCode,
      event: "ROOM_CLOSED",
    });
    await guestClient.next("PRESENCE", (p) => p.users.some((u) => u.userId === member.user.id && !u.online), LEASE_MS * 4);
    expect(await roomStatus(roomCode)).toBe(404);
    expect(await onlineNow(host)).toBe(false);
    expect(await onlineNow(member)).toBe(false);
  });
});
