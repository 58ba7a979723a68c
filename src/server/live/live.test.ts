import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Participant, liveErrors } from "@shared/contracts/live";
import { messages } from "@shared/messages";
import { describeEachDatabase } from "../test/app";
import { type Member, createGroup, registerMember } from "../test/factories";
import { LiveClient, startLiveTestApp } from "../test/live";
import { systemClock } from "../clock";
import { roomChannel } from "../modules/rooms/rooms.service";
import { createMemoryBus } from "./bus";
import { createLiveHub } from "./hub";
import { createMemoryState } from "./state";

describeEachDatabase("live link /ws", (dialect) => {
  let t: Awaited<ReturnType<typeof startLiveTestApp>>;
  let ruth: Member;
  let boaz: Member;
  let naomi: Member;
  const clients: LiveClient[] = [];
  const connect = async (member: Member, options: { autoPong?: boolean } = {}) => {
    const client = await LiveClient.connect(t.wsUrl, member.cookie, { origin: t.origin, ...options });
    clients.push(client);
    return client;
  };
  const inject = (member: Member, method: "GET" | "POST" | "PUT", url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { cookie: member.cookie }, ...(payload !== undefined ? { payload } : {}) });
  const createRoom = async (host: Member, body: Record<string, unknown> = { name: "Evening Prayer" }) => {
    const response = await inject(host, "POST", "/api/rooms", body);
    expect(response.statusCode).toBe(201);
    return response.json().roomCode as string;
  };

  beforeAll(async () => {
    t = await startLiveTestApp(dialect, { hub: { heartbeatMs: 600, ratePerSecond: 20, rateBurst: 40, sessionCheckMs: 200 } });
    ruth = await registerMember(t.app, { displayName: "Ruth" });
    boaz = await registerMember(t.app, { displayName: "Boaz" });
    naomi = await registerMember(t.app, { displayName: "Naomi" });
  });
  afterAll(async () => {
    for (const client of clients) client.socket.terminate();
    await t.close();
  });

  it("refuses the upgrade with 401 without a valid session", async () => {
    expect(await LiveClient.refusal(t.wsUrl, { origin: t.origin })).toBe(401);
    expect(await LiveClient.refusal(t.wsUrl, { origin: t.origin, cookie: "sid=forged-session-token" })).toBe(401);
  });

  it("refuses the upgrade from a foreign Origin, even with a valid session", async () => {
    expect(await LiveClient.refusal(t.wsUrl, { origin: "https://evil.example", cookie: ruth.cookie })).toBe(403);
  });

  it("answers bad JSON, unknown types and invalid payloads with ERROR and keeps the connection open", async () => {
    const client = await connect(ruth);
    client.sendRaw("{not json");
    expect((await client.next("ERROR")).message).toBe(liveErrors.invalidJson);
    client.send("SUMMON_DRAGON", {});
    expect((await client.next("ERROR")).message).toBe(liveErrors.unknownType);
    client.send("JOIN_ROOM", { roomCode: "abc" });
    expect((await client.next("ERROR")).message).toBe(messages.roomCodeRequired);
    client.send("CHAT_MESSAGE", { message: "   ", receiverId: boaz.user.id });
    expect((await client.next("ERROR")).message).toBe("Message cannot be empty");
    client.send("CHAT_MESSAGE", { message: "Hello?" });
    expect((await client.next("ERROR")).message).toBe(messages.cannotSend);
    // Still open and working.
    client.send("CHAT_MESSAGE", { message: "Still here", receiverId: boaz.user.id });
    expect((await client.next("CHAT_MESSAGE_SENT")).message).toBe("Still here");
    // The spec's client sends every field, leaving the unused ones empty.
    client.send("CHAT_MESSAGE", { message: "Spec-shaped", senderId: 999, receiverId: boaz.user.id, roomCode: "" });
    expect(await client.next("CHAT_MESSAGE_SENT")).toMatchObject({
      message: "Spec-shaped",
      senderId: ruth.user.id,
      receiverId: boaz.user.id,
      roomCode: null,
    });
    expect(client.socket.readyState).toBe(client.socket.OPEN);
  });

  it("closes a connection that sends a frame over the size cap (1009)", async () => {
    const client = await connect(ruth);
    client.send("CHAT_MESSAGE", { message: "x".repeat(70 * 1024), receiverId: boaz.user.id });
    expect(await client.closed).toBe(1009);
  });

  it("stores a direct message before acknowledging it, delivers it to every connection of the receiver and ignores a forged senderId", async () => {
    const sender = await connect(ruth);
    const receiverTab1 = await connect(boaz);
    const receiverTab2 = await connect(boaz);
    sender.send("CHAT_MESSAGE", { message: "Grace and peace", receiverId: boaz.user.id, senderId: naomi.user.id, clientId: "c-1" });
    const ack = await sender.next("CHAT_MESSAGE_SENT");
    expect(ack).toMatchObject({
      senderId: ruth.user.id,
      receiverId: boaz.user.id,
      message: "Grace and peace",
      content: "Grace and peace",
      clientId: "c-1",
    });
    expect(ack.id).toBeGreaterThan(0);
    const history = await inject(ruth, "GET", `/api/messages?userId=${ruth.user.id}&otherUserId=${boaz.user.id}`);
    expect(history.json().map((m: { id: number }) => m.id)).toContain(ack.id);
    for (const tab of [receiverTab1, receiverTab2]) {
      const delivered = await tab.next("CHAT_MESSAGE", (m) => m.id === ack.id);
      expect(delivered).toMatchObject({ senderId: ruth.user.id, message: "Grace and peace", senderName: "Ruth" });
      expect(delivered.timestamp).toBe(ack.timestamp);
    }
    expect(await naomi_receivesNothing()).toBe(true);
  });
  const naomi_receivesNothing = async () => {
    const client = await connect(naomi);
    return client.nothing("CHAT_MESSAGE", 200);
  };

  it("reflects unread counts in GET /api/users, clears them when the conversation is opened and sends a read receipt", async () => {
    const reader = await connect(naomi);
    const writer = await connect(ruth);
    writer.send("CHAT_MESSAGE", { message: "Are you coming on Sunday?", receiverId: naomi.user.id });
    writer.send("CHAT_MESSAGE", { message: "We saved you a seat", receiverId: naomi.user.id });
    await reader.next("CHAT_MESSAGE", (m) => m.message === "We saved you a seat");
    const contacts = (await inject(naomi, "GET", "/api/users")).json();
    expect(contacts.find((c: { id: number }) => c.id === ruth.user.id)).toMatchObject({
      unreadCount: 2,
      lastMessage: "We saved you a seat",
    });
    const opened = await inject(naomi, "GET", `/api/messages?userId=${naomi.user.id}&otherUserId=${ruth.user.id}`);
    expect(opened.statusCode).toBe(200);
    const after = (await inject(naomi, "GET", "/api/users")).json();
    expect(after.find((c: { id: number }) => c.id === ruth.user.id).unreadCount).toBe(0);
    const receipt = await writer.next("READ");
    expect(receipt).toMatchObject({ readerId: naomi.user.id, otherUserId: ruth.user.id });
  });

  it("withholds read receipts when the reader turned them off, and READ over the socket marks read", async () => {
    const reader = await connect(boaz);
    const writer = await connect(naomi);
    expect((await inject(boaz, "PUT", "/api/messages/settings", { readReceipts: false })).json().readReceipts).toBe(false);
    writer.send("CHAT_MESSAGE", { message: "Did you see this?", receiverId: boaz.user.id });
    await reader.next("CHAT_MESSAGE", (m) => m.message === "Did you see this?");
    reader.send("READ", { otherUserId: naomi.user.id });
    await reader.next("READ", (r) => r.readerId === boaz.user.id);
    expect(await writer.nothing("READ", 300)).toBe(true);
    const contacts = (await inject(boaz, "GET", "/api/users")).json();
    expect(contacts.find((c: { id: number }) => c.id === naomi.user.id).unreadCount).toBe(0);
    await inject(boaz, "PUT", "/api/messages/settings", { readReceipts: true });
  });

  it("refuses a message to a member who doesn't exist, and a stranger's message when message requests are off", async () => {
    const stranger = await registerMember(t.app);
    const private_ = await registerMember(t.app);
    const client = await connect(stranger);
    client.send("CHAT_MESSAGE", { message: "Hello?", receiverId: 987654 });
    expect((await client.next("ERROR")).message).toBe(liveErrors.receiverNotFound);
    await inject(private_, "PUT", "/api/messages/settings", { messageRequests: false });
    client.send("CHAT_MESSAGE", { message: "Hi, we haven't met", receiverId: private_.user.id });
    expect((await client.next("ERROR")).message).toBe(liveErrors.messageRequestsOff);
    // Once the member writes first, the conversation is open both ways.
    const own = await connect(private_);
    own.send("CHAT_MESSAGE", { message: "Welcome!", receiverId: stranger.user.id });
    await own.next("CHAT_MESSAGE_SENT");
    client.send("CHAT_MESSAGE", { message: "Thank you!", receiverId: private_.user.id });
    expect((await client.next("CHAT_MESSAGE_SENT")).message).toBe("Thank you!");
  });

  it("relays typing to the receiver with the sender's own id", async () => {
    const a = await connect(ruth);
    const b = await connect(boaz);
    a.send("TYPING", { receiverId: boaz.user.id, isTyping: true, fromUserId: naomi.user.id });
    expect(await b.next("TYPING")).toMatchObject({ fromUserId: ruth.user.id, receiverId: boaz.user.id, isTyping: true });
  });

  it("tells presence to a member's contacts only, and hides a member who turned online status off", async () => {
    const watcher = await connect(ruth);
    const stranger = await connect(naomi);
    const member = await registerMember(t.app, { displayName: "Lydia" });
    // Not yet a contact of anyone: nobody hears of them, and their snapshot knows only themselves.
    let lydia = await connect(member);
    expect(lydia.snapshot).toEqual([member.user.id]);
    expect(await watcher.nothing("PRESENCE", 400)).toBe(true);
    // A first message makes them contacts: each learns the other's presence at once.
    lydia.send("CHAT_MESSAGE", { message: "Hello Ruth", receiverId: ruth.user.id });
    await lydia.next("CHAT_MESSAGE_SENT");
    const introduced = await watcher.next("PRESENCE", (p) => p.users.some((u) => u.userId === member.user.id));
    expect(introduced).toEqual({ snapshot: false, users: [{ userId: member.user.id, online: true }] });
    expect(await lydia.next("PRESENCE", (p) => !p.snapshot)).toEqual({ snapshot: false, users: [{ userId: ruth.user.id, online: true }] });
    // Leaving and coming back reaches the contact, and only them.
    await lydia.close();
    const left = await watcher.next("PRESENCE", (p) => p.users.some((u) => u.userId === member.user.id));
    expect(left.users.find((u) => u.userId === member.user.id)?.online).toBe(false);
    lydia = await connect(member);
    expect(lydia.snapshot).toEqual(expect.arrayContaining([member.user.id, ruth.user.id]));
    const cameOnline = await watcher.next("PRESENCE", (p) => p.users.some((u) => u.userId === member.user.id));
    expect(cameOnline.snapshot).toBe(false);
    expect(cameOnline.users.find((u) => u.userId === member.user.id)?.online).toBe(true);
    expect(stranger.events.some((e) => e.type === "PRESENCE" && e.payload.users.some((u) => u.userId === member.user.id))).toBe(false);
    await inject(member, "PUT", "/api/messages/settings", { onlineStatus: false });
    const hidden = await watcher.next("PRESENCE", (p) => p.users.some((u) => u.userId === member.user.id));
    expect(hidden.users.find((u) => u.userId === member.user.id)?.online).toBe(false);
    const late = await connect(ruth);
    expect(late.snapshot).toContain(ruth.user.id);
    expect(late.snapshot).not.toContain(member.user.id);
    expect(lydia.socket.readyState).toBe(lydia.socket.OPEN);
  });

  it("withholds presence between members once one blocks the other, both ways", async () => {
    const [phoebe, tertius] = [await registerMember(t.app), await registerMember(t.app)];
    const blocker = await connect(phoebe);
    const blocked = await connect(tertius);
    blocker.send("CHAT_MESSAGE", { message: "Greetings", receiverId: tertius.user.id });
    await blocked.next("PRESENCE", (p) => p.users.some((u) => u.userId === phoebe.user.id && u.online));
    expect((await inject(phoebe, "PUT", `/api/blocks/${tertius.user.id}`)).statusCode).toBe(204);
    // Each is shown the other as gone at once, and a later connect doesn't know of them at all.
    await blocked.next("PRESENCE", (p) => p.users.some((u) => u.userId === phoebe.user.id && !u.online));
    await blocker.next("PRESENCE", (p) => p.users.some((u) => u.userId === tertius.user.id && !u.online));
    // (The blocker is still online: were she in the audience, the snapshot would say so.)
    expect((await connect(tertius)).snapshot).toEqual([tertius.user.id]);
    await blocker.close();
    expect(await blocked.nothing("PRESENCE", 600)).toBe(true);
  });

  it("tells presence to group co-members, from the moment one joins", async () => {
    const group = await createGroup(t.database.db, "Choir");
    const [priscilla, aquila] = [await registerMember(t.app), await registerMember(t.app)];
    await inject(priscilla, "POST", `/api/groups/${group.id}/join`);
    const watcher = await connect(priscilla);
    const joiner = await connect(aquila);
    expect(await watcher.nothing("PRESENCE", 400)).toBe(true);
    await inject(aquila, "POST", `/api/groups/${group.id}/join`);
    expect(await watcher.next("PRESENCE", (p) => !p.snapshot)).toEqual({
      snapshot: false,
      users: [{ userId: aquila.user.id, online: true }],
    });
    expect(await joiner.next("PRESENCE", (p) => !p.snapshot)).toEqual({
      snapshot: false,
      users: [{ userId: priscilla.user.id, online: true }],
    });
    await watcher.close();
    expect((await joiner.next("PRESENCE", (p) => !p.snapshot)).users).toEqual([{ userId: priscilla.user.id, online: false }]);
    const back = await connect(aquila);
    expect(back.snapshot).toEqual([aquila.user.id]);
  });

  it("tells a co-member of each of many members who leave at once, however many there are", async () => {
    const group = await createGroup(t.database.db, "Congregation");
    const watcherMember = await registerMember(t.app);
    await inject(watcherMember, "POST", `/api/groups/${group.id}/join`);
    // More members than the hub looks up at once, so their presence is looked up in several turns.
    const leavers = await Promise.all(Array.from({ length: 60 }, () => registerMember(t.app)));
    for (const leaver of leavers) await inject(leaver, "POST", `/api/groups/${group.id}/join`);
    const watcher = await connect(watcherMember);
    const links = await Promise.all(leavers.map((leaver) => connect(leaver)));
    await watcher.next("PRESENCE", (p) => !p.snapshot && p.users.length > 0);
    for (const link of links) link.socket.terminate();
    const offline = new Set<number>();
    while (offline.size < leavers.length) {
      const frame = await watcher.next("PRESENCE", (p) => !p.snapshot && p.users.some((u) => !u.online && !offline.has(u.userId)));
      for (const user of frame.users) if (!user.online) offline.add(user.userId);
    }
    expect([...offline].sort((a, b) => a - b)).toEqual(leavers.map((leaver) => leaver.user.id).sort((a, b) => a - b));
  });

  it("takes presence back from group co-members the moment one leaves, unless they still share a conversation", async () => {
    const group = await createGroup(t.database.db, "Ushers");
    const [lois, eunice, timothy] = [await registerMember(t.app), await registerMember(t.app), await registerMember(t.app)];
    for (const member of [lois, eunice, timothy]) await inject(member, "POST", `/api/groups/${group.id}/join`);
    // Eunice and Timothy also talk directly; Lois knows them only through the group.
    const leaver = await connect(eunice);
    leaver.send("CHAT_MESSAGE", { message: "See you Sunday", receiverId: timothy.user.id });
    await leaver.next("CHAT_MESSAGE_SENT");
    const [watcher, other] = [await connect(lois), await connect(timothy)];
    expect(watcher.snapshot).toContain(eunice.user.id);
    const offline = (userId: number) => (p: { snapshot: boolean; users: { userId: number; online: boolean }[] }) =>
      !p.snapshot && p.users.some((u) => u.userId === userId && !u.online);
    await inject(eunice, "POST", `/api/groups/${group.id}/leave`);
    expect((await watcher.next("PRESENCE", offline(eunice.user.id))).users).toContainEqual({ userId: eunice.user.id, online: false });
    expect((await leaver.next("PRESENCE", offline(lois.user.id))).users).toContainEqual({ userId: lois.user.id, online: false });
    // Timothy still sees her, and her going is told to him and not to Lois.
    expect(other.events.some((e) => e.type === "PRESENCE" && offline(eunice.user.id)(e.payload))).toBe(false);
    await leaver.close();
    expect((await other.next("PRESENCE", offline(eunice.user.id))).users).toContainEqual({ userId: eunice.user.id, online: false });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(watcher.events.some((e) => e.type === "PRESENCE" && e.payload.users.some((u) => u.userId === eunice.user.id))).toBe(false);
  });

  it("acknowledges a stored room message even when its delivery fails, so the sender does not send it again", async () => {
    const roomCode = await createRoom(ruth);
    const host = await connect(ruth);
    host.send("JOIN_ROOM", { roomCode });
    await host.next("ROOM_INFO");
    const hub = t.ctx.live;
    const publish = hub.publish;
    hub.publish = () => Promise.reject(new Error("the bus is down"));
    try {
      host.send("CHAT_MESSAGE", { roomCode, message: "Amen", clientId: "c-1" });
      expect(await host.next("CHAT_MESSAGE_SENT")).toMatchObject({ message: "Amen", clientId: "c-1" });
      expect((await host.next("ERROR")).message).toBe(liveErrors.internal);
    } finally {
      hub.publish = publish;
    }
    const stored = await t.database.db.selectFrom("messages").select("content").where("roomCode", "=", roomCode).execute();
    expect(stored).toEqual([{ content: "Amen" }]);
  });

  it("runs a conference: join, participants with host, signalling with server-set fromUserId, media state, room chat, leave", async () => {
    const roomCode = await createRoom(ruth);
    const host = await connect(ruth);
    const guest = await connect(boaz);
    const outsider = await connect(naomi);

    host.send("JOIN_ROOM", { roomCode, userId: 999, username: "forged" });
    const joined = await host.next("ROOM_INFO");
    expect(joined).toMatchObject({
      roomCode,
      name: "Evening Prayer",
      participants: [{ userId: ruth.user.id, isHost: true, video: true, audio: true }],
    });

    guest.send("JOIN_ROOM", { roomCode: roomCode.toLowerCase() });
    const guestView = await guest.next("ROOM_INFO");
    expect("participants" in guestView && guestView.participants.map((p) => [p.userId, p.isHost])).toEqual([
      [ruth.user.id, true],
      [boaz.user.id, false],
    ]);
    expect(await host.next("ROOM_INFO", (p) => "event" in p && p.event === "USER_JOINED")).toMatchObject({
      event: "USER_JOINED",
      participant: { userId: boaz.user.id, displayName: "Boaz", isHost: false },
    });
    expect((await inject(naomi, "GET", `/api/rooms/${roomCode}`)).json().participants).toBe(2);

    // The newcomer offers to the member already present.
    guest.send("VIDEO_OFFER", {
      roomCode,
      targetUserId: ruth.user.id,
      fromUserId: naomi.user.id,
      offer: { type: "offer", sdp: "v=0 offer" },
    });
    expect(await host.next("VIDEO_OFFER")).toEqual({
      roomCode,
      targetUserId: ruth.user.id,
      fromUserId: boaz.user.id,
      offer: { type: "offer", sdp: "v=0 offer" },
    });
    host.send("VIDEO_ANSWER", { roomCode, targetUserId: boaz.user.id, answer: { type: "answer", sdp: "v=0 answer" } });
    expect(await guest.next("VIDEO_ANSWER")).toMatchObject({ fromUserId: ruth.user.id, answer: { sdp: "v=0 answer" } });
    host.send("NEW_ICE_CANDIDATE", {
      roomCode,
      targetUserId: boaz.user.id,
      candidate: { candidate: "candidate:1 1 udp 1 127.0.0.1 9 typ host", sdpMid: "0", sdpMLineIndex: 0 },
    });
    expect(await guest.next("NEW_ICE_CANDIDATE")).toMatchObject({ fromUserId: ruth.user.id, candidate: { sdpMid: "0" } });

    // Signals to someone outside the room, or from someone outside it, are refused.
    host.send("VIDEO_OFFER", { roomCode, targetUserId: naomi.user.id, offer: { type: "offer", sdp: "x" } });
    expect((await host.next("ERROR")).message).toBe(liveErrors.targetNotInRoom);
    outsider.send("VIDEO_OFFER", { roomCode, targetUserId: ruth.user.id, offer: { type: "offer", sdp: "x" } });
    expect((await outsider.next("ERROR")).message).toBe(liveErrors.notInRoom);
    expect(await host.nothing("VIDEO_OFFER", 200)).toBe(true);
    outsider.send("CHAT_MESSAGE", { message: "let me in", roomCode });
    expect((await outsider.next("ERROR")).message).toBe(liveErrors.notInRoom);

    guest.send("MEDIA_STATE", { roomCode, video: true, audio: false });
    expect(await host.next("MEDIA_STATE")).toEqual({ roomCode, userId: boaz.user.id, video: true, audio: false });
    const seats = await t.ctx.live.seats.list(roomChannel(roomCode));
    expect(seats.map((seat) => JSON.parse(seat.value) as Participant).find((p) => p.userId === boaz.user.id)?.audio).toBe(false);

    // A raised hand and a shared screen travel in the same message, and stay when a later one leaves them out.
    guest.send("MEDIA_STATE", { roomCode, video: true, audio: false, handRaised: true, screenSharing: true });
    expect(await host.next("MEDIA_STATE")).toEqual({
      roomCode,
      userId: boaz.user.id,
      video: true,
      audio: false,
      handRaised: true,
      screenSharing: true,
    });
    guest.send("MEDIA_STATE", { roomCode, video: false, audio: false });
    expect(await host.next("MEDIA_STATE")).toEqual({ roomCode, userId: boaz.user.id, video: false, audio: false });
    const afterHand = await t.ctx.live.seats.list(roomChannel(roomCode));
    expect(afterHand.map((seat) => JSON.parse(seat.value) as Participant).find((p) => p.userId === boaz.user.id)).toMatchObject({
      video: false,
      handRaised: true,
      screenSharing: true,
    });

    host.send("CHAT_MESSAGE", { message: "Welcome, Boaz", roomCode });
    expect((await host.next("CHAT_MESSAGE_SENT")).roomCode).toBe(roomCode);
    expect(await guest.next("CHAT_MESSAGE", (m) => m.roomCode === roomCode)).toMatchObject({
      senderId: ruth.user.id,
      message: "Welcome, Boaz",
    });

    guest.send("LEAVE_ROOM", { roomCode });
    expect(await host.next("ROOM_INFO", (p) => "event" in p && p.event === "USER_LEFT")).toEqual({
      roomCode,
      event: "USER_LEFT",
      userId: boaz.user.id,
    });
    expect((await inject(naomi, "GET", `/api/rooms/${roomCode}`)).json().participants).toBe(1);
  });

  it("closes the room for everyone when the host leaves", async () => {
    const roomCode = await createRoom(ruth);
    const host = await connect(ruth);
    const guest = await connect(boaz);
    host.send("JOIN_ROOM", { roomCode });
    await host.next("ROOM_INFO");
    guest.send("JOIN_ROOM", { roomCode });
    await guest.next("ROOM_INFO");
    host.send("LEAVE_ROOM", { roomCode });
    expect(await guest.next("ROOM_INFO", (p) => "event" in p && p.event === "ROOM_CLOSED")).toEqual({ roomCode, event: "ROOM_CLOSED" });
    expect((await inject(boaz, "GET", `/api/rooms/${roomCode}`)).statusCode).toBe(404);
    guest.send("JOIN_ROOM", { roomCode });
    expect((await guest.next("ERROR")).message).toBe(messages.joinFailed);
  });

  it("closes the room when the host's connection drops", async () => {
    const roomCode = await createRoom(ruth);
    const host = await connect(ruth);
    const guest = await connect(boaz);
    host.send("JOIN_ROOM", { roomCode });
    await host.next("ROOM_INFO");
    guest.send("JOIN_ROOM", { roomCode });
    await guest.next("ROOM_INFO");
    host.socket.terminate();
    expect(await guest.next("ROOM_INFO", (p) => "event" in p && p.event === "ROOM_CLOSED")).toEqual({ roomCode, event: "ROOM_CLOSED" });
  });

  it("answers ERROR to a member joining a full room", async () => {
    const roomCode = await createRoom(ruth, { name: "Small group", maxParticipants: 2 });
    const a = await connect(ruth);
    const b = await connect(boaz);
    const c = await connect(naomi);
    a.send("JOIN_ROOM", { roomCode });
    await a.next("ROOM_INFO");
    b.send("JOIN_ROOM", { roomCode });
    await b.next("ROOM_INFO");
    await a.next("ROOM_INFO", (p) => "event" in p && p.event === "USER_JOINED");
    c.send("JOIN_ROOM", { roomCode });
    expect((await c.next("ERROR")).message).toBe(liveErrors.roomFull);
    expect(await a.nothing("ROOM_INFO", 200)).toBe(true);
  });

  it("delivers group chat to members only, including one who just joined through the API", async () => {
    const group = await createGroup(t.database.db, "Prayer Warriors", "Praying together");
    const a = await connect(ruth);
    const b = await connect(boaz);
    a.send("CHAT_MESSAGE", { message: "Anyone here?", groupId: group.id });
    expect((await a.next("ERROR")).message).toBe(liveErrors.notGroupMember);
    expect((await inject(ruth, "POST", `/api/groups/${group.id}/join`)).json()).toMatchObject({ isMember: true, memberCount: 1 });
    expect((await inject(boaz, "POST", `/api/groups/${group.id}/join`)).json()).toMatchObject({ isMember: true, memberCount: 2 });
    await b.next("GROUP_JOINED");
    await a.next("GROUP_JOINED");
    a.send("CHAT_MESSAGE", { message: "Let us pray", groupId: group.id });
    expect((await a.next("CHAT_MESSAGE_SENT")).groupId).toBe(group.id);
    expect(await b.next("CHAT_MESSAGE", (m) => m.groupId === group.id)).toMatchObject({ message: "Let us pray", senderId: ruth.user.id });
  });

  it("throttles a connection that sends too fast, with an ERROR", async () => {
    const client = await connect(naomi);
    for (let i = 0; i < 120; i += 1) client.send("TYPING", { receiverId: ruth.user.id, isTyping: true });
    expect((await client.next("ERROR", (e) => e.message === liveErrors.rateLimited)).message).toBe(liveErrors.rateLimited);
  });

  it("drops a connection that stops answering pings", async () => {
    const client = await connect(naomi, { autoPong: false });
    expect(await client.closed).toBe(1006);
  });

  it("closes the connection once its session ends (signed out elsewhere)", async () => {
    const member = await registerMember(t.app);
    const client = await connect(member);
    const logout = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie: member.cookie } });
    expect(logout.statusCode).toBe(204);
    expect(await client.closed).toBe(4001);
  });

  it("keeps answering pongs on a healthy connection", async () => {
    const client = await connect(naomi);
    // Three heartbeat rounds (three pings answered): a connection that answers is never dropped.
    await new Promise<void>((resolve) => {
      let pings = 0;
      client.socket.on("ping", () => {
        pings += 1;
        if (pings === 3) resolve();
      });
    });
    expect(client.socket.readyState).toBe(client.socket.OPEN);
  });

  it("relays TYPING and READ only between members who share a conversation; a stranger's are dropped without an answer", async () => {
    const stranger = await registerMember(t.app, { displayName: "Stranger" });
    const target = await connect(boaz);
    const prying = await connect(stranger);
    prying.send("TYPING", { receiverId: boaz.user.id, isTyping: true });
    prying.send("READ", { otherUserId: boaz.user.id });
    expect(await target.nothing("TYPING", 300)).toBe(true);
    expect(await target.nothing("READ", 100)).toBe(true);
    expect(await prying.nothing("ERROR", 100)).toBe(true);

    // A common group is a shared conversation, before any direct message.
    const group = await createGroup(t.database.db, "Greeters");
    await inject(stranger, "POST", `/api/groups/${group.id}/join`);
    await inject(boaz, "POST", `/api/groups/${group.id}/join`);
    prying.send("TYPING", { receiverId: boaz.user.id, isTyping: true });
    expect(await target.next("TYPING", (p) => p.fromUserId === stranger.user.id)).toMatchObject({ receiverId: boaz.user.id });

    // So is a direct message: the receiver's READ then reaches the sender.
    const writer = await registerMember(t.app, { displayName: "Writer" });
    const writing = await connect(writer);
    writing.send("CHAT_MESSAGE", { message: "Hello Boaz", receiverId: boaz.user.id });
    await target.next("CHAT_MESSAGE", (m) => m.message === "Hello Boaz");
    target.send("READ", { otherUserId: writer.user.id });
    expect(await writing.next("READ")).toMatchObject({ readerId: boaz.user.id, otherUserId: writer.user.id });
    target.send("TYPING", { receiverId: writer.user.id, isTyping: true });
    expect(await writing.next("TYPING")).toMatchObject({ fromUserId: boaz.user.id });
  });

  it("answers ERROR naming the problem for ids above 2147483647 and NUL characters, and keeps the connection open", async () => {
    const client = await connect(ruth);
    client.send("CHAT_MESSAGE", { message: "Hello", receiverId: 2_147_483_648 });
    expect(await client.next("ERROR")).toMatchObject({ message: liveErrors.idOutOfRange, code: "invalid_payload" });
    client.send("CHAT_MESSAGE", { message: "Hello", groupId: 3_000_000_000 });
    expect((await client.next("ERROR")).message).toBe(liveErrors.idOutOfRange);
    client.send("READ", { otherUserId: 9_999_999_999 });
    expect((await client.next("ERROR")).message).toBe(liveErrors.idOutOfRange);
    client.send("TYPING", { receiverId: 2_147_483_648, isTyping: true });
    expect((await client.next("ERROR")).message).toBe(liveErrors.idOutOfRange);
    client.send("VIDEO_OFFER", { roomCode: "ABC123", targetUserId: 2_147_483_648, offer: { type: "offer", sdp: "v=0" } });
    expect((await client.next("ERROR")).message).toBe(liveErrors.idOutOfRange);
    client.send("CHAT_MESSAGE", { message: "Hello\u0000there", receiverId: boaz.user.id });
    expect(await client.next("ERROR")).toMatchObject({ message: messages.textHasNul, code: "invalid_payload" });
    client.send("CHAT_MESSAGE", { message: "Hello", receiverId: boaz.user.id, clientId: "a\u0000b" });
    expect((await client.next("ERROR")).message).toBe(messages.textHasNul);
    // The largest id is still an id: it just names no one.
    client.send("CHAT_MESSAGE", { message: "Hello", receiverId: 2_147_483_647 });
    expect((await client.next("ERROR")).message).toBe(liveErrors.receiverNotFound);
    client.send("CHAT_MESSAGE", { message: "Still here", receiverId: boaz.user.id });
    expect((await client.next("CHAT_MESSAGE_SENT")).message).toBe("Still here");
    expect(client.socket.readyState).toBe(client.socket.OPEN);
  });

  it("asserts that every client event type has exactly one handler", async () => {
    const hub = createLiveHub({ db: t.database.db, bus: createMemoryBus(), state: createMemoryState(), clock: systemClock });
    expect(() => hub.assertEveryEventHandled()).toThrow(/CHAT_MESSAGE.*JOIN_ROOM.*READ/);
    hub.on("CHAT_MESSAGE", async () => {});
    expect(() => hub.on("CHAT_MESSAGE", async () => {})).toThrow(/already has a handler/);
    await hub.abandon();
    // The app's own hub got one from each module at startup.
    expect(() => t.ctx.live.assertEveryEventHandled()).not.toThrow();
    expect(() => t.ctx.live.on("TYPING", async () => {})).toThrow(/already has a handler/);
  });
});

describe("the live transport", () => {
  it("imports no module: modules register their handlers with it", () => {
    const folder = path.dirname(fileURLToPath(import.meta.url));
    for (const file of fs.readdirSync(folder).filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))) {
      expect(fs.readFileSync(path.join(folder, file), "utf8"), file).not.toMatch(/from "\.\.\/modules\//);
    }
  });
});
