import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type {
  CreatePremiere,
  CreateService,
  LiveBroadcast,
  LiveState,
  Premiere,
  PublishReplay,
  Replay,
  Stream,
  StreamService,
} from "@shared/contracts/streaming";
import { notificationMessages } from "@shared/contracts/notifications";
import { streamingMessages } from "@shared/messages";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors";
import { ownOrigin } from "../../http/security";
import { policies } from "../../policies";
import { announcePublished } from "../media/announce";
import { type Ingest, AUDIO_PLAYLIST, LIVE_FOLDER, VIDEO_PLAYLIST, createIngest, ffmpegAvailable, streamFolder } from "./ingest";
import { createNotificationsService } from "../notifications/notifications.service";
import { createChatRepository } from "./chat.repository";
import { keepRecording } from "./recording";
import { type PremiereRow, type ReplayRow, type ServiceRow, type StreamRow, createStreamingRepository } from "./streaming.repository";

type Viewer = Pick<UserRow, "id" | "role">;

/** The live link's channel every connection hears stream state on, and each stream's viewers channel and seat group. */
export const STREAMING_CHANNEL = "streaming";
export const streamChannel = (streamId: number) => `stream:${streamId}`;
/** Viewers are seats without a cap (the live link's shared, leased seat groups count them across instances). */
const VIEWER_CAPACITY = 1_000_000_000;
const UPCOMING_LIMIT = 20;
const EARLY_START_MS = 3_600_000;
/** How long before a scheduled service a member who asked to be reminded hears of it. */
export const SERVICE_REMINDER_BEFORE_MS = 15 * 60_000;
/** A premiere may be set to start this long ago at most (the admin's clock and ours differ a little). */
const PREMIERE_START_SLACK_MS = 60_000;
/** STREAM_STATE's streamId for a premiere, which plays on no stream. */
export const PREMIERE_STREAM_ID = 0;

const newStreamKey = () => randomBytes(18).toString("base64url");

const presentService = (row: ServiceRow): StreamService => ({
  id: row.id,
  title: row.title,
  description: row.description,
  startTime: row.startTime,
  endTime: row.endTime,
  thumbnailUrl: row.thumbnailUrl,
});

const presentPremiere = (row: PremiereRow): Premiere => ({
  id: row.id,
  mediaId: row.mediaId,
  title: row.title,
  startTime: row.startTime,
  endTime: row.endTime,
});

const presentReplay = (row: ReplayRow): Replay => ({
  id: row.id,
  broadcastId: row.broadcastId,
  title: row.title,
  mediaUrl: row.mediaUrl,
  thumbnailUrl: row.thumbnailUrl,
  duration: row.duration,
  createdAt: row.createdAt,
  mediaId: row.mediaId,
});

/**
 * Live streaming's rules (decision 0014): admins manage streams, keys, the schedule and replays; a stream is live only
 * while a broadcast is open (publishing started) and its newest HLS segment is fresh; the ingest (ffmpeg, or nginx
 * through the hooks) opens and closes broadcasts, and each ended broadcast leaves a draft replay.
 */
export function createStreamingService(ctx: AppContext) {
  const repo = createStreamingRepository(ctx.db);
  const chat = createChatRepository(ctx.db);
  const notifications = createNotificationsService(ctx);
  const { config } = ctx;
  let log: FastifyBaseLogger | null = null;
  let ingest: Ingest | null = null;
  /** What this instance last announced per stream, so a change is published once. */
  const announced = new Map<number, boolean>();
  let watchTimer: NodeJS.Timeout | null = null;

  const requireAdmin = (viewer: Viewer) => {
    if (!policies.manageEvents(viewer)) throw forbidden(streamingMessages.adminsOnly);
  };

  /** Age of the newest segment: the video playlist is rewritten as each segment is finished. */
  async function segmentsFresh(streamId: number): Promise<boolean> {
    try {
      const stat = await fs.stat(path.join(streamFolder(config, streamId), VIDEO_PLAYLIST));
      // File times are the system's, so their age is measured on the system clock, not the app's (tests drive that one).
      return Date.now() - stat.mtimeMs <= config.liveStallMs;
    } catch {
      return false;
    }
  }

  async function viewers(streamId: number): Promise<number> {
    return (await ctx.live.seats.list(streamChannel(streamId))).length;
  }

  async function isLive(streamId: number): Promise<boolean> {
    return (await repo.openBroadcast(streamId)) !== undefined && (await segmentsFresh(streamId));
  }

  /** Publishes a stream's state on the live link when it changed since this instance last said. */
  async function announce(streamId: number, live: boolean) {
    if (announced.get(streamId) === live) return;
    announced.set(streamId, live);
    log?.info({ event: live ? "stream_live" : "stream_offline", streamId }, live ? "stream is live" : "stream is no longer live");
    await ctx.live.publish(STREAMING_CHANNEL, { type: "STREAM_STATE", payload: { streamId, live } });
    // Members hear "We're live" once per broadcast, however many instances saw it go live (the job's key).
    const open = live ? await repo.openBroadcast(streamId) : undefined;
    if (open) {
      await ctx.jobs.enqueue("streaming.live", { broadcastId: open.id }, { dedupeKey: `live:broadcast:${open.id}` });
      ctx.jobs.wake();
    }
  }

  /** Says on the live link whether the stream is live now, when that changed (and "We're live" once per broadcast). */
  const checkLive = async (streamId: number) => announce(streamId, await isLive(streamId));

  /** While this instance packages a broadcast, it checks every second whether segments still arrive. */
  function watch() {
    if (watchTimer) return;
    watchTimer = setInterval(() => {
      void (async () => {
        const open = await repo.openBroadcasts();
        for (const broadcast of open) if (ingest?.isPublishing(broadcast.streamId)) await checkLive(broadcast.streamId);
        if (!open.some((broadcast) => ingest?.isPublishing(broadcast.streamId)) && watchTimer) {
          clearInterval(watchTimer);
          watchTimer = null;
        }
      })().catch((error: unknown) => log?.error({ err: error, event: "stream_watch_failed" }, "checking live streams failed"));
    }, 1000);
    watchTimer.unref();
  }

  /** A broadcast is the scheduled service under way or starting within the hour (churches go live early); else the stream's. */
  async function titleFor(stream: StreamRow, at: string): Promise<string> {
    const [service] = await repo.upcomingServices(at, 1);
    return service && Date.parse(service.startTime) - EARLY_START_MS <= Date.parse(at) ? service.title : stream.name;
  }

  const hooks = {
    async started(streamId: number): Promise<number> {
      const open = await repo.openBroadcast(streamId);
      if (open) await repo.endBroadcast(open.id, ctx.clock.iso());
      const broadcast = await repo.startBroadcast(streamId, ctx.clock.iso());
      log?.info({ event: "broadcast_started", streamId, broadcastId: broadcast.id }, "publishing started");
      watch();
      return broadcast.id;
    },
    async ended(streamId: number, broadcastId: number, recording: string | null) {
      const ended = await repo.endBroadcast(broadcastId, ctx.clock.iso());
      await announce(streamId, false);
      log?.info({ event: "broadcast_ended", streamId, broadcastId }, "publishing ended");
      if (!recording || !ended) return;
      // The recording becomes a draft sermon in a job (ffprobe and a thumbnail take a while; a crash retries it).
      await ctx.jobs.enqueue(
        "streaming.replay",
        { broadcastId, recording: path.relative(config.mediaDir, recording) },
        { dedupeKey: `replay:broadcast:${broadcastId}` },
      );
      ctx.jobs.wake();
    },
  };

  /** The `streaming.replay` job: the recording moved to the replays, its duration and thumbnail taken; once per broadcast. */
  async function draftReplay(broadcastId: number, recording: string) {
    if (await repo.findReplayOf(broadcastId)) return;
    const broadcast = await repo.findBroadcast(broadcastId);
    if (!broadcast) return;
    const source = path.resolve(config.mediaDir, recording);
    if (!source.startsWith(path.resolve(config.mediaDir) + path.sep)) throw new Error("a recording outside MEDIA_DIR");
    const files = await keepRecording(config.ffmpegPath, config.mediaDir, source, broadcastId);
    if (!files) {
      log?.warn({ event: "replay_missing", broadcastId }, "the broadcast's recording is gone; no replay is drafted");
      return;
    }
    const stream = await repo.findStream(broadcast.streamId);
    const title = `${stream ? await titleFor(stream, broadcast.startedAt) : "Live service"} (${broadcast.startedAt.slice(0, 10)})`;
    const replay = await repo.insertReplay({ broadcastId, title, ...files, createdAt: ctx.clock.iso(), mediaId: null });
    log?.info({ event: "replay_drafted", replayId: replay.id, duration: replay.duration }, "the broadcast's replay is a draft");
  }

  /** A chat's present state for the live state. */
  const chatOf = async (chatKey: string) => ({ chatKey, slowModeSeconds: await chat.slowMode(chatKey) });

  function ingestUrl(request: FastifyRequest, index: number): string {
    if (config.rtmpPublicUrl) return config.rtmpPublicUrl;
    const host = new URL(ownOrigin(request, config)).hostname;
    const port = config.liveIngest === "nginx" ? config.rtmpPort : config.rtmpPort + index;
    return `rtmp://${host.includes(":") ? `[${host}]` : host}:${port}/live`;
  }

  async function presentStreams(request: FastifyRequest): Promise<Stream[]> {
    const streams = await repo.listStreams();
    return Promise.all(
      streams.map(async (stream, index) => ({
        id: stream.id,
        name: stream.name,
        ingestUrl: ingestUrl(request, index),
        streamKey: stream.streamKey,
        keyRotatedAt: stream.keyRotatedAt,
        live: await isLive(stream.id),
      })),
    );
  }

  return {
    /** Starts what LIVE_INGEST asks for and says in one log line what runs and what is off. */
    async start(logger: FastifyBaseLogger, listen: boolean) {
      log = logger;
      if (config.liveIngest === "off") {
        logger.info({ event: "live_ingest", ingest: "off" }, "live streaming is off (LIVE_INGEST=off)");
        return;
      }
      // An app built without listeners (most tests) neither listens nor packages.
      if (config.liveIngest === "ffmpeg" && !listen) return;
      if (!ffmpegAvailable(config.ffmpegPath)) {
        logger.warn(
          { event: "live_ingest", ingest: "off" },
          `live streaming is off: ${config.ffmpegPath} was not found (install ffmpeg or set FFMPEG_PATH)`,
        );
        return;
      }
      ingest = createIngest(config, hooks, logger);
      // Broadcasts a stopped process left open are over.
      for (const broadcast of await repo.openBroadcasts())
        if (config.liveIngest === "ffmpeg") await repo.endBroadcast(broadcast.id, ctx.clock.iso());
      if (config.liveIngest === "nginx") {
        logger.info(
          { event: "live_ingest", ingest: "nginx" },
          `live ingest: nginx-rtmp calls the publish hooks; packaging reads ${config.nginxRtmpUrl}`,
        );
        return;
      }
      const streams = await repo.listStreams();
      ingest.listen(streams);
      logger.info(
        { event: "live_ingest", ingest: "ffmpeg", streams: streams.length },
        `live ingest: ffmpeg listens for RTMP on ${config.rtmpHost}:${config.rtmpPort}${streams.length > 1 ? `-${config.rtmpPort + streams.length - 1}` : ""} (${streams.length} stream${streams.length === 1 ? "" : "s"})`,
      );
    },
    async stop() {
      if (watchTimer) clearInterval(watchTimer);
      watchTimer = null;
      await ingest?.stop();
    },

    async state(): Promise<LiveState> {
      const now = ctx.clock.iso();
      const [next] = await repo.upcomingServices(now, 1);
      let live: LiveBroadcast | null = null;
      for (const broadcast of await repo.openBroadcasts()) {
        if (!(await segmentsFresh(broadcast.streamId))) continue;
        const stream = await repo.findStream(broadcast.streamId);
        if (!stream) continue;
        const base = `/media/${LIVE_FOLDER}/${stream.id}`;
        live = {
          kind: "stream",
          streamId: stream.id,
          broadcastId: broadcast.id,
          premiereId: null,
          title: await titleFor(stream, now),
          startedAt: broadcast.startedAt,
          videoUrl: `${base}/${VIDEO_PLAYLIST}`,
          audioUrl: `${base}/${AUDIO_PLAYLIST}`,
          viewers: await viewers(stream.id),
          ...(await chatOf(`broadcast:${broadcast.id}`)),
        };
        break;
      }
      if (!live) {
        // A premiere is live from its start to the end of its video: every viewer plays it from (now - start).
        const premiere = await repo.premiereOn(now);
        if (premiere)
          live = {
            kind: "premiere",
            streamId: null,
            broadcastId: null,
            premiereId: premiere.id,
            title: premiere.title,
            startedAt: premiere.startTime,
            videoUrl: premiere.mediaUrl,
            audioUrl: premiere.mediaUrl,
            viewers: 0,
            ...(await chatOf(`premiere:${premiere.id}`)),
          };
      }
      return { live, next: next ? presentService(next) : null, serverTime: now };
    },

    /** The chat open now: the live broadcast's or premiere's; null when nothing is on. */
    async openChat(): Promise<string | null> {
      return (await this.state()).live?.chatKey ?? null;
    },

    /** Reminds a member of a scheduled service shortly before it starts (a notification, pushed as they chose). */
    async remind(viewer: Viewer, serviceId: number): Promise<{ remindAt: string }> {
      const service = await repo.findService(serviceId);
      if (!service) throw notFound(streamingMessages.serviceNotFound);
      const start = Date.parse(service.startTime);
      if (start <= ctx.clock.now()) throw conflict(streamingMessages.serviceStarted, "service_started");
      const runAt = Math.max(ctx.clock.now(), start - SERVICE_REMINDER_BEFORE_MS);
      await ctx.jobs.enqueue(
        "streaming.remind",
        { serviceId, startTime: service.startTime, userId: viewer.id },
        { runAt, dedupeKey: `service-reminder:${serviceId}:${service.startTime}:${viewer.id}` },
      );
      return { remindAt: new Date(runAt).toISOString() };
    },

    /** The `streaming.remind` job: the member hears the service starts soon, unless it moved or was taken off. */
    async sendReminder(serviceId: number, startTime: string, userId: number) {
      const service = await repo.findService(serviceId);
      if (!service || service.startTime !== startTime) return;
      await notifications.notify([
        {
          userId,
          category: "live",
          title: notificationMessages.serviceReminderTitle,
          body: notificationMessages.serviceReminder(service.title),
          link: "/streaming",
          dedupeKey: `service-reminder:${serviceId}:${startTime}:${userId}`,
        },
      ]);
    },

    /** The `streaming.live` job: every member hears that a broadcast went live. */
    async announceBroadcast(broadcastId: number) {
      const broadcast = await repo.findBroadcast(broadcastId);
      const stream = broadcast ? await repo.findStream(broadcast.streamId) : undefined;
      if (!broadcast || !stream) return;
      await notifications.announceLive(`broadcast:${broadcastId}`, await titleFor(stream, broadcast.startedAt));
    },

    draftReplay,

    async premieres(viewer: Viewer): Promise<Premiere[]> {
      requireAdmin(viewer);
      return (await repo.upcomingPremieres(ctx.clock.iso(), UPCOMING_LIMIT)).map(presentPremiere);
    },
    async createPremiere(viewer: Viewer, input: CreatePremiere): Promise<Premiere> {
      requireAdmin(viewer);
      const video = await repo.findVideo(input.mediaId);
      if (!video || video.duration <= 0) throw badRequest(streamingMessages.premiereVideoNotFound, "premiere_video_not_found");
      const start = Date.parse(input.startTime);
      if (start < ctx.clock.now() - PREMIERE_START_SLACK_MS) throw badRequest(streamingMessages.startInFuture, "start_in_past");
      const startTime = new Date(start).toISOString();
      const endTime = new Date(start + video.duration * 1000).toISOString();
      if (await repo.premiereOverlaps(startTime, endTime)) throw conflict(streamingMessages.premiereOverlaps, "premiere_overlaps");
      const { id } = await repo.insertPremiere({
        mediaId: video.id,
        startTime,
        endTime,
        createdBy: viewer.id,
        createdAt: ctx.clock.iso(),
      });
      // Everyone hears when it starts and ends, as when a broadcast does.
      await ctx.jobs.enqueue("streaming.premiere", { premiereId: id, live: true }, { runAt: start, dedupeKey: `premiere:${id}:start` });
      await ctx.jobs.enqueue(
        "streaming.premiere",
        { premiereId: id, live: false },
        { runAt: Date.parse(endTime), dedupeKey: `premiere:${id}:end` },
      );
      ctx.jobs.wake();
      return presentPremiere((await repo.findPremiere(id))!);
    },
    async deletePremiere(viewer: Viewer, id: number) {
      requireAdmin(viewer);
      if (!(await repo.deletePremiere(id))) throw notFound(streamingMessages.premiereNotFound);
      await ctx.live.publish(STREAMING_CHANNEL, { type: "STREAM_STATE", payload: { streamId: PREMIERE_STREAM_ID, live: false } });
    },
    /** The `streaming.premiere` job: a premiere started (everyone hears "We're live") or ended. */
    async premiereChanged(premiereId: number, live: boolean) {
      const premiere = await repo.findPremiere(premiereId);
      if (!premiere) return;
      await ctx.live.publish(STREAMING_CHANNEL, { type: "STREAM_STATE", payload: { streamId: PREMIERE_STREAM_ID, live } });
      if (live) await notifications.announceLive(`premiere:${premiereId}`, premiere.title);
    },

    async services(): Promise<StreamService[]> {
      return (await repo.upcomingServices(ctx.clock.iso(), UPCOMING_LIMIT)).map(presentService);
    },
    async requireService(id: number): Promise<StreamService & { createdAt: string }> {
      const row = await repo.findService(id);
      if (!row) throw notFound(streamingMessages.serviceNotFound);
      return { ...presentService(row), createdAt: row.createdAt };
    },
    async createService(viewer: Viewer, input: CreateService & { description: string; thumbnailUrl: string }): Promise<StreamService> {
      requireAdmin(viewer);
      const row = await repo.insertService({
        title: input.title,
        description: input.description,
        startTime: new Date(input.startTime).toISOString(),
        endTime: new Date(input.endTime).toISOString(),
        thumbnailUrl: input.thumbnailUrl === "" ? null : input.thumbnailUrl,
        createdBy: viewer.id,
        createdAt: ctx.clock.iso(),
      });
      return presentService(row);
    },
    async deleteService(viewer: Viewer, id: number) {
      requireAdmin(viewer);
      if (!(await repo.deleteService(id))) throw notFound(streamingMessages.serviceNotFound);
    },

    async streams(viewer: Viewer, request: FastifyRequest): Promise<Stream[]> {
      requireAdmin(viewer);
      return presentStreams(request);
    },
    async createStream(viewer: Viewer, name: string, request: FastifyRequest): Promise<Stream> {
      requireAdmin(viewer);
      const now = ctx.clock.iso();
      const row = await repo.insertStream({ name, streamKey: newStreamKey(), createdAt: now, keyRotatedAt: now });
      if (config.liveIngest === "ffmpeg") {
        const index = (await repo.listStreams()).findIndex((stream) => stream.id === row.id);
        ingest?.rekey(row, index);
      }
      return (await presentStreams(request)).find((stream) => stream.id === row.id)!;
    },
    async rotateKey(viewer: Viewer, id: number, request: FastifyRequest): Promise<Stream> {
      requireAdmin(viewer);
      const row = await repo.setKey(id, newStreamKey(), ctx.clock.iso());
      if (!row) throw notFound(streamingMessages.streamNotFound);
      if (config.liveIngest === "ffmpeg") {
        const index = (await repo.listStreams()).findIndex((stream) => stream.id === row.id);
        ingest?.rekey(row, index);
      }
      return (await presentStreams(request)).find((stream) => stream.id === row.id)!;
    },

    async replays(viewer: Viewer): Promise<Replay[]> {
      requireAdmin(viewer);
      return (await repo.listReplays()).map(presentReplay);
    },
    async publishReplay(viewer: Viewer, id: number, input: PublishReplay & { description: string }): Promise<Replay> {
      requireAdmin(viewer);
      const draft = await repo.findReplay(id);
      if (!draft) throw notFound(streamingMessages.replayNotFound);
      if (draft.mediaId !== null) throw conflict(streamingMessages.replayPublished, "replay_published");
      const published = await repo.publishReplay(
        id,
        {
          title: input.title,
          description: input.description,
          type: "sermon",
          categoryId: null,
          artist: "",
          thumbnailUrl: draft.thumbnailUrl,
          mediaUrl: draft.mediaUrl,
          mimeType: "video/mp4",
          duration: draft.duration,
          uploadedBy: viewer.id,
          createdAt: ctx.clock.iso(),
        },
        // A published replay is a new sermon: members hear of it, announced in the same transaction (decision 0019).
        (trx, mediaId) => announcePublished(ctx.jobs, trx, mediaId),
      );
      if (!published) throw conflict(streamingMessages.replayPublished, "replay_published");
      ctx.jobs.wake();
      return presentReplay(published);
    },

    /** nginx-rtmp on_publish: a known key may publish (the packager then reads it from nginx); anything else is refused. */
    async authorizePublish(streamKey: string) {
      const stream = await repo.findStreamByKey(streamKey);
      if (!stream) {
        log?.warn({ event: "live_key_refused" }, "nginx-rtmp asked about a wrong stream key; refused");
        throw forbidden(streamingMessages.wrongStreamKey);
      }
      ingest?.pull(stream);
      return stream;
    },
    /** nginx-rtmp on_publish_done: the packager finishes, and its end closes the broadcast; without one, it is closed here. */
    async publishDone(streamKey: string) {
      const stream = await repo.findStreamByKey(streamKey);
      if (!stream) throw notFound(streamingMessages.streamNotFound);
      const publishing = ingest?.isPublishing(stream.id) ?? false;
      ingest?.release(stream.id);
      if (publishing) return;
      const open = await repo.openBroadcast(stream.id);
      if (open) await hooks.ended(stream.id, open.id, null);
    },

    /** Live link: a member started or stopped watching; every watcher hears the new count. */
    async setWatching(userId: number, streamId: number, watching: boolean) {
      const group = streamChannel(streamId);
      if (watching) await ctx.live.seats.take(group, userId, "", VIEWER_CAPACITY);
      else await ctx.live.seats.release(group, userId);
      await this.announceViewers(streamId);
    },
    async announceViewers(streamId: number) {
      await ctx.live.publish(streamChannel(streamId), { type: "STREAM_VIEWERS", payload: { streamId, viewers: await viewers(streamId) } });
    },
    /** For tests and the hooks: whether the stream counts as live now. */
    isLive,
    /** What the packaging instance does every second: announces a change of the stream's state. */
    checkLive,
    /** Opens a broadcast as the ingest does when publishing starts (the nginx path without a packager, and tests). */
    hooks,
  };
}
export type StreamingService = ReturnType<typeof createStreamingService>;
