import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveErrors } from "@shared/contracts/live";
import { openTestDatabase } from "../test/app";
import { type Member, registerMember } from "../test/factories";
import { LiveClient, type LiveTestInstance, startLiveInstance } from "../test/live";

const redisUrl = process.env.TEST_REDIS_URL;
const pgUrl = process.env.TEST_DATABASE_URL;
const skipReason = !redisUrl ? "TEST_REDIS_URL is not set" : !pgUrl ? "TEST_DATABASE_URL is not set" : null;
if (skipReason) console.warn(`Two-instance live-link tests skipped: ${skipReason}.`);

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

  beforeAll(async () => {
    const opened = await openTestDatabase("postgres");
    drop = opened.drop;
    closeDatabase = () => opened.database.close();
    // A prefix of its own, so parallel runs sharing the Redis never see each other.
    const env = { REDIS_URL: redisUrl!, REDIS_PREFIX: `test-${randomBytes(6).toString("hex")}:` };
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

  it("sees presence of a member connected to the other instance", async () => {
    const watcher = await connect(first, ruth);
    const other = await registerMember(second.app, { displayName: "Lydia" });
    await connect(second, other);
    expect(await watcher.next("PRESENCE", (p) => p.users.some((u) => u.userId === other.user.id && u.online))).toBeTruthy();
    const late = await connect(first, naomi);
    expect(late.snapshot).toContain(other.user.id);
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
    const group = await first.ctx.db
      .insertInto("groups")
      .values({ name: "Youth Ministry", description: "", createdBy: null, createdAt: new Date().toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    const a = await connect(first, ruth);
    const b = await connect(second, boaz);
    await first.app.inject({ method: "POST", url: `/api/groups/${group.id}/join`, headers: { cookie: ruth.cookie } });
    await first.app.inject({ method: "POST", url: `/api/groups/${group.id}/join`, headers: { cookie: boaz.cookie } });
    await b.next("GROUP_JOINED");
    await a.next("GROUP_JOINED");
    a.send("CHAT_MESSAGE", { message: "Youth night on Friday", groupId: group.id });
    expect(await b.next("CHAT_MESSAGE", (m) => m.groupId === group.id)).toMatchObject({ message: "Youth night on Friday" });
  });
});
