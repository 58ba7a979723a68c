import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";

/** The folder under MEDIA_DIR that holds each stream's rolling HLS window: live/<streamId>/. */
export const LIVE_FOLDER = "live";
export const VIDEO_PLAYLIST = "video.m3u8";
export const AUDIO_PLAYLIST = "audio.m3u8";

export interface IngestStream {
  id: number;
  streamKey: string;
}

/** What the module does when a packager's input starts and stops: open and close the broadcast. */
export interface IngestHooks {
  /** Publishing started on a stream (a known key): answers the broadcast's id. */
  started(streamId: number): Promise<number>;
  /** Publishing ended; `recording` is the finished MP4 of the whole broadcast when ffmpeg wrote one. */
  ended(streamId: number, broadcastId: number, recording: string | null): Promise<void>;
}

/** ffmpeg's listener only warns when the client names another app or stream; the supervisor refuses on these lines. */
const WRONG_KEY = /Unexpected stream|App field don't match/;
/** ffmpeg prints the input's description once a publisher has connected and its stream headers arrived. */
const INPUT_OPENED = /^Input #0,/;

/** Probe the input for 1 s rather than ffmpeg's default 5 s: the first segment, and going live, come that much sooner. */
/** How often, and how far apart, the nginx path tries to read a stream nginx is still accepting. */
const PULL_ATTEMPTS = 20;
const PULL_RETRY_MS = 500;
const FAST_START = ["-analyzeduration", "1000000", "-probesize", "1000000"];

export const streamFolder = (config: Config, streamId: number) => path.join(config.mediaDir, LIVE_FOLDER, String(streamId));

/** True when the ffmpeg binary answers; the ingest is off otherwise. */
export function ffmpegAvailable(ffmpegPath: string): boolean {
  const result = spawnSync(ffmpegPath, ["-hide_banner", "-version"], { stdio: "ignore", timeout: 10_000 });
  return result.status === 0;
}

/**
 * ffmpeg's arguments after the input: the video rendition and the audio-only rendition as HLS with
 * `segment`-second segments in a rolling window of `window` segments (each segment written whole, then renamed in),
 * and the whole broadcast as one MP4 for the replay. Each segment carries its wall-clock time (EXT-X-PROGRAM-DATE-TIME),
 * so a player can tell how far behind the room it is. Everything is copied, not re-encoded: the encoder
 * (OBS: keyframe interval 2 s) decides the segment boundaries, and the server spends no CPU per viewer or per frame.
 */
export function packagerOutputs(
  folder: string,
  token: string,
  config: Pick<Config, "liveSegmentSeconds" | "liveWindowSegments">,
): string[] {
  const hls = (prefix: string, playlist: string) => [
    "-c",
    "copy",
    "-f",
    "hls",
    "-hls_time",
    String(config.liveSegmentSeconds),
    "-hls_list_size",
    String(config.liveWindowSegments),
    "-hls_flags",
    "delete_segments+independent_segments+temp_file+program_date_time",
    "-hls_segment_filename",
    path.join(folder, `${prefix}-${token}-%05d.ts`),
    path.join(folder, playlist),
  ];
  return [
    ...["-map", "0:v:0", "-map", "0:a:0", ...hls("v", VIDEO_PLAYLIST)],
    ...["-map", "0:a:0", ...hls("a", AUDIO_PLAYLIST)],
    ...[
      "-map",
      "0:v:0",
      "-map",
      "0:a:0",
      "-c",
      "copy",
      "-movflags",
      "+faststart",
      "-f",
      "mp4",
      path.join(folder, `recording-${token}.mp4`),
    ],
  ];
}

interface Packager {
  /** Resolves when ffmpeg exits; `published` is true when a publisher with the right key was received. */
  done: Promise<{ published: boolean; refused: boolean }>;
  /** Ends the broadcast gracefully (ffmpeg finishes the playlists and the recording). */
  stop(): void;
  publishing(): boolean;
}

/**
 * The embedded ingest (DESIGN.md §8): ffmpeg receives RTMP and packages HLS. With LIVE_INGEST=ffmpeg each stream has
 * its own listener (`ffmpeg -listen 1`, stream n on RTMP_PORT + n), restarted after every broadcast; with
 * LIVE_INGEST=nginx, nginx-rtmp receives and the packager reads the stream from nginx once the publish hook allowed it.
 */
export function createIngest(config: Config, hooks: IngestHooks, log: FastifyBaseLogger) {
  const packagers = new Map<number, Packager>();
  /** LIVE_INGEST=nginx: the streams being read from nginx, until the publisher leaves. */
  const pulls = new Map<number, { released: boolean }>();
  const listeners = new Map<number, { stopped: boolean; key: string }>();
  let stopped = false;

  function run(stream: IngestStream, input: string[]): Packager {
    const folder = streamFolder(config, stream.id);
    fs.mkdirSync(folder, { recursive: true });
    const token = Date.now().toString(36);
    const child: ChildProcess = spawn(
      config.ffmpegPath,
      ["-hide_banner", "-nostats", "-nostdin", "-loglevel", "info", ...input, ...packagerOutputs(folder, token, config)],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    let published = false;
    let refused = false;
    let broadcast: Promise<number> | null = null;
    const lines = readline.createInterface({ input: child.stderr! });
    lines.on("line", (line) => {
      if (!published && WRONG_KEY.test(line)) {
        refused = true;
        log.warn({ event: "live_key_refused", streamId: stream.id }, "an encoder sent a wrong stream key; the connection was refused");
        child.kill("SIGKILL");
      } else if (!published && !refused && INPUT_OPENED.test(line)) {
        published = true;
        // Only the previous broadcasts' files are removed; this one's token is new.
        clearFolder(folder, token);
        broadcast = hooks.started(stream.id).catch((error: unknown) => {
          log.error({ err: error, event: "live_start_failed", streamId: stream.id }, "recording a broadcast's start failed");
          return 0;
        });
      } else if (/error/i.test(line) && !/Error parsing|non-monotonous/i.test(line)) {
        log.debug({ event: "ffmpeg", streamId: stream.id, line }, "ffmpeg");
      }
    });
    const done = new Promise<{ published: boolean; refused: boolean }>((resolve) => {
      child.on("error", (error) => log.error({ err: error, event: "ffmpeg_spawn_failed" }, "ffmpeg could not be started"));
      child.on("close", () => {
        packagers.delete(stream.id);
        void (async () => {
          if (published && broadcast) {
            const broadcastId = await broadcast;
            const recording = path.join(folder, `recording-${token}.mp4`);
            if (broadcastId > 0)
              await hooks
                .ended(stream.id, broadcastId, fs.existsSync(recording) ? recording : null)
                .catch((error: unknown) =>
                  log.error({ err: error, event: "live_end_failed", streamId: stream.id }, "recording a broadcast's end failed"),
                );
          } else {
            clearFolder(folder, null, token);
          }
          resolve({ published, refused });
        })();
      });
    });
    const packager: Packager = {
      done,
      stop: () => child.kill(published ? "SIGINT" : "SIGKILL"),
      publishing: () => published,
    };
    packagers.set(stream.id, packager);
    return packager;
  }

  /** Keeps a listener on a stream's port until the ingest stops or the stream's key changes. */
  async function supervise(stream: IngestStream, port: number) {
    const state = { stopped: false, key: stream.streamKey };
    listeners.set(stream.id, state);
    let failures = 0;
    while (!stopped && !state.stopped) {
      const begun = Date.now();
      const url = `rtmp://${config.rtmpHost}:${port}/live/${state.key}`;
      const { published } = await run(stream, ["-listen", "1", ...FAST_START, "-i", url]).done;
      if (stopped || state.stopped) break;
      // A listener that dies at once (the port is taken, say) is retried with backoff, not in a tight loop.
      failures = published || Date.now() - begun > 10_000 ? 0 : failures + 1;
      if (failures > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(30_000, 500 * 2 ** failures)));
    }
  }

  return {
    /** The port the listener of the stream at `index` (in creation order) binds. */
    portFor: (index: number) => config.rtmpPort + index,

    /** LIVE_INGEST=ffmpeg: one listener per stream. */
    listen(streams: IngestStream[]) {
      streams.forEach((stream, index) => {
        if (!listeners.has(stream.id)) void supervise(stream, config.rtmpPort + index);
      });
    },

    /** A stream's key changed: its idle listener restarts with the new key (a broadcast under way goes on). */
    rekey(stream: IngestStream, index: number) {
      const current = listeners.get(stream.id);
      if (!current) {
        void supervise(stream, config.rtmpPort + index);
        return;
      }
      current.key = stream.streamKey;
      const packager = packagers.get(stream.id);
      if (packager && !packager.publishing()) packager.stop();
    },

    /** LIVE_INGEST=nginx: nginx authorized the key; read the stream from nginx and package it. */
    pull(stream: IngestStream) {
      if (packagers.has(stream.id) || pulls.has(stream.id)) return;
      const url = `${config.nginxRtmpUrl}/${stream.streamKey}`;
      const pull = { released: false };
      pulls.set(stream.id, pull);
      void (async () => {
        // nginx accepts the publisher only once the hook has answered, so the first read can come too early and find no
        // stream yet (ffmpeg then exits): it is tried again until the broadcast begins, nginx says the publisher left, or
        // about ten seconds have passed. An idle read from nginx ignores SIGINT, so it also ends by itself once nothing
        // has arrived for LIVE_STALL_SECONDS (-rw_timeout): the recording is then finished as on a normal end.
        for (let attempt = 0; attempt < PULL_ATTEMPTS && !stopped && !pull.released; attempt += 1) {
          const { published } = await run(stream, [...FAST_START, "-rw_timeout", String(config.liveStallMs * 1000), "-i", url]).done;
          if (published) break;
          await new Promise((resolve) => setTimeout(resolve, PULL_RETRY_MS));
        }
        pulls.delete(stream.id);
      })();
    },

    /** nginx said the publisher left: finish the broadcast (or stop waiting for it to begin). */
    release(streamId: number) {
      const pull = pulls.get(streamId);
      if (pull) pull.released = true;
      packagers.get(streamId)?.stop();
    },

    isPublishing: (streamId: number) => packagers.get(streamId)?.publishing() ?? false,

    /** Stops every listener and packager; broadcasts under way end (their recordings are finished). */
    async stop() {
      stopped = true;
      const running = [...packagers.values()];
      for (const packager of running) packager.stop();
      await Promise.all(running.map((packager) => packager.done));
    },
  };
}
export type Ingest = ReturnType<typeof createIngest>;

/** Removes a stream folder's files of earlier broadcasts (all but `keep`'s), or only `only`'s. */
function clearFolder(folder: string, keep: string | null, only?: string) {
  let names: string[];
  try {
    names = fs.readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names) {
    const isRecording = name.startsWith("recording-");
    const belongs = (token: string) => name.includes(`-${token}`);
    const remove = only !== undefined ? belongs(only) : keep === null || (!belongs(keep) && !isRecording) || name.endsWith(".m3u8");
    if (remove) fs.rmSync(path.join(folder, name), { force: true });
  }
}
