import type { Socket } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../test/app";
import { registerMember } from "../test/factories";
import { LiveClient, startLiveTestApp } from "../test/live";

describeEachDatabase("live link backpressure", (dialect) => {
  let t: Awaited<ReturnType<typeof startLiveTestApp>>;
  beforeAll(async () => {
    // A small send buffer, and no rate limit in the way of the flood.
    t = await startLiveTestApp(dialect, {
      hub: { hardBufferBytes: 256 * 1024, softBufferBytes: 64 * 1024, ratePerSecond: 100_000, rateBurst: 100_000 },
    });
  });
  afterAll(async () => t.close());

  it("drops a consumer that stops reading instead of buffering for it without bound", async () => {
    const host = await registerMember(t.app);
    const guest = await registerMember(t.app);
    const created = await t.app.inject({ method: "POST", url: "/api/rooms", headers: { cookie: host.cookie }, payload: { name: "Flood" } });
    const roomCode = created.json().roomCode as string;
    const sender = await LiveClient.connect(t.wsUrl, host.cookie, { origin: t.origin });
    const slow = await LiveClient.connect(t.wsUrl, guest.cookie, { origin: t.origin });
    sender.send("JOIN_ROOM", { roomCode });
    await sender.next("ROOM_INFO");
    slow.send("JOIN_ROOM", { roomCode });
    await slow.next("ROOM_INFO");
    await sender.next("ROOM_INFO", (p) => "event" in p && p.event === "USER_JOINED");
    const connectionsBefore = t.ctx.live.connectionCount();

    // The slow member's client stops reading from the network.
    (slow.socket as unknown as { _socket: Socket })._socket.pause();
    const sdp = "a".repeat(60 * 1024);
    for (let i = 0; i < 150; i += 1) sender.send("VIDEO_OFFER", { roomCode, targetUserId: guest.user.id, offer: { type: "offer", sdp } });

    expect(await sender.next("ROOM_INFO", (p) => "event" in p && p.event === "USER_LEFT", 15_000)).toMatchObject({ userId: guest.user.id });
    expect(t.ctx.live.connectionCount()).toBe(connectionsBefore - 1);
    expect(sender.socket.readyState).toBe(sender.socket.OPEN);
    slow.socket.terminate();
  });
});
