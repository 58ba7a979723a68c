import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { createContext } from "../../context";
import { openTestDatabase } from "../../test/app";
import { type Member, registerMember } from "../../test/factories";
import { exitOf, pushTestPattern } from "../../test/rtmp";
import { ffmpegAvailable } from "./ingest";
import { freePort } from "../../test/processes";

const hasFfmpeg = ffmpegAvailable("ffmpeg");
if (!hasFfmpeg) console.warn("ffmpeg is not installed: the RTMP ingest test is skipped (apt-get install ffmpeg).");

async function until<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs: number): Promise<{ value: T; ms: number }> {
  const begun = Date.now();
  for (;;) {
    const value = await read();
    if (accept(value)) return { value, ms: Date.now() - begun };
    if (Date.now() - begun > timeoutMs) throw new Error(`not reached within ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe.skipIf(!hasFfmpeg)("RTMP ingest with ffmpeg (sqlite)", () => {
  let app: FastifyInstance;
  let ctx: ReturnType<typeof createContext>;
  let close: () => Promise<void>;
  let admin: Member;
  let port: number;
  let stream: { id: number; streamKey: string; ingestUrl: string };

  beforeAll(async () => {
    port = await freePort();
    const { database, dataDir, drop } = await openTestDatabase("sqlite");
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      LOG_LEVEL: "silent",
      LIVE_INGEST: "ffmpeg",
      RTMP_HOST: "127.0.0.1",
      RTMP_PORT: String(port),
      LIVE_STALL_SECONDS: "5",
    });
    ctx = createContext(config, database);
    app = await buildApp(ctx, { liveIngest: true });
    await app.ready();
    close = async () => {
      await app.close();
      await database.close();
      await drop();
    };
    admin = await registerMember(app);
    await ctx.db.updateTable("users").set({ role: "admin" }).where("id", "=", admin.user.id).execute();
    const created = await app.inject({
      method: "POST",
      url: "/api/streaming/streams",
      headers: { cookie: admin.cookie },
      payload: { name: "Sanctuary" },
    });
    stream = created.json();
    // The listener takes a moment to bind.
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }, 30_000);
  afterAll(async () => close?.());

  const state = async () => (await app.inject({ method: "GET", url: "/api/streaming/state" })).json();
  const replays = async () =>
    (await app.inject({ method: "GET", url: "/api/streaming/replays", headers: { cookie: admin.cookie } })).json();

  it("refuses an encoder with a wrong key: nothing goes live and no broadcast opens", async () => {
    expect(stream.ingestUrl).toBe(`rtmp://localhost:${port}/live`);
    const pusher = pushTestPattern(`rtmp://127.0.0.1:${port}/live/wrong-key`, 6);
    expect(await exitOf(pusher)).not.toBe(0);
    expect((await state()).live).toBeNull();
    expect(await replays()).toEqual([]);
  }, 30_000);

  it("goes live within 10 s of the encoder starting, serves both renditions, and leaves a draft replay when it stops", async () => {
    // The refused connection's listener is replaced by a fresh one.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const pusher = pushTestPattern(`rtmp://127.0.0.1:${port}/live/${stream.streamKey}`, 9);
    const { value, ms } = await until(state, (s) => s.live !== null, 10_000);
    console.info(`live ${ms} ms after the encoder started`);
    expect(value.live.streamId).toBe(stream.id);
    // Members hear "We're live" once (the job the packaging instance enqueues when the stream turns live).
    const told = async () => {
      await ctx.jobs.runDue();
      return ctx.db
        .selectFrom("notifications")
        .select(["title", "link"])
        .where("userId", "=", admin.user.id)
        .where("category", "=", "live")
        .execute();
    };
    expect((await until(told, (rows) => rows.length > 0, 5000)).value).toEqual([{ title: "We're Live", link: "/streaming" }]);

    const video = await app.inject({ method: "GET", url: value.live.videoUrl });
    expect(video.statusCode).toBe(200);
    expect(video.headers["cache-control"]).toBe("no-cache");
    expect(video.body).toContain("#EXT-X-TARGETDURATION:2");
    const segment = video.body.split("\n").find((line) => line.endsWith(".ts"))!;
    const segmentAnswer = await app.inject({ method: "GET", url: `/media/live/${stream.id}/${segment}` });
    expect(segmentAnswer.statusCode).toBe(200);
    expect(segmentAnswer.headers["cache-control"]).toContain("immutable");
    const audio = await app.inject({ method: "GET", url: value.live.audioUrl });
    expect(audio.statusCode).toBe(200);
    expect(audio.body).toMatch(/a-[0-9a-z]+-\d+\.ts/);

    expect(await exitOf(pusher)).toBe(0);
    await until(state, (s) => s.live === null, 10_000);
    // The recording becomes a draft in a job (duration and thumbnail taken from the video).
    const drafted = async () => {
      await ctx.jobs.runDue();
      return replays();
    };
    const { value: drafts } = await until(drafted, (list) => list.length === 1, 20_000);
    expect(drafts[0]).toMatchObject({ mediaId: null, mediaUrl: expect.stringMatching(/^\/media\/replays\/broadcast-\d+\.mp4$/) });
    expect(drafts[0].duration).toBeGreaterThanOrEqual(7);
    expect(drafts[0].thumbnailUrl).toMatch(/\.jpg$/);
    const thumbnail = await app.inject({ method: "GET", url: drafts[0].thumbnailUrl });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers["content-type"]).toBe("image/jpeg");
    const recording = await app.inject({ method: "GET", url: drafts[0].mediaUrl, headers: { range: "bytes=0-99" } });
    expect(recording.statusCode).toBe(206);
  }, 60_000);
});
