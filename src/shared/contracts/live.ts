import { z } from "zod";
import { ROOM_CODE_LENGTH } from "../constants";
import { messages } from "../messages";
import { MAX_ID, text, timestampSchema } from "./common";
import { notificationSchema } from "./notifications";

/**
 * The live link's one typed event map (spec §7 "Live link", DESIGN.md §4): every frame is JSON
 * `{ type, payload }`, validated by these schemas on both ends. Identity never comes from a payload:
 * a client-sent senderId, userId or fromUserId is accepted for compatibility and then ignored (stripped).
 */

/** ERROR texts of the live link. */
export const liveErrors = {
  invalidJson: "Messages must be JSON objects with a type and a payload.",
  unknownType: "Unknown message type.",
  missingTarget: messages.cannotSend,
  rateLimited: "You are sending messages too fast. Please slow down.",
  roomNotFound: messages.joinFailed,
  roomFull: "This conference is full.",
  notInRoom: "You are not in this conference.",
  targetNotInRoom: "That member is not in this conference.",
  notGroupMember: "Join this group to chat in it.",
  receiverNotFound: "That member does not exist.",
  messageRequestsOff: "This member is not accepting message requests.",
  tooManyConnections: "You have too many windows connected. Close one and try again.",
  foreignOrigin: "The live link only accepts connections from this site.",
  idOutOfRange: "Ids are whole numbers from 1 to 2147483647.",
  hostOnly: "Only the host can do that.",
  roomLocked: "This conference is locked. The host is not letting anyone new in.",
  knockDeclined: "The host declined your request to join this conference.",
  removedFromRoom: "The host removed you from this conference.",
  notWaiting: "That member is not waiting in the lobby.",
  cannotRemoveHost: "The host can't be removed from their own conference.",
  internal: "Something went wrong on our side. Please try again.",
} as const;

/** A room code as stored: six capital letters and digits. */
export const ROOM_CODE_PATTERN = new RegExp(`^[A-Z0-9]{${ROOM_CODE_LENGTH}}$`);
export const roomCodeSchema = z.string(messages.roomCodeRequired).trim().toUpperCase().regex(ROOM_CODE_PATTERN, messages.roomCodeRequired);

/** A member's or group's id in a frame: not coerced (frames are JSON), and within the id column's range. */
const idSchema = z
  .number(liveErrors.idOutOfRange)
  .int(liveErrors.idOutOfRange)
  .min(1, liveErrors.idOutOfRange)
  .max(MAX_ID, liveErrors.idOutOfRange);
// Clients that send every field (spec §7) leave the unused ones empty: "" and 0 mean "not set".
const optionalId = z.preprocess((value) => (value === 0 || value === "" ? null : value), idSchema.nullish());
const optionalRoomCode = z.preprocess((value) => (value === "" ? null : value), roomCodeSchema.nullish());

/** The longest tag a client may attach to its chat message. */
export const CLIENT_ID_MAX_LENGTH = 64;
/** The longest chat message a member may send. */
export const CHAT_MESSAGE_MAX_LENGTH = 4000;
/** The largest frame the server accepts, in bytes (SDP offers are the big ones, a few KiB). */
export const LIVE_MAX_PAYLOAD_BYTES = 64 * 1024;

export const chatTextSchema = text()
  .max(CHAT_MESSAGE_MAX_LENGTH, `Messages can be at most ${CHAT_MESSAGE_MAX_LENGTH} characters`)
  .refine((text) => text.trim().length > 0, "Message cannot be empty");

/** The longest message of a live service's chat. */
export const STREAM_CHAT_MAX_LENGTH = 500;
/** Which chat: a broadcast's or a premiere's (the live state names the one open now). */
export const chatKeySchema = z
  .string("Name the service's chat")
  .regex(/^(broadcast|premiere):[1-9]\d{0,9}$/, "Name the service's chat as the live state gives it");

/** A message of a live service's chat. */
export const streamChatMessageSchema = z.object({
  id: z.number().int(),
  chatKey: z.string(),
  userId: z.number().int(),
  displayName: z.string(),
  message: z.string(),
  createdAt: timestampSchema,
  clientId: z.string().optional(),
});
export type StreamChatMessage = z.infer<typeof streamChatMessageSchema>;

const sessionDescriptionSchema = (type: "offer" | "answer") =>
  z.object({ type: z.literal(type), sdp: z.string().max(LIVE_MAX_PAYLOAD_BYTES) });

const iceCandidateSchema = z.object({
  candidate: z.string().max(2048),
  sdpMid: z.string().max(64).nullish(),
  sdpMLineIndex: z.number().int().min(0).max(1024).nullish(),
  usernameFragment: z.string().max(256).nullish(),
});

const signalTarget = { roomCode: roomCodeSchema, targetUserId: idSchema };

/**
 * Beyond the spec's camera and microphone: a raised hand and a shared screen. Optional in MEDIA_STATE both ways,
 * so a client that sends only video and audio leaves them as they were.
 */
const roomExtras = { handRaised: z.boolean().optional(), screenSharing: z.boolean().optional() };

// ---------------------------------------------------------------- client → server

export const clientEventSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("CHAT_MESSAGE"),
    payload: z.object({
      message: chatTextSchema,
      receiverId: optionalId,
      roomCode: optionalRoomCode,
      groupId: optionalId,
      /** A tag of the sender's choosing, echoed in CHAT_MESSAGE_SENT to match the optimistic message. */
      clientId: text().max(CLIENT_ID_MAX_LENGTH).optional(),
    }),
  }),
  z.object({ type: z.literal("JOIN_ROOM"), payload: z.object({ roomCode: roomCodeSchema }) }),
  z.object({ type: z.literal("LEAVE_ROOM"), payload: z.object({ roomCode: roomCodeSchema }) }),
  z.object({ type: z.literal("VIDEO_OFFER"), payload: z.object({ ...signalTarget, offer: sessionDescriptionSchema("offer") }) }),
  z.object({ type: z.literal("VIDEO_ANSWER"), payload: z.object({ ...signalTarget, answer: sessionDescriptionSchema("answer") }) }),
  z.object({ type: z.literal("NEW_ICE_CANDIDATE"), payload: z.object({ ...signalTarget, candidate: iceCandidateSchema }) }),
  z.object({
    type: z.literal("TYPING"),
    payload: z.object({ receiverId: optionalId, roomCode: optionalRoomCode, groupId: optionalId, isTyping: z.boolean() }),
  }),
  z.object({
    type: z.literal("MEDIA_STATE"),
    payload: z.object({ roomCode: roomCodeSchema, video: z.boolean(), audio: z.boolean(), ...roomExtras }),
  }),
  // Safe rooms (decision 0022): the host answers knocks, locks the room, removes a participant, mutes everyone.
  z.object({ type: z.literal("ROOM_ADMIT"), payload: z.object({ roomCode: roomCodeSchema, userId: idSchema }) }),
  z.object({ type: z.literal("ROOM_DECLINE"), payload: z.object({ roomCode: roomCodeSchema, userId: idSchema }) }),
  z.object({ type: z.literal("ROOM_LOCK"), payload: z.object({ roomCode: roomCodeSchema, locked: z.boolean() }) }),
  z.object({ type: z.literal("ROOM_REMOVE"), payload: z.object({ roomCode: roomCodeSchema, userId: idSchema }) }),
  z.object({ type: z.literal("ROOM_MUTE_ALL"), payload: z.object({ roomCode: roomCodeSchema }) }),
  /** The member has read the conversation with otherUserId (or the group) up to now. */
  z.object({ type: z.literal("READ"), payload: z.object({ otherUserId: optionalId, groupId: optionalId }) }),
  /** The member started or stopped watching a live stream (counted in its viewers). */
  z.object({ type: z.literal("STREAM_WATCH"), payload: z.object({ streamId: idSchema, watching: z.boolean() }) }),
  /** The member opened a service's chat: its messages, hidings and slow mode reach this connection. */
  z.object({ type: z.literal("STREAM_CHAT_JOIN"), payload: z.object({ chatKey: chatKeySchema }) }),
  /** A message to the chat beside the live service (stored; refused while muted, in slow mode, or when the chat is closed). */
  z.object({
    type: z.literal("STREAM_CHAT"),
    payload: z.object({
      chatKey: chatKeySchema,
      message: text()
        .max(STREAM_CHAT_MAX_LENGTH, `Messages can be at most ${STREAM_CHAT_MAX_LENGTH} characters`)
        .refine((value) => value.trim().length > 0, "Message cannot be empty"),
      clientId: text().max(CLIENT_ID_MAX_LENGTH).optional(),
    }),
  }),
]);
export type ClientEvent = z.infer<typeof clientEventSchema>;

export type ClientEventType = ClientEvent["type"];
/** Every client event type; the server asserts at startup that each has exactly one handler. */
export const clientEventTypes: readonly ClientEventType[] = clientEventSchema.options.map((option) => option.shape.type.value);
export type ClientPayload<T extends ClientEventType> = Extract<ClientEvent, { type: T }>["payload"];

// ---------------------------------------------------------------- server → client

/** A stored chat message as the live link and the messages API present it. */
export const chatMessageSchema = z.object({
  id: z.number().int(),
  senderId: z.number().int(),
  receiverId: z.number().int().nullable(),
  groupId: z.number().int().nullable(),
  roomCode: z.string().nullable(),
  /** The text; `content` carries the same (spec §3: "message or content"). */
  message: z.string(),
  content: z.string(),
  senderName: z.string().optional(),
  createdAt: timestampSchema,
  timestamp: timestampSchema,
  readAt: timestampSchema.nullable(),
  clientId: z.string().optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const participantSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  isHost: z.boolean(),
  video: z.boolean(),
  audio: z.boolean(),
  ...roomExtras,
});
export type Participant = z.infer<typeof participantSchema>;

export const roomInfoPayloadSchema = z.union([
  z.object({ roomCode: z.string(), event: z.literal("USER_JOINED"), participant: participantSchema }),
  z.object({ roomCode: z.string(), event: z.literal("USER_LEFT"), userId: z.number().int() }),
  z.object({ roomCode: z.string(), event: z.literal("ROOM_CLOSED") }),
  z.object({
    roomCode: z.string(),
    name: z.string(),
    hostId: z.number().int(),
    participants: z.array(participantSchema),
    /** Beyond the spec (decision 0022): whether newcomers knock first, and whether the room is locked. */
    lobby: z.boolean().optional(),
    locked: z.boolean().optional(),
  }),
]);

/** A member waiting in a room's lobby, as its host sees them. */
export const knockerSchema = z.object({ userId: z.number().int(), username: z.string(), displayName: z.string() });
export type Knocker = z.infer<typeof knockerSchema>;
/** Where a member stands at a room's door: waiting in the lobby, let in, turned away, or removed by the host. */
export const roomAccessStatusSchema = z.enum(["waiting", "admitted", "declined", "removed"]);
export type RoomAccessStatus = z.infer<typeof roomAccessStatusSchema>;
export type RoomInfoPayload = z.infer<typeof roomInfoPayloadSchema>;

const signalFrom = { roomCode: z.string(), targetUserId: z.number().int(), fromUserId: z.number().int() };

export const serverEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("CHAT_MESSAGE"), payload: chatMessageSchema }),
  z.object({ type: z.literal("CHAT_MESSAGE_SENT"), payload: chatMessageSchema }),
  z.object({ type: z.literal("ROOM_INFO"), payload: roomInfoPayloadSchema }),
  z.object({ type: z.literal("VIDEO_OFFER"), payload: z.object({ ...signalFrom, offer: sessionDescriptionSchema("offer") }) }),
  z.object({ type: z.literal("VIDEO_ANSWER"), payload: z.object({ ...signalFrom, answer: sessionDescriptionSchema("answer") }) }),
  z.object({ type: z.literal("NEW_ICE_CANDIDATE"), payload: z.object({ ...signalFrom, candidate: iceCandidateSchema }) }),
  z.object({ type: z.literal("ERROR"), payload: z.object({ message: z.string(), code: z.string().optional() }) }),
  /** Who is online: the full list on connect (`snapshot`), then one change at a time. */
  z.object({
    type: z.literal("PRESENCE"),
    payload: z.object({ snapshot: z.boolean(), users: z.array(z.object({ userId: z.number().int(), online: z.boolean() })) }),
  }),
  z.object({
    type: z.literal("TYPING"),
    payload: z.object({
      fromUserId: z.number().int(),
      receiverId: z.number().int().nullable(),
      roomCode: z.string().nullable(),
      groupId: z.number().int().nullable(),
      isTyping: z.boolean(),
    }),
  }),
  /** readerId has read every message otherUserId sent them up to readAt (a read receipt). */
  z.object({
    type: z.literal("READ"),
    payload: z.object({ readerId: z.number().int(), otherUserId: z.number().int(), readAt: timestampSchema }),
  }),
  z.object({
    type: z.literal("MEDIA_STATE"),
    payload: z.object({ roomCode: z.string(), userId: z.number().int(), video: z.boolean(), audio: z.boolean(), ...roomExtras }),
  }),
  /** The member joined a group (from any of their tabs): its chat now reaches this connection. */
  z.object({ type: z.literal("GROUP_JOINED"), payload: z.object({ groupId: z.number().int() }) }),
  /** A new notification for the member, with their unread count after it. */
  z.object({ type: z.literal("NOTIFICATION"), payload: z.object({ notification: notificationSchema, unreadCount: z.number().int() }) }),
  /** A first message that waits in the receiver's requests folder (decision 0022), instead of CHAT_MESSAGE. */
  z.object({ type: z.literal("MESSAGE_REQUEST"), payload: z.object({ requestId: z.number().int(), message: chatMessageSchema }) }),
  /** To the host's connections: everyone waiting in the lobby now (the whole list each time). */
  z.object({ type: z.literal("ROOM_KNOCKS"), payload: z.object({ roomCode: z.string(), waiting: z.array(knockerSchema) }) }),
  /** To a member at the door: waiting, admitted (send JOIN_ROOM again to take the seat), declined or removed. */
  z.object({ type: z.literal("ROOM_ACCESS"), payload: z.object({ roomCode: z.string(), status: roomAccessStatusSchema }) }),
  /** To a room: its lobby or lock changed. */
  z.object({ type: z.literal("ROOM_SETTINGS"), payload: z.object({ roomCode: z.string(), lobby: z.boolean(), locked: z.boolean() }) }),
  /** To a room: the host muted everyone; each client turns its microphone off (a participant may turn it on again). */
  z.object({ type: z.literal("ROOM_MUTED"), payload: z.object({ roomCode: z.string(), byUserId: z.number().int() }) }),
  /** A stream went live (publishing started and segments arrive) or stopped being live. */
  z.object({ type: z.literal("STREAM_STATE"), payload: z.object({ streamId: z.number().int(), live: z.boolean() }) }),
  /** How many members watch a stream now, on every instance. */
  z.object({ type: z.literal("STREAM_VIEWERS"), payload: z.object({ streamId: z.number().int(), viewers: z.number().int() }) }),
  /** A message in a service's chat (the sender's own comes back with its clientId). */
  z.object({ type: z.literal("STREAM_CHAT"), payload: streamChatMessageSchema }),
  /** An admin hid a message: it disappears for everyone. */
  z.object({ type: z.literal("STREAM_CHAT_HIDDEN"), payload: z.object({ chatKey: z.string(), messageId: z.number().int() }) }),
  /**
   * To every tab of a member an admin just suspended or banned: they are signed out now; `message` is the one signing in
   * would answer (decision 0024).
   */
  z.object({
    type: z.literal("SIGNED_OUT"),
    payload: z.object({ code: z.enum(["suspended", "banned"]), message: z.string() }),
  }),
  /** A moderator hid a direct, group or room message (decision 0024): it disappears from the conversation. */
  z.object({ type: z.literal("MESSAGE_HIDDEN"), payload: z.object({ messageId: z.number().int() }) }),
  /** The chat's slow mode changed (0: off). */
  z.object({ type: z.literal("STREAM_CHAT_SETTINGS"), payload: z.object({ chatKey: z.string(), slowModeSeconds: z.number().int() }) }),
]);
export type ServerEvent = z.infer<typeof serverEventSchema>;
export type ServerEventType = ServerEvent["type"];
export type ServerPayload<T extends ServerEventType> = Extract<ServerEvent, { type: T }>["payload"];
