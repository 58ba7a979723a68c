import { afterAll, beforeAll, expect, it } from "vitest";
import { liveErrors } from "@shared/contracts/live";
import { messageTexts } from "@shared/contracts/messages";
import { safetyMessages } from "@shared/contracts/safety";
import { describeEachDatabase } from "../../test/app";
import { type Member, registerMember } from "../../test/factories";
import { LiveClient, startLiveTestApp } from "../../test/live";

/**
 * Who may message me and the requests folder (decision 0022), over real sockets: the owner chooses; a stranger's
 * message lands in the folder; a contact and a group-mate reach the inbox as the choice says; a blocked member is
 * refused; a visitor gets 401.
 */
describeEachDatabase("message requests", (dialect) => {
  let t: Awaited<ReturnType<typeof startLiveTestApp>>;
  let owner: Member;
  let stranger: Member;
  let contact: Member;
  let groupMate: Member;
  let blocked: Member;
  const clients: LiveClient[] = [];

  const call = (member: Member | null, method: "GET" | "POST" | "PUT", url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: member ? { cookie: member.cookie } : {},
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
  const connect = async (member: Member) => {
    const client = await LiveClient.connect(t.wsUrl, member.cookie, { origin: t.origin });
    clients.push(client);
    return client;
  };
  const choose = async (member: Member, whoCanMessage: string) =>
    expect((await call(member, "PUT", "/api/messages/privacy", { whoCanMessage })).statusCode).toBe(200);
  const requests = async (member: Member) =>
    (await call(member, "GET", "/api/messages/requests")).json() as {
      id: number;
      sender: { id: number };
      lastMessage: string;
      messageCount: number;
    }[];
  const inbox = async (member: Member) =>
    (await call(member, "GET", "/api/users")).json() as { id: number; lastMessage: string | null; unreadCount: number }[];

  beforeAll(async () => {
    t = await startLiveTestApp(dialect);
    owner = await registerMember(t.app, { displayName: "Lydia" });
    stranger = await registerMember(t.app, { displayName: "Simon" });
    contact = await registerMember(t.app, { displayName: "Priscilla" });
    groupMate = await registerMember(t.app, { displayName: "Aquila" });
    blocked = await registerMember(t.app, { displayName: "Elymas" });
    const now = new Date().toISOString();
    // The owner once wrote to the contact; the owner and the group-mate share a group.
    await t.ctx.db
      .insertInto("messages")
      .values({
        senderId: owner.user.id,
        receiverId: contact.user.id,
        groupId: null,
        roomCode: null,
        content: "Hello",
        createdAt: now,
        readAt: null,
      })
      .execute();
    const group = await t.ctx.db
      .insertInto("groups")
      .values({ name: "Purple sellers", description: "", createdBy: owner.user.id, createdAt: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto("group_members")
      .values([owner, groupMate].map((m) => ({ groupId: group.id, userId: m.user.id, joinedAt: now, lastReadAt: null })))
      .execute();
    expect((await call(owner, "PUT", `/api/blocks/${blocked.user.id}`)).statusCode).toBe(204);
  });
  afterAll(async () => {
    for (const client of clients) void client.close();
    await t.close();
  });

  it("answers 401 to a visitor and 400 to a choice that isn't one, and defaults to everyone", async () => {
    for (const [method, url] of [
      ["GET", "/api/messages/privacy"],
      ["PUT", "/api/messages/privacy"],
      ["GET", "/api/messages/requests"],
      ["POST", "/api/messages/requests/1/accept"],
      ["POST", "/api/messages/requests/1/decline"],
    ] as const) {
      expect((await call(null, method, url, method === "PUT" ? { whoCanMessage: "everyone" } : undefined)).statusCode).toBe(401);
    }
    expect((await call(owner, "GET", "/api/messages/privacy")).json()).toEqual({ whoCanMessage: "everyone" });
    const bad = await call(owner, "PUT", "/api/messages/privacy", { whoCanMessage: "friends" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(messageTexts.whoCanMessageInvalid);
    expect((await call(owner, "PUT", "/api/messages/privacy", {})).statusCode).toBe(400);
    expect((await call(owner, "POST", "/api/messages/requests/abc/accept")).statusCode).toBe(400);
    expect((await call(owner, "POST", "/api/messages/requests/999999/accept")).statusCode).toBe(404);
  });

  it("with 'connections', puts a stranger's message in the requests folder and not in the inbox, and lets a contact and a group-mate through", async () => {
    await choose(owner, "connections");
    const ownerTab = await connect(owner);
    const fromStranger = await connect(stranger);
    fromStranger.send("CHAT_MESSAGE", { message: "Can we talk?", receiverId: owner.user.id, clientId: "s1" });
    expect((await fromStranger.next("CHAT_MESSAGE_SENT")).clientId).toBe("s1");
    const live = await ownerTab.next("MESSAGE_REQUEST");
    expect(live.message).toMatchObject({ message: "Can we talk?", senderId: stranger.user.id });
    expect(await ownerTab.nothing("CHAT_MESSAGE")).toBe(true);
    fromStranger.send("CHAT_MESSAGE", { message: "It's about Paul", receiverId: owner.user.id });
    expect((await ownerTab.next("MESSAGE_REQUEST")).requestId).toBe(live.requestId);
    expect(await requests(owner)).toEqual([
      expect.objectContaining({
        id: live.requestId,
        sender: expect.objectContaining({ id: stranger.user.id }),
        lastMessage: "It's about Paul",
        messageCount: 2,
      }),
    ]);
    expect((await inbox(owner)).find((c) => c.id === stranger.user.id)).toMatchObject({ lastMessage: null, unreadCount: 0 });
    expect((await call(owner, "GET", "/api/messages/recent")).json()).not.toContainEqual(
      expect.objectContaining({ senderId: stranger.user.id }),
    );
    // The sender's own side shows what they sent.
    expect((await inbox(stranger)).find((c) => c.id === owner.user.id)?.lastMessage).toBe("It's about Paul");
    // Reading the request in the folder sends no read receipt.
    expect((await call(owner, "GET", `/api/messages?userId=${owner.user.id}&otherUserId=${stranger.user.id}`)).json()).toHaveLength(2);
    expect(await fromStranger.nothing("READ")).toBe(true);
    // Nor does a request tell its sender whether the owner is online, now or on a later connect.
    expect(fromStranger.events.some((e) => e.type === "PRESENCE" && e.payload.users.some((u) => u.userId === owner.user.id))).toBe(false);
    expect((await connect(stranger)).snapshot).not.toContain(owner.user.id);

    for (const member of [contact, groupMate]) {
      const client = await connect(member);
      client.send("CHAT_MESSAGE", { message: `Grace from ${member.user.displayName}`, receiverId: owner.user.id });
      expect((await ownerTab.next("CHAT_MESSAGE")).senderId).toBe(member.user.id);
    }
    expect((await requests(owner)).map((r) => r.sender.id)).toEqual([stranger.user.id]);
    // Other members' folders are their own.
    expect(await requests(contact)).toEqual([]);
    expect((await call(contact, "POST", `/api/messages/requests/${live.requestId}/accept`)).statusCode).toBe(404);
    expect((await call(stranger, "POST", `/api/messages/requests/${live.requestId}/accept`)).statusCode).toBe(404);
  });

  it("accepting moves the conversation into the inbox, unread, and later messages arrive as chat", async () => {
    const [request] = await requests(owner);
    const waiting = await connect(stranger);
    await connect(owner);
    expect(waiting.snapshot).not.toContain(owner.user.id);
    expect((await call(owner, "POST", `/api/messages/requests/${request!.id}/accept`)).statusCode).toBe(204);
    // Accepted, the two are contacts: the sender learns the owner's presence at once.
    await waiting.next("PRESENCE", (p) => p.users.some((u) => u.userId === owner.user.id && u.online));
    expect(await requests(owner)).toEqual([]);
    expect((await inbox(owner)).find((c) => c.id === stranger.user.id)).toMatchObject({ lastMessage: "It's about Paul", unreadCount: 2 });
    expect((await call(owner, "POST", `/api/messages/requests/${request!.id}/decline`)).statusCode).toBe(404);
    const ownerTab = await connect(owner);
    const fromStranger = await connect(stranger);
    fromStranger.send("CHAT_MESSAGE", { message: "Thank you", receiverId: owner.user.id });
    expect((await ownerTab.next("CHAT_MESSAGE")).message).toBe("Thank you");
  });

  it("with 'nobody', even a group-mate's first message is a request; declining refuses the sender's next message", async () => {
    await choose(owner, "nobody");
    const newcomer = await registerMember(t.app, { displayName: "Demetrius" });
    const now = new Date().toISOString();
    const [group] = await t.ctx.db.selectFrom("groups").select("id").execute();
    await t.ctx.db
      .insertInto("group_members")
      .values({ groupId: group!.id, userId: newcomer.user.id, joinedAt: now, lastReadAt: null })
      .execute();
    const ownerTab = await connect(owner);
    const fromNewcomer = await connect(newcomer);
    fromNewcomer.send("CHAT_MESSAGE", { message: "Silver shrines, cheap", receiverId: owner.user.id });
    const { requestId } = await ownerTab.next("MESSAGE_REQUEST");
    // An accepted conversation stays open under 'nobody'.
    const fromStranger = await connect(stranger);
    fromStranger.send("CHAT_MESSAGE", { message: "Still here", receiverId: owner.user.id });
    expect((await ownerTab.next("CHAT_MESSAGE")).message).toBe("Still here");

    expect((await call(owner, "POST", `/api/messages/requests/${requestId}/decline`)).statusCode).toBe(204);
    expect(await requests(owner)).toEqual([]);
    expect((await inbox(owner)).find((c) => c.id === newcomer.user.id)).toMatchObject({ lastMessage: null, unreadCount: 0 });
    fromNewcomer.send("CHAT_MESSAGE", { message: "Again", receiverId: owner.user.id });
    expect(await fromNewcomer.next("ERROR")).toMatchObject({ message: liveErrors.messageRequestsOff, code: "message_requests_off" });
    expect(await ownerTab.nothing("MESSAGE_REQUEST")).toBe(true);
  });

  it("refuses a stranger outright when the member turned message requests off, and a blocked member always", async () => {
    const quiet = await registerMember(t.app, { displayName: "Tabitha" });
    await choose(quiet, "nobody");
    expect((await call(quiet, "PUT", "/api/messages/settings", { messageRequests: false })).statusCode).toBe(200);
    const fromStranger = await connect(stranger);
    fromStranger.send("CHAT_MESSAGE", { message: "Hello?", receiverId: quiet.user.id });
    expect((await fromStranger.next("ERROR")).code).toBe("message_requests_off");
    expect(await requests(quiet)).toEqual([]);

    const fromBlocked = await connect(blocked);
    fromBlocked.send("CHAT_MESSAGE", { message: "Let me in", receiverId: owner.user.id });
    expect(await fromBlocked.next("ERROR")).toMatchObject({ message: safetyMessages.blockedYou, code: "blocked" });
    expect((await requests(owner)).map((r) => r.sender.id)).not.toContain(blocked.user.id);
  });

  it("with 'everyone', a stranger reaches the inbox as before; replying to a waiting request accepts it", async () => {
    const open = await registerMember(t.app, { displayName: "Cornelius" });
    const openTab = await connect(open);
    const fromStranger = await connect(stranger);
    fromStranger.send("CHAT_MESSAGE", { message: "Shalom", receiverId: open.user.id });
    expect((await openTab.next("CHAT_MESSAGE")).message).toBe("Shalom");

    await choose(open, "nobody");
    const peter = await registerMember(t.app, { displayName: "Peter" });
    const fromPeter = await connect(peter);
    fromPeter.send("CHAT_MESSAGE", { message: "May I come?", receiverId: open.user.id });
    await openTab.next("MESSAGE_REQUEST");
    openTab.send("CHAT_MESSAGE", { message: "Please come", receiverId: peter.user.id });
    expect((await fromPeter.next("CHAT_MESSAGE")).message).toBe("Please come");
    expect(await requests(open)).toEqual([]);
    fromPeter.send("CHAT_MESSAGE", { message: "On my way", receiverId: open.user.id });
    expect((await openTab.next("CHAT_MESSAGE")).message).toBe("On my way");
  });
});
