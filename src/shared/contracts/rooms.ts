import { z } from "zod";
import { ROOM_MAX_PARTICIPANTS } from "../constants";
import { messages } from "../messages";
import { timestampSchema } from "./common";
import { roomCodeSchema } from "./live";

export { roomCodeSchema } from "./live";

/** POST /api/rooms (spec §7). hostId is accepted and ignored: the host is the signed-in member. */
export const createRoomSchema = z.object({
  name: z.string(messages.nameRequired).trim().min(1, messages.nameRequired).max(100, "Names can be at most 100 characters"),
  description: z.string().trim().max(500).nullish(),
  maxParticipants: z.number().int().min(2).max(ROOM_MAX_PARTICIPANTS).default(ROOM_MAX_PARTICIPANTS),
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
  createdAt: timestampSchema,
});
export type Room = z.infer<typeof roomSchema>;

export const roomCodeParamsSchema = z.object({ roomCode: roomCodeSchema });
export const roomListQuerySchema = z.object({ active: z.enum(["true", "false"]).optional() });

/** GET /api/rooms/ice-servers: what RTCPeerConnection needs (STUN by default, TURN with credentials when configured). */
export const iceServersSchema = z.object({
  iceServers: z.array(
    z.object({ urls: z.union([z.string(), z.array(z.string())]), username: z.string().optional(), credential: z.string().optional() }),
  ),
});
export type IceServers = z.infer<typeof iceServersSchema>;
