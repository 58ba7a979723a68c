import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../test/app";
import { registerMember } from "../../test/factories";
import { LiveClient, startLiveTestApp } from "../../test/live";
import { createStreamingService } from "./streaming.service";

describeEachDatabase("streaming on the live link", (dialect) => {
  let server: Awaited<ReturnType<typeof startLiveTestApp>>;
  beforeAll(async () => {
    server = await startLiveTestApp(dialect, { env: { LIVE_INGEST: "off" } });
  });
  afterAll(async () => server.close());

  it("counts members watching a stream, tells the watchers, and forgets a closed connection", async () => {
    const [ruth, boaz] = [await registerMember(server.app), await registerMember(server.app)];
    const first = await LiveClient.connect(server.wsUrl, ruth.cookie, { origin: server.origin });
    const second = await LiveClient.connect(server.wsUrl, boaz.cookie, { origin: server.origin });
    first.send("STREAM_WATCH", { streamId: 7, watching: true });
    expect(await first.next("STREAM_VIEWERS", (p) => p.viewers === 1)).toEqual({ streamId: 7, viewers: 1 });
    second.send("STREAM_WATCH", { streamId: 7, watching: true });
    expect(await first.next("STREAM_VIEWERS", (p) => p.viewers === 2)).toEqual({ streamId: 7, viewers: 2 });
    await second.close();
    expect(await first.next("STREAM_VIEWERS", (p) => p.viewers === 1)).toEqual({ streamId: 7, viewers: 1 });
    first.send("STREAM_WATCH", { streamId: 7, watching: false });
    await expect.poll(async () => (await server.ctx.live.seats.list("stream:7")).length).toBe(0);
    await first.close();
  });

  it("tells every connection when a stream stops being live", async () => {
    const member = await registerMember(server.app);
    const client = await LiveClient.connect(server.wsUrl, member.cookie, { origin: server.origin });
    const stream = await server.ctx.db
      .insertInto("streams")
      .values({
        name: "Chapel",
        streamKey: `key-${Date.now()}`,
        createdAt: new Date().toISOString(),
        keyRotatedAt: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const service = createStreamingService(server.ctx);
    const broadcastId = await service.hooks.started(stream.id);
    await service.hooks.ended(stream.id, broadcastId, null);
    expect(await client.next("STREAM_STATE")).toEqual({ streamId: stream.id, live: false });
    await client.close();
  });
});
