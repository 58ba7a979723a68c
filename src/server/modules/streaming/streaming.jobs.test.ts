import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { streamingMessages } from "@shared/messages";
import { createManualClock } from "../../clock";
import { type TestApp, buildTestApp, describeEachDatabase } from "../../test/app";
import { type Member, registerMember } from "../../test/factories";
import { LIVE_FOLDER, VIDEO_PLAYLIST, ffmpegAvailable } from "./ingest";
import { SERVICE_REMINDER_BEFORE_MS, createStreamingService } from "./streaming.service";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const hasFfmpeg = ffmpegAvailable("ffmpeg");

describeEachDatabase("streaming's jobs: We're live, service reminders, replay drafts and premieres", (dialect) => {
  let t: TestApp;
  let admin: Member;
  let ruth: Member;
  const clock = createManualClock(Date.now());
  beforeAll(async () => {
    t = await buildTestApp(dialect, { LIVE_INGEST: "off" }, undefined, clock);
    admin = await registerMember(t.app, { displayName: "Admin" });
    ruth = await registerMember(t.app, { displayName: "Ruth" });
    await t.ctx.db.updateTable("users").set({ role: "admin" }).where("id", "=", admin.user.id).execute();
  });
  afterAll(async () => t.close());

  const call = (m: Member | null, method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: m ? { cookie: m.cookie } : {}, ...(payload ? { payload } : {}) });
  const liveNotes = (userId: number) =>
    t.ctx.db
      .selectFrom("notifications")
      .select(["title", "body", "link", "category"])
      .where("userId", "=", userId)
      .where("category", "=", "live")
      .orderBy("id")
      .execute();
  const jobsNamed = (name: string) => t.ctx.db.selectFrom("jobs").selectAll().where("name", "=", name).execute();
  const insertVideo = async (title: string, duration: number, mimeType = "video/mp4") =>
    (
      await t.ctx.db
        .insertInto("media")
        .values({
          title,
          description: "",
          type: "sermon",
          categoryId: null,
          artist: "",
          thumbnailUrl: null,
          mediaUrl: `/media/sermons/${title.replaceAll(" ", "-")}.mp4`,
          mimeType,
          duration,
          uploadedBy: admin.user.id,
          createdAt: clock.iso(),
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;

  it("tells every member once, under the bell and by push as they chose, when a stream turns live", async () => {
    await t.ctx.db
      .insertInto("push_subscriptions")
      .values({ userId: ruth.user.id, endpoint: "http://127.0.0.1:9/push/ruth", p256dh: "key", auth: "auth", createdAt: clock.iso() })
      .execute();
    const stream = (await call(admin, "POST", "/api/streaming/streams", { name: "Sanctuary" })).json();
    const service = createStreamingService(t.ctx);
    const broadcastId = await service.hooks.started(stream.id);
    // Publishing but no segment yet: not live, nobody told.
    await service.checkLive(stream.id);
    expect(await jobsNamed("streaming.live")).toHaveLength(0);
    const folder = path.join(t.ctx.config.mediaDir, LIVE_FOLDER, String(stream.id));
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, VIDEO_PLAYLIST), "#EXTM3U\n");
    await service.checkLive(stream.id);
    // A second instance seeing the same broadcast go live enqueues nothing more.
    await createStreamingService(t.ctx).checkLive(stream.id);
    expect(await jobsNamed("streaming.live")).toHaveLength(1);
    await t.ctx.jobs.runDue();
    expect(await liveNotes(ruth.user.id)).toEqual([
      { title: "We're Live", body: "Sanctuary is streaming now. Join us!", link: "/streaming", category: "live" },
    ]);
    expect(await liveNotes(admin.user.id)).toHaveLength(1);
    // Ruth has a device and no tab open: the push is on its way (pushes of `live` are on by default).
    const pushes = (await jobsNamed("push.send")).map((job) => JSON.parse(job.payload) as { subscriptionId: number });
    expect(pushes).toHaveLength(1);
    // A rerun of the announcement stores nothing twice.
    await service.announceBroadcast(broadcastId);
    expect(await liveNotes(ruth.user.id)).toHaveLength(1);
    await service.hooks.ended(stream.id, broadcastId, null);
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it("reminds a member who asked, shortly before the service, unless it moved", async () => {
    const start = new Date(clock.now() + 2 * HOUR).toISOString();
    const created = (
      await call(admin, "POST", "/api/streaming/services", {
        title: "Sunday Worship",
        startTime: start,
        endTime: new Date(clock.now() + 3 * HOUR).toISOString(),
      })
    ).json();
    expect((await call(null, "POST", `/api/streaming/services/${created.id}/remind`)).statusCode).toBe(401);
    expect((await call(ruth, "POST", "/api/streaming/services/999999/remind")).statusCode).toBe(404);
    const asked = await call(ruth, "POST", `/api/streaming/services/${created.id}/remind`);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ remindAt: new Date(Date.parse(start) - SERVICE_REMINDER_BEFORE_MS).toISOString() });
    // Asking twice schedules one reminder.
    expect((await call(ruth, "POST", `/api/streaming/services/${created.id}/remind`)).statusCode).toBe(200);
    expect(await jobsNamed("streaming.remind")).toHaveLength(1);

    await t.ctx.jobs.runDue();
    expect((await liveNotes(ruth.user.id)).filter((note) => note.title === "Starting Soon")).toHaveLength(0);
    clock.advance(2 * HOUR - SERVICE_REMINDER_BEFORE_MS);
    await t.ctx.jobs.runDue();
    expect((await liveNotes(ruth.user.id)).filter((note) => note.title === "Starting Soon")).toEqual([
      { title: "Starting Soon", body: "Sunday Worship starts soon. Join the live stream.", link: "/streaming", category: "live" },
    ]);
    // The service has started: too late to ask.
    clock.advance(SERVICE_REMINDER_BEFORE_MS + MINUTE);
    const late = await call(ruth, "POST", `/api/streaming/services/${created.id}/remind`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(streamingMessages.serviceStarted);
  });

  it.skipIf(!hasFfmpeg)(
    "drafts a replay from a recording in a job, once, with the duration and a thumbnail from the video",
    async () => {
      const stream = (await call(admin, "POST", "/api/streaming/streams", { name: "Chapel" })).json();
      const service = createStreamingService(t.ctx);
      const broadcastId = await service.hooks.started(stream.id);
      const folder = path.join(t.ctx.config.mediaDir, LIVE_FOLDER, String(stream.id));
      fs.mkdirSync(folder, { recursive: true });
      const recording = path.join(folder, "recording-test.mp4");
      const made = spawnSync("ffmpeg", [
        ...["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=15", "-f", "lavfi", "-i", "sine"],
        ...["-t", "3", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", recording],
      ]);
      expect(made.status).toBe(0);
      await service.hooks.ended(stream.id, broadcastId, recording);
      // Nothing is drafted inline: the job does it.
      expect((await call(admin, "GET", "/api/streaming/replays")).json()).toEqual([]);
      expect(await jobsNamed("streaming.replay")).toHaveLength(1);
      await t.ctx.jobs.runDue();
      const [draft] = (await call(admin, "GET", "/api/streaming/replays")).json();
      expect(draft).toMatchObject({ broadcastId, mediaId: null, mediaUrl: `/media/replays/broadcast-${broadcastId}.mp4` });
      // Titled after the scheduled service under way when it started (the previous test's), dated.
      expect(draft.title).toMatch(/^Sunday Worship \(\d{4}-\d{2}-\d{2}\)$/);
      expect(draft.duration).toBe(3);
      expect(draft.thumbnailUrl).toBe(`/media/replays/broadcast-${broadcastId}.jpg`);
      expect(fs.existsSync(recording)).toBe(false);
      // Run again (a retry after a crash): still one draft, made from the moved file.
      await service.draftReplay(broadcastId, path.relative(t.ctx.config.mediaDir, recording));
      await t.ctx.db.deleteFrom("stream_replays").where("broadcastId", "=", broadcastId).execute();
      await service.draftReplay(broadcastId, path.relative(t.ctx.config.mediaDir, recording));
      const again = (await call(admin, "GET", "/api/streaming/replays")).json();
      expect(again).toHaveLength(1);
      expect(again[0]).toMatchObject({ duration: 3, thumbnailUrl: draft.thumbnailUrl });
      // A recording path outside MEDIA_DIR is refused.
      await expect(service.draftReplay(broadcastId + 1000, "../../etc/passwd")).resolves.toBeUndefined();
    },
    30_000,
  );

  it("plays a premiere as live: LIVE NOW during it, everyone at the same position, We're live when it starts", async () => {
    const video = await insertVideo("Grace Recorded", 1800);
    const song = await insertVideo("Hymn", 200, "audio/mpeg");
    const start = new Date(clock.now() + 10 * MINUTE).toISOString();
    expect((await call(ruth, "POST", "/api/streaming/premieres", { mediaId: video, startTime: start })).statusCode).toBe(403);
    const notVideo = await call(admin, "POST", "/api/streaming/premieres", { mediaId: song, startTime: start });
    expect(notVideo.statusCode).toBe(400);
    expect(notVideo.json().message).toBe(streamingMessages.premiereVideoNotFound);
    const past = await call(admin, "POST", "/api/streaming/premieres", {
      mediaId: video,
      startTime: new Date(clock.now() - HOUR).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect((await call(admin, "POST", "/api/streaming/premieres", { mediaId: video, startTime: "tomorrow" })).statusCode).toBe(400);

    const created = await call(admin, "POST", "/api/streaming/premieres", { mediaId: video, startTime: start });
    expect(created.statusCode).toBe(201);
    const premiere = created.json();
    expect(premiere).toMatchObject({
      mediaId: video,
      title: "Grace Recorded",
      startTime: start,
      endTime: new Date(Date.parse(start) + 1800_000).toISOString(),
    });
    const overlapping = await call(admin, "POST", "/api/streaming/premieres", {
      mediaId: video,
      startTime: new Date(clock.now() + 20 * MINUTE).toISOString(),
    });
    expect(overlapping.statusCode).toBe(409);
    expect((await call(admin, "GET", "/api/streaming/premieres")).json().map((p: { id: number }) => p.id)).toEqual([premiere.id]);

    const state = async () => (await call(null, "GET", "/api/streaming/state")).json();
    expect((await state()).live).toBeNull();
    clock.advance(10 * MINUTE + 90_000);
    const during = await state();
    expect(during.live).toMatchObject({
      kind: "premiere",
      premiereId: premiere.id,
      streamId: null,
      title: "Grace Recorded",
      startedAt: start,
      videoUrl: "/media/sermons/Grace-Recorded.mp4",
      chatKey: `premiere:${premiere.id}`,
    });
    // Every viewer is given the same start and the server's time: 90 s in for all.
    expect(Date.parse(during.serverTime) - Date.parse(during.live.startedAt)).toBe(90_000);
    await t.ctx.jobs.runDue();
    expect((await liveNotes(ruth.user.id)).filter((note) => note.body.startsWith("Grace Recorded"))).toHaveLength(1);

    clock.advance(1800_000);
    expect((await state()).live).toBeNull();
    expect((await call(admin, "DELETE", `/api/streaming/premieres/${premiere.id}`)).statusCode).toBe(204);
    expect((await call(admin, "DELETE", `/api/streaming/premieres/${premiere.id}`)).statusCode).toBe(404);
  });
});
