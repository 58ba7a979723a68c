import { z } from "zod";
import { streamingMessages } from "../messages";
import { idParamsSchema, text, timestampSchema } from "./common";
import { defineRoute } from "./route";

/** A service on the streaming schedule. */
export const streamServiceSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  startTime: timestampSchema,
  endTime: timestampSchema,
  thumbnailUrl: z.string().nullable(),
});
export type StreamService = z.infer<typeof streamServiceSchema>;

/** A stream as admins see it: the address and key to give the encoder. */
export const streamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  ingestUrl: z.string().describe("the RTMP server address for the encoder (OBS: Server)"),
  streamKey: z.string().describe("the secret the encoder sends (OBS: Stream Key); rotating it refuses the old one"),
  keyRotatedAt: timestampSchema,
  live: z.boolean(),
});
export type Stream = z.infer<typeof streamSchema>;

/** What is on now: a broadcast being received (publishing started and segments arriving), else nothing. */
export const liveBroadcastSchema = z.object({
  streamId: z.number().int(),
  broadcastId: z.number().int(),
  title: z.string().describe("the scheduled service's title when one is on now, else the stream's name"),
  startedAt: timestampSchema,
  videoUrl: z.string().describe("HLS playlist, video and sound"),
  audioUrl: z.string().describe("HLS playlist, sound only"),
  viewers: z.number().int().describe("members watching, counted on every instance"),
});
export type LiveBroadcast = z.infer<typeof liveBroadcastSchema>;

export const liveStateSchema = z.object({
  live: liveBroadcastSchema.nullable(),
  next: streamServiceSchema.nullable().describe("the next scheduled service not yet over"),
});
export type LiveState = z.infer<typeof liveStateSchema>;

/** The recording a broadcast left: a draft until an admin publishes it as a sermon. */
export const replaySchema = z.object({
  id: z.number().int(),
  broadcastId: z.number().int(),
  title: z.string(),
  mediaUrl: z.string(),
  thumbnailUrl: z.string().nullable(),
  duration: z.number().int().describe("seconds"),
  createdAt: timestampSchema,
  mediaId: z.number().int().nullable().describe("the published sermon; null while a draft"),
});
export type Replay = z.infer<typeof replaySchema>;

const isoTime = (required: string) =>
  z.iso.datetime({ offset: true, error: (issue) => (issue.input === undefined ? required : "Use an ISO 8601 date and time") });

const thumbnailUrl = text()
  .trim()
  .max(500)
  .refine((value) => value === "" || /^(https?:\/\/|\/media\/)\S+$/.test(value), streamingMessages.thumbnailUrl);

export const createServiceSchema = z
  .object({
    title: text({ error: streamingMessages.titleRequired }).trim().min(1, streamingMessages.titleRequired).max(200),
    description: text().trim().max(5000).default(""),
    startTime: isoTime(streamingMessages.startRequired),
    endTime: isoTime(streamingMessages.endRequired),
    thumbnailUrl: thumbnailUrl.default(""),
  })
  .refine((service) => Date.parse(service.endTime) > Date.parse(service.startTime), {
    message: streamingMessages.endAfterStart,
    path: ["endTime"],
  });
export type CreateService = z.input<typeof createServiceSchema>;

export const createStreamSchema = z.object({
  name: text({ error: streamingMessages.nameRequired }).trim().min(1, streamingMessages.nameRequired).max(100),
});

export const publishReplaySchema = z.object({
  title: text({ error: streamingMessages.titleRequired }).trim().min(1, streamingMessages.titleRequired).max(200),
  description: text().trim().max(5000).default(""),
});
export type PublishReplay = z.input<typeof publishReplaySchema>;

/** What nginx-rtmp posts to on_publish / on_publish_done (form-encoded); `name` is the stream key. Other fields are ignored. */
export const publishHookSchema = z.object({
  name: text().min(1).max(200),
  app: text().max(200).optional(),
});

/** The streaming module's routes: state, schedule, streams and keys, replays, and nginx-rtmp's hooks. */
export const streamingRoutes = {
  state: defineRoute({
    method: "GET",
    path: "/api/streaming/state",
    summary: "What is live now (only while segments arrive) and the next scheduled service",
    access: "public",
    response: liveStateSchema,
  }),
  services: defineRoute({
    method: "GET",
    path: "/api/streaming/services",
    summary: "Scheduled services not yet over, soonest first",
    access: "public",
    response: z.array(streamServiceSchema),
  }),
  serviceCalendar: defineRoute({
    method: "GET",
    path: "/api/streaming/services/:id(^\\d+).ics",
    summary: "One scheduled service as an iCalendar file, with a reminder an hour before",
    access: "public",
    params: idParamsSchema,
    contentType: "text/calendar",
    response: z.string(),
  }),
  createService: defineRoute({
    method: "POST",
    path: "/api/streaming/services",
    summary: "Schedule a service",
    access: "admin",
    body: createServiceSchema,
    status: 201,
    response: streamServiceSchema,
  }),
  deleteService: defineRoute({
    method: "DELETE",
    path: "/api/streaming/services/:id",
    summary: "Take a service off the schedule",
    access: "admin",
    params: idParamsSchema,
    status: 204,
    response: z.null(),
  }),
  streams: defineRoute({
    method: "GET",
    path: "/api/streaming/streams",
    summary: "Streams with their ingest address and key",
    access: "admin",
    response: z.array(streamSchema),
  }),
  createStream: defineRoute({
    method: "POST",
    path: "/api/streaming/streams",
    summary: "Create a stream with a new key",
    access: "admin",
    body: createStreamSchema,
    status: 201,
    response: streamSchema,
  }),
  rotateKey: defineRoute({
    method: "POST",
    path: "/api/streaming/streams/:id/rotate-key",
    summary: "Give a stream a new key; the old one is refused from now on",
    access: "admin",
    params: idParamsSchema,
    response: streamSchema,
  }),
  replays: defineRoute({
    method: "GET",
    path: "/api/streaming/replays",
    summary: "Recordings of past broadcasts, drafts first",
    access: "admin",
    response: z.array(replaySchema),
  }),
  publishReplay: defineRoute({
    method: "POST",
    path: "/api/streaming/replays/:id/publish",
    summary: "Publish a replay as a sermon with its title and description",
    access: "admin",
    params: idParamsSchema,
    body: publishReplaySchema,
    response: replaySchema,
  }),
  publishHook: defineRoute({
    method: "POST",
    path: "/api/streaming/hooks/publish",
    summary: "nginx-rtmp on_publish: 204 lets a known key publish, 403 refuses it",
    access: "public",
    body: publishHookSchema,
    status: 204,
    response: z.null(),
  }),
  publishDoneHook: defineRoute({
    method: "POST",
    path: "/api/streaming/hooks/publish-done",
    summary: "nginx-rtmp on_publish_done: the broadcast ended; its recording becomes a draft replay",
    access: "public",
    body: publishHookSchema,
    status: 204,
    response: z.null(),
  }),
};
