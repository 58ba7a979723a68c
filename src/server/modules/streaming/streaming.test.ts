import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { streamingMessages } from "@shared/messages";
import { createManualClock } from "../../clock";
import { type TestApp, buildTestApp, describeEachDatabase } from "../../test/app";
import { type Member, registerMember } from "../../test/factories";
import { LIVE_FOLDER, VIDEO_PLAYLIST } from "./ingest";
import { createStreamingService } from "./streaming.service";

const HOUR = 3_600_000;

describeEachDatabase("streaming", (dialect) => {
  let t: TestApp;
  let member: Member;
  let admin: Member;
  const clock = createManualClock(Date.now());
  const inHours = (hours: number) => new Date(clock.now() + hours * HOUR).toISOString();
  beforeAll(async () => {
    // No ingest runs here: broadcasts are opened through the hooks, and segments are files the test writes.
    t = await buildTestApp(dialect, { LIVE_INGEST: "off" }, undefined, clock);
    member = await registerMember(t.app);
    admin = await registerMember(t.app, { displayName: "Admin" });
    await t.ctx.db.updateTable("users").set({ role: "admin" }).where("id", "=", admin.user.id).execute();
  });
  afterAll(async () => t.close());

  const as = (m: Member | null) => (m ? { cookie: m.cookie } : {});
  const call = (m: Member | null, method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: as(m), ...(payload ? { payload } : {}) });
  const form = (url: string, fields: Record<string, string>) =>
    t.app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams(fields).toString(),
    });
  const state = async () => (await call(null, "GET", "/api/streaming/state")).json();

  it("lets admins schedule services, refuses members, and answers 400 for an end before the start", async () => {
    const service = { title: "Sunday Worship", description: "Praise and the Word", startTime: inHours(2), endTime: inHours(4) };
    expect((await call(member, "POST", "/api/streaming/services", service)).statusCode).toBe(403);
    expect((await call(null, "POST", "/api/streaming/services", service)).statusCode).toBe(401);
    const wrong = await call(admin, "POST", "/api/streaming/services", { ...service, endTime: inHours(1) });
    expect(wrong.statusCode).toBe(400);
    expect(JSON.stringify(wrong.json())).toContain(streamingMessages.endAfterStart);
    const badThumbnail = await call(admin, "POST", "/api/streaming/services", { ...service, thumbnailUrl: "javascript:alert(1)" });
    expect(badThumbnail.statusCode).toBe(400);
    const created = await call(admin, "POST", "/api/streaming/services", { ...service, thumbnailUrl: "/media/thumbs/sunday.jpg" });
    expect(created.statusCode).toBe(201);
    const later = await call(admin, "POST", "/api/streaming/services", {
      ...service,
      title: "Evening Prayer",
      startTime: inHours(30),
      endTime: inHours(31),
    });
    expect(later.statusCode).toBe(201);

    const list = (await call(null, "GET", "/api/streaming/services")).json();
    expect(list.map((s: { title: string }) => s.title)).toEqual(["Sunday Worship", "Evening Prayer"]);
    expect((await state()).next).toMatchObject({ title: "Sunday Worship", thumbnailUrl: "/media/thumbs/sunday.jpg" });
    expect((await state()).live).toBeNull();

    const ics = await call(null, "GET", `/api/streaming/services/${created.json().id}.ics`);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers["content-type"]).toContain("text/calendar");
    expect(ics.body).toContain("SUMMARY:Sunday Worship");
    expect(ics.body).toContain("TRIGGER:-PT1H");

    expect((await call(admin, "DELETE", `/api/streaming/services/${later.json().id}`)).statusCode).toBe(204);
    expect((await call(admin, "DELETE", `/api/streaming/services/${later.json().id}`)).statusCode).toBe(404);
  });

  it("gives admins stream keys that rotate, and hides them from members", async () => {
    expect((await call(member, "GET", "/api/streaming/streams")).statusCode).toBe(403);
    const created = await call(admin, "POST", "/api/streaming/streams", { name: "Sanctuary" });
    expect(created.statusCode).toBe(201);
    const stream = created.json();
    expect(stream.streamKey).toMatch(/^[\w-]{20,}$/);
    expect(stream.ingestUrl).toMatch(/^rtmp:\/\/.+:1935\/live$/);
    const rotated = (await call(admin, "POST", `/api/streaming/streams/${stream.id}/rotate-key`)).json();
    expect(rotated.streamKey).not.toBe(stream.streamKey);
    // The old key is refused by the publish hook from now on; the new one is let in.
    expect((await form("/api/streaming/hooks/publish", { app: "live", name: stream.streamKey })).statusCode).toBe(403);
    expect((await form("/api/streaming/hooks/publish", { app: "live", name: rotated.streamKey })).statusCode).toBe(204);
    expect((await form("/api/streaming/hooks/publish-done", { app: "live", name: rotated.streamKey })).statusCode).toBe(204);
    expect((await call(admin, "POST", "/api/streaming/streams/999999/rotate-key")).statusCode).toBe(404);
  });

  it("answers nginx-rtmp's hooks: a wrong key is refused with 403, a missing one with 400", async () => {
    const refused = await form("/api/streaming/hooks/publish", { call: "publish", app: "live", name: "not-a-key", addr: "203.0.113.9" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(streamingMessages.wrongStreamKey);
    expect((await form("/api/streaming/hooks/publish", { app: "live" })).statusCode).toBe(400);
  });

  it("says live only while a broadcast is open and its segments keep arriving", async () => {
    const stream = (await call(admin, "POST", "/api/streaming/streams", { name: "Chapel" })).json();
    const service = createStreamingHooks();
    const broadcastId = await service.started(stream.id);
    // Publishing started, but no segment yet: not live.
    expect((await state()).live).toBeNull();
    const folder = path.join(t.ctx.config.mediaDir, LIVE_FOLDER, String(stream.id));
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, VIDEO_PLAYLIST), "#EXTM3U\n");
    const live = (await state()).live;
    expect(live).toMatchObject({ streamId: stream.id, broadcastId, videoUrl: `/media/live/${stream.id}/video.m3u8`, viewers: 0 });
    expect(live.audioUrl).toBe(`/media/live/${stream.id}/audio.m3u8`);

    const playlist = await t.app.inject({ method: "GET", url: `/media/live/${stream.id}/video.m3u8` });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers["cache-control"]).toBe("no-cache");
    fs.writeFileSync(path.join(folder, "v-abc-00001.ts"), "segment");
    const segment = await t.app.inject({ method: "GET", url: `/media/live/${stream.id}/v-abc-00001.ts` });
    expect(segment.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await t.app.inject({ method: "GET", url: `/media/live/${stream.id}/recording-abc.mp4` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/media/live/..%2F..%2Fplatform.db` })).statusCode).toBe(404);

    // Segments stop arriving (the encoder stalled): no longer live, though publishing never ended.
    const old = new Date(Date.now() - t.ctx.config.liveStallMs - 1000);
    fs.utimesSync(path.join(folder, VIDEO_PLAYLIST), old, old);
    expect((await state()).live).toBeNull();
    fs.utimesSync(path.join(folder, VIDEO_PLAYLIST), new Date(), new Date());
    expect((await state()).live).not.toBeNull();
    // Publishing ends: not live, fresh segments or not.
    await service.ended(stream.id, broadcastId, null);
    expect((await state()).live).toBeNull();
  });

  it("publishes a draft replay once as a sermon with its duration and thumbnail", async () => {
    const stream = (await call(admin, "POST", "/api/streaming/streams", { name: "Hall" })).json();
    const broadcast = await t.ctx.db
      .insertInto("stream_broadcasts")
      .values({ streamId: stream.id, startedAt: clock.iso(), endedAt: clock.iso() })
      .returning("id")
      .executeTakeFirstOrThrow();
    const draft = await t.ctx.db
      .insertInto("stream_replays")
      .values({
        broadcastId: broadcast.id,
        title: "Hall (draft)",
        mediaUrl: "/media/replays/broadcast-x.mp4",
        thumbnailUrl: "/media/replays/broadcast-x.jpg",
        duration: 3600,
        createdAt: clock.iso(),
        mediaId: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect((await call(member, "POST", `/api/streaming/replays/${draft.id}/publish`, { title: "Grace" })).statusCode).toBe(403);
    expect((await call(admin, "POST", `/api/streaming/replays/${draft.id}/publish`, { title: "  " })).statusCode).toBe(400);
    const published = await call(admin, "POST", `/api/streaming/replays/${draft.id}/publish`, {
      title: "Grace Upon Grace",
      description: "Sunday",
    });
    expect(published.statusCode).toBe(200);
    expect(published.json().mediaId).toEqual(expect.any(Number));
    const sermon = await t.ctx.db.selectFrom("media").selectAll().where("id", "=", published.json().mediaId).executeTakeFirstOrThrow();
    expect(sermon).toMatchObject({
      title: "Grace Upon Grace",
      type: "sermon",
      duration: 3600,
      mimeType: "video/mp4",
      thumbnailUrl: "/media/replays/broadcast-x.jpg",
    });
    const again = await call(admin, "POST", `/api/streaming/replays/${draft.id}/publish`, { title: "Twice" });
    expect(again.statusCode).toBe(409);
    const replays = (await call(admin, "GET", "/api/streaming/replays")).json();
    expect(replays.find((replay: { id: number }) => replay.id === draft.id)).toMatchObject({ title: "Grace Upon Grace" });
  });

  it("announces a published replay to members as a new sermon, in the transaction that publishes it", async () => {
    const stream = (await call(admin, "POST", "/api/streaming/streams", { name: "Chapel" })).json();
    const broadcast = await t.ctx.db
      .insertInto("stream_broadcasts")
      .values({ streamId: stream.id, startedAt: clock.iso(), endedAt: clock.iso() })
      .returning("id")
      .executeTakeFirstOrThrow();
    const draft = await t.ctx.db
      .insertInto("stream_replays")
      .values({
        broadcastId: broadcast.id,
        title: "Chapel (draft)",
        mediaUrl: "/media/replays/broadcast-y.mp4",
        thumbnailUrl: null,
        duration: 1800,
        createdAt: clock.iso(),
        mediaId: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const published = await call(admin, "POST", `/api/streaming/replays/${draft.id}/publish`, { title: "Vespers", description: "" });
    expect(published.statusCode).toBe(200);
    const mediaId = published.json().mediaId as number;
    const jobs = await t.ctx.db
      .selectFrom("jobs")
      .select(["name", "payload"])
      .where("dedupeKey", "=", `media-published:${mediaId}`)
      .execute();
    expect(jobs.map((job) => job.name)).toEqual(["media.published"]);
  });

  /** The hooks the ingest calls, reached through a fresh service over the same context. */
  function createStreamingHooks() {
    return createStreamingService(t.ctx).hooks;
  }
});
