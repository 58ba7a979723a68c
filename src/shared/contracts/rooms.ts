import { z } from "zod";
import { ROOM_MAX_PARTICIPANTS } from "../constants";
import { messages } from "../messages";
import { timestampSchema, text } from "./common";
import { roomCodeSchema } from "./live";
import { defineRoute } from "./route";

export { roomCodeSchema } from "./live";

/** The rooms module's texts. */
export const roomMessages = {
  notFound: "That conference does not exist or has ended.",
  hostOnly: "Only the host can end this conference.",
  nameTooLong: "Names can be at most 100 characters",
  createThrottled: "You have created several conferences in a short time. Please try again later.",
  lookupThrottled: "Too many room codes tried in a short time. Please wait a moment and try again.",
  joinThrottled: "Too many conference joins from this address in a short time. Please wait a moment and try again.",
  lobbyInvalid: "lobby must be true or false",
} as const;

/** POST /api/rooms (spec §7). hostId is accepted and ignored: the host is the signed-in member. */
export const createRoomSchema = z.object({
  name: text(messages.nameRequired).trim().min(1, messages.nameRequired).max(100, roomMessages.nameTooLong),
  description: text().trim().max(500).nullish(),
  maxParticipants: z.number().int().min(2).max(ROOM_MAX_PARTICIPANTS).default(ROOM_MAX_PARTICIPANTS),
  /** Newcomers knock and the host admits each (decision 0022); on unless the host says otherwise. */
  lobby: z.boolean(roomMessages.lobbyInvalid).optional(),
});
export type CreateRoomInput = z.input<typeof createRoomSchema>;

export const roomSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  roomCode: z.string(),
  hostId: z.number().int(),
  hostName: z.string(),
  maxParticipants: z.number().int(),
  /** Members in the room right now. */
  participants: z.number().int(),
  /** Newcomers knock and wait for the host; a locked room lets nobody new in. */
  lobby: z.boolean(),
  locked: z.boolean(),
  createdAt: timestampSchema,
});
export type Room = z.infer<typeof roomSchema>;

export const roomCodeParamsSchema = z.object({ roomCode: roomCodeSchema });
export const roomListQuerySchema = z.object({ active: z.enum(["true", "false"]).optional() });

/**
 * GET /api/rooms/ice-servers: what RTCPeerConnection needs. STUN by default; with TURN configured, the member's own
 * credentials, valid until expiresAt (ask again before then).
 */
export const iceServersSchema = z.object({
  iceServers: z.array(
    z.object({ urls: z.union([z.string(), z.array(z.string())]), username: z.string().optional(), credential: z.string().optional() }),
  ),
  /** `relay`: the deployment sends every call through TURN, so members never learn each other's addresses. */
  iceTransportPolicy: z.enum(["all", "relay"]),
  /** When the TURN credentials stop working; null without time-limited credentials. */
  expiresAt: timestampSchema.nullable(),
});
export type IceServers = z.infer<typeof iceServersSchema>;

/**
 * GET /api/rooms/:roomCode/sfu: how a member seated in the room sends and receives video. `mesh` (peer to peer) until
 * more than videoThreshold members have their camera on, then `sfu` through Janus VideoRoom with the member's token.
 */
export const sfuAccessSchema = z.object({
  mode: z.enum(["mesh", "sfu"]),
  videoThreshold: z.number().int(),
  janus: z.object({ url: z.string(), room: z.number().int(), token: z.string() }).nullable(),
});
export type SfuAccess = z.infer<typeof sfuAccessSchema>;

/** The rooms module's routes. */
export const roomsRoutes = {
  create: defineRoute({
    method: "POST",
    path: "/api/rooms",
    summary: "Create a video conference hosted by the signed-in member (throttled per member)",
    access: "member",
    body: createRoomSchema,
    status: 201,
    response: roomSchema,
  }),
  list: defineRoute({
    method: "GET",
    path: "/api/rooms",
    summary: "The live conferences: rooms someone is in, or created within the grace period",
    access: "member",
    query: roomListQuerySchema,
    response: z.array(roomSchema),
  }),
  iceServers: defineRoute({
    method: "GET",
    path: "/api/rooms/ice-servers",
    summary:
      "The STUN/TURN servers a peer connection uses, with time-limited TURN credentials for the signed-in member when TURN is configured",
    access: "member",
    response: iceServersSchema,
  }),
  find: defineRoute({
    method: "GET",
    path: "/api/rooms/:roomCode",
    summary: "Find a live conference by its code (look-ups throttled per member or address)",
    access: "public",
    params: roomCodeParamsSchema,
    response: roomSchema,
  }),
  sfu: defineRoute({
    method: "GET",
    path: "/api/rooms/:roomCode/sfu",
    summary: "Mesh or SFU for this room, and the Janus room and token of a member seated in it",
    access: "member",
    params: roomCodeParamsSchema,
    response: sfuAccessSchema,
  }),
  close: defineRoute({
    method: "POST",
    path: "/api/rooms/:roomCode/close",
    summary: "End a conference for everyone in it (its host only)",
    access: "member",
    params: roomCodeParamsSchema,
    status: 204,
    response: z.null(),
  }),
};
