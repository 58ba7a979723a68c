import { createHmac } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { messages } from "@shared/messages";
import { buildApp } from "../../app";
import { createManualClock } from "../../clock";
import { createContext } from "../../context";
import { type TestApp, buildTestApp, describeEachDatabase } from "../../test/app";
import { type Member, registerMember } from "../../test/factories";
import { generateRoomCode } from "./rooms.service";

describeEachDatabase("rooms API", (dialect) => {
  let t: TestApp;
  let host: Member;
  let guest: Member;
  const call = (member: Member | null, method: "GET" | "POST", url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: member ? { cookie: member.cookie } : {}, ...(payload !== undefined ? { payload } : {}) });

  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      ICE_SERVERS: '[{"urls":"stun:stun.example.org:3478"},{"urls":"turn:turn.example.org:3478","username":"u","credential":"p"}]',
    });
    host = await registerMember(t.app, { displayName: "Pastor John" });
    guest = await registerMember(t.app);
  });
  afterAll(async () => t.close());

  it("generates six-character codes of A-Z and 0-9", () => {
    const codes = new Set(Array.from({ length: 200 }, generateRoomCode));
    for (const code of codes) expect(code).toMatch(/^[A-Z0-9]{6}$/);
    expect(codes.size).toBeGreaterThan(195);
  });

  it("creates a room hosted by the signed-in member, ignoring a forged hostId, with 10 participants at most", async () => {
    const response = await call(host, "POST", "/api/rooms", {
      name: "  Bible Study  ",
      description: "Romans 8",
      hostId: guest.user.id,
      maxParticipants: 10,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: "Bible Study",
      description: "Romans 8",
      hostId: host.user.id,
      hostName: "Pastor John",
      maxParticipants: 10,
      participants: 0,
    });
    expect(response.json().roomCode).toMatch(/^[A-Z0-9]{6}$/);
    expect((await call(host, "POST", "/api/rooms", { name: "Default size" })).json().maxParticipants).toBe(10);
  });

  it("refuses a blank name with the spec's message, too many participants, a malformed body and a signed-out member", async () => {
    const blank = await call(host, "POST", "/api/rooms", { name: "   " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(messages.nameRequired);
    expect((await call(host, "POST", "/api/rooms", {})).json().message).toBe(messages.nameRequired);
    expect((await call(host, "POST", "/api/rooms", { name: "Big", maxParticipants: 50 })).statusCode).toBe(400);
    const malformed = await t.app.inject({
      method: "POST",
      url: "/api/rooms",
      headers: { cookie: host.cookie, "content-type": "application/json" },
      payload: "{nope",
    });
    expect(malformed.statusCode).toBe(400);
    expect((await call(null, "POST", "/api/rooms", { name: "x" })).statusCode).toBe(401);
  });

  it("finds an active room by code in any letter case, and answers 404 for an unknown code or a closed room", async () => {
    const code = (await call(host, "POST", "/api/rooms", { name: "Prayer" })).json().roomCode as string;
    expect((await call(guest, "GET", `/api/rooms/${code.toLowerCase()}`)).json()).toMatchObject({ roomCode: code, name: "Prayer" });
    expect((await call(guest, "GET", "/api/rooms/ZZZZZ9")).statusCode).toBe(404);
    expect((await call(guest, "GET", "/api/rooms/abc")).statusCode).toBe(400);
    expect((await call(guest, "POST", `/api/rooms/${code}/close`)).statusCode).toBe(403);
    expect((await call(null, "POST", `/api/rooms/${code}/close`)).statusCode).toBe(401);
    expect((await call(host, "POST", `/api/rooms/${code}/close`)).statusCode).toBe(204);
    expect((await call(guest, "GET", `/api/rooms/${code}`)).statusCode).toBe(404);
    expect((await call(host, "POST", `/api/rooms/${code}/close`)).statusCode).toBe(404);
  });

  it("lists only active rooms, only to signed-in members", async () => {
    const open = (await call(host, "POST", "/api/rooms", { name: "Open room" })).json().roomCode;
    const closed = (await call(host, "POST", "/api/rooms", { name: "Closed room" })).json().roomCode;
    await call(host, "POST", `/api/rooms/${closed}/close`);
    expect((await call(null, "GET", "/api/rooms?active=true")).statusCode).toBe(401);
    const codes = (await call(guest, "GET", "/api/rooms?active=true")).json().map((r: { roomCode: string }) => r.roomCode);
    expect(codes).toContain(open);
    expect(codes).not.toContain(closed);
  });

  it("answers the configured ICE servers, TURN credentials included, to signed-in members", async () => {
    expect((await call(null, "GET", "/api/rooms/ice-servers")).statusCode).toBe(401);
    expect((await call(guest, "GET", "/api/rooms/ice-servers")).json()).toEqual({
      iceServers: [{ urls: "stun:stun.example.org:3478" }, { urls: "turn:turn.example.org:3478", username: "u", credential: "p" }],
      iceTransportPolicy: "all",
      expiresAt: null,
    });
  });
});

describeEachDatabase("TURN with time-limited credentials", (dialect) => {
  const secret = "shared-with-coturn-0123456789";
  const clock = createManualClock("2026-03-01T12:00:00.000Z");
  let t: TestApp;
  let member: Member;
  const iceServers = (who: Member) => t.app.inject({ method: "GET", url: "/api/rooms/ice-servers", headers: { cookie: who.cookie } });

  beforeAll(async () => {
    t = await buildTestApp(
      dialect,
      {
        ICE_SERVERS: '[{"urls":"stun:stun.example.org:3478"}]',
        TURN_URLS: "turn:turn.example.org:3478",
        TURN_SECRET: secret,
        TURN_TTL_SECONDS: "3600",
      },
      undefined,
      clock,
    );
    member = await registerMember(t.app);
  });
  afterAll(async () => t.close());

  it("gives each member a username <expiry>:<member id> and the credential coturn derives from the shared secret", async () => {
    const response = await iceServers(member);
    expect(response.headers["cache-control"]).toBe("no-store");
    const body = response.json();
    const expiry = Date.parse("2026-03-01T13:00:00.000Z") / 1000;
    const username = `${expiry}:${member.user.id}`;
    expect(body).toEqual({
      iceServers: [
        { urls: "stun:stun.example.org:3478" },
        { urls: ["turn:turn.example.org:3478"], username, credential: createHmac("sha1", secret).update(username).digest("base64") },
      ],
      iceTransportPolicy: "all",
      expiresAt: "2026-03-01T13:00:00.000Z",
    });
  });

  it("answers fresh credentials each time, so a copied one stops working at its expiry", async () => {
    const before = (await iceServers(member)).json();
    clock.advance(10 * 60_000);
    const after = (await iceServers(member)).json();
    expect(after.expiresAt).toBe("2026-03-01T13:10:00.000Z");
    expect(after.iceServers[1].username).not.toBe(before.iceServers[1].username);
    expect(after.iceServers[1].credential).not.toBe(before.iceServers[1].credential);
  });

  it("gives two members different credentials", async () => {
    const other = await registerMember(t.app);
    const [mine, theirs] = [(await iceServers(member)).json(), (await iceServers(other)).json()];
    expect(mine.iceServers[1].username.endsWith(`:${member.user.id}`)).toBe(true);
    expect(theirs.iceServers[1].username.endsWith(`:${other.user.id}`)).toBe(true);
  });
});

describeEachDatabase("rooms left behind by a process that died", (dialect) => {
  it("closes, when the app starts, the rooms whose host the database still shows present without a live seat", async () => {
    const first = await buildTestApp(dialect);
    const host = await registerMember(first.app);
    const guest = await registerMember(first.app);
    const call = (app: typeof first.app, member: Member, url: string) =>
      app.inject({ method: "GET", url, headers: { cookie: member.cookie } });
    const ghost = (
      await first.app.inject({ method: "POST", url: "/api/rooms", headers: { cookie: host.cookie }, payload: { name: "Ghost" } })
    ).json();
    const hostless = (
      await first.app.inject({ method: "POST", url: "/api/rooms", headers: { cookie: guest.cookie }, payload: { name: "Hostless" } })
    ).json();
    // The killed process had seated them; its memory (or its lease) is gone, the database rows remain.
    const now = new Date().toISOString();
    await first.database.db
      .insertInto("room_members")
      .values([
        { roomId: ghost.id, userId: host.user.id, joinedAt: now, leftAt: null },
        { roomId: ghost.id, userId: guest.user.id, joinedAt: now, leftAt: null },
        { roomId: hostless.id, userId: host.user.id, joinedAt: now, leftAt: null },
      ])
      .execute();
    expect((await call(first.app, guest, `/api/rooms/${ghost.roomCode}`)).json().participants).toBe(2);

    const restarted = await buildApp(createContext(first.ctx.config, first.database));
    await restarted.ready();
    expect((await call(restarted, guest, `/api/rooms/${ghost.roomCode}`)).statusCode).toBe(404);
    expect((await call(restarted, guest, `/api/rooms/${hostless.roomCode}`)).statusCode).toBe(404);
    await restarted.close();
    await first.close();
  });
});
