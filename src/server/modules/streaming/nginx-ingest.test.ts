import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { createContext } from "../../context";
import { openTestDatabase } from "../../test/app";
import { type Member, registerMember } from "../../test/factories";
import { freePort, stopChild } from "../../test/processes";
import { exitOf, pushTestPattern } from "../../test/rtmp";
import { ffmpegAvailable } from "./ingest";

/** Where Debian's libnginx-mod-rtmp puts the module (another build may name its own with NGINX_RTMP_MODULE). */
const RTMP_MODULE = process.env.NGINX_RTMP_MODULE ?? "/usr/lib/nginx/modules/ngx_rtmp_module.so";
const nginxRuns = spawnSync("nginx", ["-v"], { stdio: "ignore" }).status === 0;
const missing = !nginxRuns
  ? "nginx is not installed (apt-get install nginx libnginx-mod-rtmp)"
  : !fs.existsSync(RTMP_MODULE)
    ? `nginx's RTMP module is missing at ${RTMP_MODULE} (apt-get install libnginx-mod-rtmp)`
    : !ffmpegAvailable("ffmpeg")
      ? "ffmpeg is not installed (apt-get install ffmpeg)"
      : null;
if (missing) console.warn(`The nginx-rtmp ingest test is skipped: ${missing}.`);

async function until<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs: number): Promise<{ value: T; ms: number }> {
  const begun = Date.now();
  for (;;) {
    const value = await read();
    if (accept(value)) return { value, ms: Date.now() - begun };
    if (Date.now() - begun > timeoutMs) throw new Error(`not reached within ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** nginx in the foreground, one process, with only the RTMP server the README describes, calling the app's hooks. */
function startNginx(folder: string, rtmpPort: number, appOrigin: string): ChildProcess {
  const config = `
load_module ${RTMP_MODULE};
daemon off;
master_process off;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log info;
events { worker_connections 64; }
rtmp {
  server {
    listen 127.0.0.1:${rtmpPort};
    chunk_size 4096;
    application live {
      live on;
      record off;
      wait_key on;
      wait_video on;
      on_publish      ${appOrigin}/api/streaming/hooks/publish;
      on_publish_done ${appOrigin}/api/streaming/hooks/publish-done;
      allow play 127.0.0.1;
      deny play all;
    }
  }
}
`;
  fs.writeFileSync(path.join(folder, "nginx.conf"), config);
  return spawn("nginx", ["-e", path.join(folder, "error.log"), "-p", folder, "-c", path.join(folder, "nginx.conf")], {
    stdio: "ignore",
  });
}

describe.skipIf(missing !== null)("RTMP ingest through nginx-rtmp and the publish hooks (sqlite)", () => {
  let app: FastifyInstance;
  let ctx: ReturnType<typeof createContext>;
  let nginx: ChildProcess;
  let folder: string;
  let close: () => Promise<void>;
  let admin: Member;
  let rtmpPort: number;
  let stream: { id: number; streamKey: string };

  beforeAll(async () => {
    rtmpPort = await freePort();
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "nginx-rtmp-"));
    const { database, dataDir, drop } = await openTestDatabase("sqlite");
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      LOG_LEVEL: process.env.DEBUG_NGINX ? "info" : "silent",
      LIVE_INGEST: "nginx",
      NGINX_RTMP_URL: `rtmp://127.0.0.1:${rtmpPort}/live`,
      LIVE_STALL_SECONDS: "5",
    });
    ctx = createContext(config, database);
    app = await buildApp(ctx);
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;
    nginx = startNginx(folder, rtmpPort, `http://127.0.0.1:${port}`);
    close = async () => {
      await stopChild(nginx, folder);
      await app.close();
      await database.close();
      await drop();
    };
    admin = await registerMember(app);
    await ctx.db.updateTable("users").set({ role: "admin" }).where("id", "=", admin.user.id).execute();
    stream = (
      await app.inject({ method: "POST", url: "/api/streaming/streams", headers: { cookie: admin.cookie }, payload: { name: "Sanctuary" } })
    ).json();
    // nginx takes a moment to bind.
    await until(
      async () => fs.existsSync(path.join(folder, "nginx.pid")),
      (bound) => bound,
      5000,
    );
  }, 30_000);
  afterAll(async () => close?.());

  const state = async () => (await app.inject({ method: "GET", url: "/api/streaming/state" })).json();

  it("refuses a wrong key through on_publish: nginx drops the encoder and nothing goes live", async () => {
    const pusher = pushTestPattern(`rtmp://127.0.0.1:${rtmpPort}/live/not-the-key`, 5);
    expect(await exitOf(pusher)).not.toBe(0);
    expect((await state()).live).toBeNull();
    expect(await ctx.db.selectFrom("stream_broadcasts").selectAll().execute()).toEqual([]);
  }, 30_000);

  it("goes live within 10 s through nginx, and on_publish_done ends it with a draft replay", async () => {
    const pusher = pushTestPattern(`rtmp://127.0.0.1:${rtmpPort}/live/${stream.streamKey}`, 9);
    const { value, ms } = await until(state, (s) => s.live !== null, 10_000);
    console.info(`live through nginx ${ms} ms after the encoder started`);
    expect(value.live).toMatchObject({ kind: "stream", streamId: stream.id });
    const video = await app.inject({ method: "GET", url: value.live.videoUrl });
    expect(video.statusCode).toBe(200);
    expect(video.body).toContain("#EXT-X-TARGETDURATION:2");

    expect(await exitOf(pusher)).toBe(0);
    await until(state, (s) => s.live === null, 15_000);
    const drafted = async () => {
      await ctx.jobs.runDue();
      return (await app.inject({ method: "GET", url: "/api/streaming/replays", headers: { cookie: admin.cookie } })).json();
    };
    const { value: drafts } = await until(drafted, (list) => list.length === 1, 20_000);
    expect(drafts[0]).toMatchObject({ mediaId: null, mediaUrl: expect.stringMatching(/^\/media\/replays\/broadcast-\d+\.mp4$/) });
    expect(drafts[0].duration).toBeGreaterThanOrEqual(5);
  }, 60_000);
});
