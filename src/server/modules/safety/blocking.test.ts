import { afterAll, beforeAll, expect, it } from "vitest";
import { safetyMessages } from "@shared/contracts/safety";
import { describeEachDatabase } from "../../test/app";
import { type Member, registerMember } from "../../test/factories";
import { LiveClient, startLiveTestApp } from "../../test/live";

/**
 * Blocking (decision 0016), enforced by the API and over /ws: the owner blocks a member; the blocked member, another
 * member, the care team, an admin and a visitor each see what they should.
 */
describeEachDatabase("blocking", (dialect) => {
  let t: Awaited<ReturnType<typeof startLiveTestApp>>;
  let owner: Member;
  let blocked: Member;
  let other: Member;
  let admin: Member;
  let carer: Member;
  let ownerPost: number;
  let blockedPost: number;
  const clients: LiveClient[] = [];

  const call = (member: Member | null, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: member ? { cookie: member.cookie } : {}, ...(payload !== undefined ? { payload } : {}) });
  const connect = async (member: Member) => {
    const client = await LiveClient.connect(t.wsUrl, member.cookie, { origin: t.origin });
    clients.push(client);
    return client;
  };
  const feedAuthors = async (member: Member | null, query = "") =>
    ((await call(member, "GET", `/api/posts${query}`)).json() as { userId: number }[]).map((post) => post.userId);

  beforeAll(async () => {
    t = await startLiveTestApp(dialect);
    owner = await registerMember(t.app, { displayName: "Abigail" });
    blocked = await registerMember(t.app, { displayName: "Nabal" });
    other = await registerMember(t.app, { displayName: "David" });
    admin = await registerMember(t.app, { displayName: "Nathan" });
    carer = await registerMember(t.app, { displayName: "Phoebe" });
    await t.ctx.db.updateTable("users").set({ role: "admin" }).where("id", "=", admin.user.id).execute();
    expect((await call(admin, "PUT", `/api/care-team/${carer.user.id}`)).statusCode).toBe(204);
    ownerPost = (await call(owner, "POST", "/api/posts", { content: "Abigail's testimony" })).json().id;
    blockedPost = (await call(blocked, "POST", "/api/posts", { content: "Nabal's rant" })).json().id;
    await call(blocked, "POST", `/api/posts/${ownerPost}/comments`, { content: "Nabal was here before the block" });
    await call(other, "POST", `/api/posts/${ownerPost}/comments`, { content: "David says amen" });
  });
  afterAll(async () => {
    for (const client of clients) void client.close();
    await t.close();
  });

  it("refuses a visitor, blocking oneself and an unknown member", async () => {
    expect((await call(null, "PUT", `/api/blocks/${blocked.user.id}`)).statusCode).toBe(401);
    expect((await call(null, "GET", "/api/blocks")).statusCode).toBe(401);
    const self = await call(owner, "PUT", `/api/blocks/${owner.user.id}`);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(safetyMessages.cannotBlockSelf);
    expect((await call(owner, "PUT", "/api/blocks/987654")).statusCode).toBe(404);
    expect((await call(owner, "PUT", "/api/blocks/abc")).statusCode).toBe(400);
  });

  it("takes the blocked member's posts and comments out of the owner's feed, and only the owner's", async () => {
    expect((await call(owner, "PUT", `/api/blocks/${blocked.user.id}`)).statusCode).toBe(204);
    // Blocking twice is harmless.
    expect((await call(owner, "PUT", `/api/blocks/${blocked.user.id}`)).statusCode).toBe(204);
    expect((await call(owner, "GET", "/api/blocks")).json()).toEqual([
      expect.objectContaining({ id: blocked.user.id, displayName: "Nabal" }),
    ]);
    expect(await feedAuthors(owner)).not.toContain(blocked.user.id);
    expect((await call(owner, "GET", `/api/posts/${blockedPost}`)).statusCode).toBe(404);
    const comments = (await call(owner, "GET", `/api/posts/${ownerPost}/comments`)).json() as { content: string }[];
    expect(comments.map((comment) => comment.content)).toEqual(["David says amen"]);
    // Everyone else still sees both members.
    for (const viewer of [other, admin, carer, null]) {
      expect(await feedAuthors(viewer)).toEqual(expect.arrayContaining([owner.user.id, blocked.user.id]));
      expect((await call(viewer, "GET", `/api/posts/${ownerPost}/comments`)).json()).toHaveLength(2);
    }
  });

  it("hides the owner's posts from the blocked member, on the feed and on the owner's profile", async () => {
    expect(await feedAuthors(blocked)).not.toContain(owner.user.id);
    expect(await feedAuthors(blocked, `?userId=${owner.user.id}`)).toEqual([]);
    expect(await feedAuthors(other, `?userId=${owner.user.id}`)).toEqual([owner.user.id]);
    expect((await call(blocked, "GET", `/api/posts/${ownerPost}`)).statusCode).toBe(404);
    expect((await call(blocked, "POST", `/api/posts/${ownerPost}/comments`, { content: "Let me in" })).statusCode).toBe(404);
    expect((await call(blocked, "POST", `/api/posts/${ownerPost}/like`)).statusCode).toBe(404);
    expect((await call(other, "POST", `/api/posts/${ownerPost}/like`)).json().liked).toBe(true);
  });

  it("stops direct messages both ways over /ws, and lets others through", async () => {
    const fromBlocked = await connect(blocked);
    fromBlocked.send("CHAT_MESSAGE", { message: "Why did you block me?", receiverId: owner.user.id });
    expect(await fromBlocked.next("ERROR")).toMatchObject({ message: safetyMessages.blockedYou, code: "blocked" });
    const fromOwner = await connect(owner);
    fromOwner.send("CHAT_MESSAGE", { message: "Goodbye", receiverId: blocked.user.id });
    expect((await fromOwner.next("ERROR")).code).toBe("blocked");
    const fromOther = await connect(other);
    fromOther.send("CHAT_MESSAGE", { message: "Peace be with you", receiverId: owner.user.id });
    expect((await fromOther.next("CHAT_MESSAGE_SENT")).message).toBe("Peace be with you");
    expect((await fromOwner.next("CHAT_MESSAGE")).message).toBe("Peace be with you");
  });

  it("keeps the blocked member out of a room the owner hosts, by code and over /ws", async () => {
    const roomCode = (await call(owner, "POST", "/api/rooms", { name: "Bible study" })).json().roomCode as string;
    expect((await call(blocked, "GET", `/api/rooms/${roomCode}`)).statusCode).toBe(404);
    expect((await call(other, "GET", `/api/rooms/${roomCode}`)).statusCode).toBe(200);
    const host = await connect(owner);
    host.send("JOIN_ROOM", { roomCode });
    await host.next("ROOM_INFO");
    const intruder = await connect(blocked);
    intruder.send("JOIN_ROOM", { roomCode });
    expect(await intruder.next("ERROR")).toMatchObject({ message: safetyMessages.blockedRoom, code: "blocked" });
    const guest = await connect(carer);
    guest.send("JOIN_ROOM", { roomCode });
    expect((await guest.next("ROOM_INFO")).roomCode).toBe(roomCode);
  });

  it("restores everything once the owner unblocks", async () => {
    expect((await call(blocked, "DELETE", `/api/blocks/${owner.user.id}`)).statusCode).toBe(204);
    expect(await feedAuthors(blocked)).not.toContain(owner.user.id);
    expect((await call(owner, "DELETE", `/api/blocks/${blocked.user.id}`)).statusCode).toBe(204);
    expect((await call(owner, "GET", "/api/blocks")).json()).toEqual([]);
    expect(await feedAuthors(owner)).toContain(blocked.user.id);
    expect(await feedAuthors(blocked, `?userId=${owner.user.id}`)).toEqual([owner.user.id]);
    const client = await connect(blocked);
    client.send("CHAT_MESSAGE", { message: "Thank you", receiverId: owner.user.id });
    expect((await client.next("CHAT_MESSAGE_SENT")).message).toBe("Thank you");
  });
});
