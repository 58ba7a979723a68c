import { z } from "zod";
import { streamingMessages } from "../messages";
import { idParamsSchema, idSchema, pageQuerySchema, text, timestampSchema } from "./common";
import { chatKeySchema, streamChatMessageSchema } from "./live";
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

/**
 * What is on now: a broadcast being received (publishing started and segments arriving), or a premiere (a recorded
 * video playing as live from its start time), else nothing.
 */
export const liveBroadcastSchema = z.object({
  kind: z.enum(["stream", "premiere"]),
  streamId: z.number().int().nullable().describe("the stream received; null for a premiere"),
  broadcastId: z.number().int().nullable().describe("the broadcast received; null for a premiere"),
  premiereId: z.number().int().nullable(),
  title: z.string().describe("the scheduled service's title when one is on now, else the stream's name"),
  startedAt: timestampSchema.describe("for a premiere, its start: every viewer plays from (now - startedAt)"),
  videoUrl: z.string().describe("HLS playlist, video and sound; for a premiere, the video file"),
  audioUrl: z.string().describe("HLS playlist, sound only; for a premiere, the video file"),
  viewers: z.number().int().describe("members watching, counted on every instance"),
  chatKey: z.string().describe("the chat beside this service"),
  slowModeSeconds: z.number().int().describe("the chat's slow mode; 0 when off"),
});
export type LiveBroadcast = z.infer<typeof liveBroadcastSchema>;

export const liveStateSchema = z.object({
  live: liveBroadcastSchema.nullable(),
  serverTime: timestampSchema.describe("the server's time of this answer (a premiere's position is measured on it)"),
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

export { streamChatMessageSchema, type StreamChatMessage } from "./live";

export const chatHistoryQuerySchema = pageQuerySchema.extend({ chatKey: chatKeySchema });
export const muteSchema = z.object({ chatKey: chatKeySchema, userId: idSchema });
export const slowModeSchema = z.object({
  chatKey: chatKeySchema,
  seconds: z.coerce
    .number("Slow mode is a number of seconds")
    .int("Slow mode is a whole number of seconds")
    .min(0, "Slow mode is 0 (off) to 300 seconds")
    .max(300, "Slow mode is 0 (off) to 300 seconds"),
});
export const prayerRequestSchema = z.object({
  message: text({ error: "Write what we can pray for" })
    .trim()
    .min(1, "Write what we can pray for")
    .max(2000, "A prayer request can be at most 2000 characters"),
});

/** A recorded video scheduled to play as live. */
export const premiereSchema = z.object({
  id: z.number().int(),
  mediaId: z.number().int(),
  title: z.string(),
  startTime: timestampSchema,
  endTime: timestampSchema.describe("start time plus the video's length"),
});
export type Premiere = z.infer<typeof premiereSchema>;
export const createPremiereSchema = z.object({
  mediaId: idSchema,
  startTime: isoTime(streamingMessages.startRequired),
});
export type CreatePremiere = z.output<typeof createPremiereSchema>;

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
  remind: defineRoute({
    method: "POST",
    path: "/api/streaming/services/:id/remind",
    summary: "Remind the signed-in member of a scheduled service by a notification (and push) shortly before it starts",
    access: "member",
    params: idParamsSchema,
    response: z.object({ remindAt: timestampSchema }),
  }),
  chatHistory: defineRoute({
    method: "GET",
    path: "/api/streaming/chat",
    summary: "The chat of a service, oldest first; the cursor pages back to older messages; hidden messages are left out",
    access: "member",
    query: chatHistoryQuerySchema,
    response: z.array(streamChatMessageSchema),
    paginated: true,
  }),
  hideChatMessage: defineRoute({
    method: "POST",
    path: "/api/streaming/chat/messages/:id/hide",
    summary: "Hide a chat message; it disappears for everyone",
    access: "admin",
    params: idParamsSchema,
    status: 204,
    response: z.null(),
  }),
  muteChatMember: defineRoute({
    method: "POST",
    path: "/api/streaming/chat/mutes",
    summary: "Mute a member in the chat of a service for the rest of the service",
    access: "admin",
    body: muteSchema,
    status: 204,
    response: z.null(),
  }),
  slowMode: defineRoute({
    method: "PUT",
    path: "/api/streaming/chat/slow-mode",
    summary: "Set the slow mode of a service chat: the seconds one member waits between messages (0: off)",
    access: "admin",
    body: slowModeSchema,
    response: z.object({ chatKey: z.string(), slowModeSeconds: z.number().int() }),
  }),
  requestPrayer: defineRoute({
    method: "POST",
    path: "/api/streaming/prayer",
    summary: "Send a private prayer request to the care team (the admins when there is none)",
    access: "member",
    body: prayerRequestSchema,
    status: 201,
    response: z.object({ sentTo: z.number().int() }),
  }),
  premieres: defineRoute({
    method: "GET",
    path: "/api/streaming/premieres",
    summary: "Premieres not yet over, soonest first",
    access: "admin",
    response: z.array(premiereSchema),
  }),
  createPremiere: defineRoute({
    method: "POST",
    path: "/api/streaming/premieres",
    summary: "Schedule a published video to play as live at a set time",
    access: "admin",
    body: createPremiereSchema,
    status: 201,
    response: premiereSchema,
  }),
  deletePremiere: defineRoute({
    method: "DELETE",
    path: "/api/streaming/premieres/:id",
    summary: "Cancel a premiere",
    access: "admin",
    params: idParamsSchema,
    status: 204,
    response: z.null(),
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
