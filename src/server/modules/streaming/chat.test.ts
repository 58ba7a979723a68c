import { afterAll, beforeAll, expect, it } from "vitest";
import { STREAM_CHAT_MAX_LENGTH } from "@shared/contracts/live";
import { streamingMessages } from "@shared/messages";
import { createManualClock } from "../../clock";
import { describeEachDatabase } from "../../test/app";
import { type Member, registerMember } from "../../test/factories";
import { LiveClient, startLiveTestApp } from "../../test/live";

const HOUR = 3_600_000;

describeEachDatabase("the live chat beside the stream", (dialect) => {
  const clock = createManualClock(Date.now());
  let server: Awaited<ReturnType<typeof startLiveTestApp>>;
  let admin: Member;
  let ruth: Member;
  let boaz: Member;
  let chatKey: string;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    server = await startLiveTestApp(dialect, { env: { LIVE_INGEST: "off" }, clock });
    admin = await registerMember(server.app, { displayName: "Pastor Admin" });
    ruth = await registerMember(server.app, { displayName: "Ruth" });
    boaz = await registerMember(server.app, { displayName: "Boaz" });
    await server.ctx.db.updateTable("users").set({ role: "admin" }).where("id", "=", admin.user.id).execute();
    // A premiere under way opens a chat, as a live broadcast does.
    const media = await server.ctx.db
      .insertInto("media")
      .values({
        title: "Recorded Service",
        description: "",
        type: "sermon",
        categoryId: null,
        artist: "",
        thumbnailUrl: null,
        mediaUrl: "/media/sermons/recorded.mp4",
        mimeType: "video/mp4",
        duration: 3600,
        uploadedBy: admin.user.id,
        createdAt: clock.iso(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const premiere = await server.ctx.db
      .insertInto("stream_premieres")
      .values({
        mediaId: media.id,
        startTime: new Date(clock.now() - 60_000).toISOString(),
        endTime: new Date(clock.now() + HOUR).toISOString(),
        createdBy: admin.user.id,
        createdAt: clock.iso(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    chatKey = `premiere:${premiere.id}`;
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
    await server.close();
  });

  const connect = async (member: Member) => {
    const client = await LiveClient.connect(server.wsUrl, member.cookie, { origin: server.origin });
    clients.push(client);
    client.send("STREAM_CHAT_JOIN", { chatKey });
    return client;
  };
  const call = (member: Member | null, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
    server.app.inject({ method, url, headers: member ? { cookie: member.cookie } : {}, ...(payload ? { payload } : {}) });

  it("names the open chat in the live state, carries messages to everyone in it and pages back through the stored history", async () => {
    const state = (await call(null, "GET", "/api/streaming/state")).json();
    expect(state.live).toMatchObject({ kind: "premiere", chatKey, slowModeSeconds: 0 });

    const [first, second] = [await connect(ruth), await connect(boaz)];
    first.send("STREAM_CHAT", { chatKey, message: "Good morning, church!", clientId: "c-1" });
    expect(await first.next("STREAM_CHAT")).toMatchObject({ message: "Good morning, church!", clientId: "c-1", displayName: "Ruth" });
    expect(await second.next("STREAM_CHAT")).toMatchObject({ message: "Good morning, church!", userId: ruth.user.id, chatKey });
    for (const text of ["Amen", "Hallelujah", "Praise God"]) {
      second.send("STREAM_CHAT", { chatKey, message: text });
      await first.next("STREAM_CHAT", (p) => p.message === text);
    }

    expect((await call(null, "GET", `/api/streaming/chat?chatKey=${chatKey}`)).statusCode).toBe(401);
    const latest = await call(ruth, "GET", `/api/streaming/chat?chatKey=${chatKey}&limit=2`);
    expect(latest.statusCode).toBe(200);
    expect(latest.json().map((m: { message: string }) => m.message)).toEqual(["Hallelujah", "Praise God"]);
    const cursor = latest.headers["x-next-cursor"] as string;
    expect(cursor).toBeTruthy();
    const older = await call(ruth, "GET", `/api/streaming/chat?chatKey=${chatKey}&limit=2&cursor=${cursor}`);
    expect(older.json().map((m: { message: string }) => m.message)).toEqual(["Good morning, church!", "Amen"]);
    expect(older.headers["x-next-cursor"]).toBeUndefined();
    expect((await call(ruth, "GET", `/api/streaming/chat?chatKey=${chatKey}&cursor=forged`)).statusCode).toBe(400);
    expect((await call(ruth, "GET", `/api/streaming/chat?chatKey=lobby`)).statusCode).toBe(400);
  });

  it("lets an admin hide a message for everyone at once and mute a member for the service", async () => {
    const [first, second] = [await connect(ruth), await connect(boaz)];
    first.send("STREAM_CHAT", { chatKey, message: "Buy cheap watches" });
    const spam = await first.next("STREAM_CHAT", (p) => p.message === "Buy cheap watches");
    await second.next("STREAM_CHAT", (p) => p.id === spam.id);

    expect((await call(boaz, "POST", `/api/streaming/chat/messages/${spam.id}/hide`)).statusCode).toBe(403);
    expect((await call(admin, "POST", `/api/streaming/chat/messages/${spam.id}/hide`)).statusCode).toBe(204);
    expect(await second.next("STREAM_CHAT_HIDDEN")).toEqual({ chatKey, messageId: spam.id });
    expect(await first.next("STREAM_CHAT_HIDDEN")).toEqual({ chatKey, messageId: spam.id });
    const history = (await call(boaz, "GET", `/api/streaming/chat?chatKey=${chatKey}&limit=50`)).json();
    expect(history.map((m: { id: number }) => m.id)).not.toContain(spam.id);
    expect((await call(admin, "POST", "/api/streaming/chat/messages/999999/hide")).statusCode).toBe(404);

    expect((await call(boaz, "POST", "/api/streaming/chat/mutes", { chatKey, userId: ruth.user.id })).statusCode).toBe(403);
    expect((await call(admin, "POST", "/api/streaming/chat/mutes", { chatKey, userId: ruth.user.id })).statusCode).toBe(204);
    const cannot = await call(admin, "POST", "/api/streaming/chat/mutes", { chatKey, userId: admin.user.id });
    expect(cannot.statusCode).toBe(400);
    expect(cannot.json().message).toBe(streamingMessages.cannotMuteAdmin);
    first.send("STREAM_CHAT", { chatKey, message: "Still here" });
    expect(await first.next("ERROR")).toEqual({ message: streamingMessages.chatMuted, code: "chat_muted" });
    // The muted member's socket stays open and still hears the chat.
    second.send("STREAM_CHAT", { chatKey, message: "Welcome, everyone" });
    expect(await first.next("STREAM_CHAT", (p) => p.message === "Welcome, everyone")).toBeTruthy();
  });

  it("enforces slow mode on the server with a clear error; admins are not slowed", async () => {
    const member = await registerMember(server.app, { displayName: "Naomi" });
    const client = await connect(member);
    const adminClient = await connect(admin);
    expect((await call(member, "PUT", "/api/streaming/chat/slow-mode", { chatKey, seconds: 10 })).statusCode).toBe(403);
    expect((await call(admin, "PUT", "/api/streaming/chat/slow-mode", { chatKey, seconds: 301 })).statusCode).toBe(400);
    const set = await call(admin, "PUT", "/api/streaming/chat/slow-mode", { chatKey, seconds: 10 });
    expect(set.json()).toEqual({ chatKey, slowModeSeconds: 10 });
    expect(await client.next("STREAM_CHAT_SETTINGS")).toEqual({ chatKey, slowModeSeconds: 10 });
    expect((await call(null, "GET", "/api/streaming/state")).json().live.slowModeSeconds).toBe(10);

    client.send("STREAM_CHAT", { chatKey, message: "First" });
    await client.next("STREAM_CHAT", (p) => p.message === "First");
    clock.advance(4000);
    client.send("STREAM_CHAT", { chatKey, message: "Too soon" });
    expect(await client.next("ERROR")).toEqual({ message: streamingMessages.slowMode(6), code: "slow_mode" });
    adminClient.send("STREAM_CHAT", { chatKey, message: "Admins may" });
    adminClient.send("STREAM_CHAT", { chatKey, message: "Admins may twice" });
    await adminClient.next("STREAM_CHAT", (p) => p.message === "Admins may twice");
    clock.advance(6000);
    client.send("STREAM_CHAT", { chatKey, message: "Now it goes" });
    expect(await client.next("STREAM_CHAT", (p) => p.message === "Now it goes")).toBeTruthy();
    await call(admin, "PUT", "/api/streaming/chat/slow-mode", { chatKey, seconds: 0 });
  });

  it("answers bad input over /ws with a clear error and keeps the socket open", async () => {
    const client = await connect(boaz);
    client.send("STREAM_CHAT", { chatKey, message: "   " });
    expect(await client.next("ERROR")).toEqual({ message: "Message cannot be empty", code: "invalid_payload" });
    client.send("STREAM_CHAT", { chatKey, message: "x".repeat(STREAM_CHAT_MAX_LENGTH + 1) });
    expect((await client.next("ERROR")).message).toBe(`Messages can be at most ${STREAM_CHAT_MAX_LENGTH} characters`);
    client.send("STREAM_CHAT", { chatKey: "lobby", message: "hi" });
    expect(await client.next("ERROR")).toEqual({ message: "Name the service's chat as the live state gives it", code: "invalid_payload" });
    client.send("STREAM_CHAT", { message: "hi" });
    expect(await client.next("ERROR")).toMatchObject({ code: "invalid_payload" });
    client.send("STREAM_CHAT_JOIN", { chatKey: 42 });
    expect(await client.next("ERROR")).toMatchObject({ code: "invalid_payload" });
    client.send("STREAM_CHAT", { chatKey: "broadcast:999999", message: "hello?" });
    expect(await client.next("ERROR")).toEqual({ message: streamingMessages.chatClosed, code: "chat_closed" });
    client.sendRaw("{not json");
    expect(await client.next("ERROR")).toMatchObject({ code: "invalid_json" });
    client.send("STREAM_CHAT", { chatKey, message: "Still connected" });
    expect(await client.next("STREAM_CHAT", (p) => p.message === "Still connected")).toBeTruthy();
    expect(client.closeCode).toBeNull();
  });

  it("sends a prayer request privately to the admins without a care team, and to the care team once there is one", async () => {
    const adminClient = await LiveClient.connect(server.wsUrl, admin.cookie, { origin: server.origin });
    clients.push(adminClient);
    const admins = await server.ctx.db.selectFrom("users").select("id").where("role", "=", "admin").execute();
    expect((await call(null, "POST", "/api/streaming/prayer", { message: "For my mother" })).statusCode).toBe(401);
    expect((await call(boaz, "POST", "/api/streaming/prayer", { message: "  " })).statusCode).toBe(400);
    const sent = await call(boaz, "POST", "/api/streaming/prayer", { message: "For my mother's surgery" });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toEqual({ sentTo: admins.length });
    const received = await adminClient.next("CHAT_MESSAGE", (p) => p.senderId === boaz.user.id);
    expect(received).toMatchObject({ receiverId: admin.user.id, message: "Prayer request from the live service: For my mother's surgery" });

    await server.ctx.db
      .insertInto("care_team")
      .values({ userId: ruth.user.id, grantedBy: admin.user.id, grantedAt: clock.iso() })
      .execute();
    expect((await call(boaz, "POST", "/api/streaming/prayer", { message: "Peace at work" })).json()).toEqual({ sentTo: 1 });
    const toCare = await server.ctx.db
      .selectFrom("messages")
      .select(["receiverId", "content"])
      .where("senderId", "=", boaz.user.id)
      .where("content", "like", "%Peace at work")
      .execute();
    expect(toCare).toEqual([{ receiverId: ruth.user.id, content: "Prayer request from the live service: Peace at work" }]);
  });
});
