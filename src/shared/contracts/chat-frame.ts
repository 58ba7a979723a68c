import { MAX_ID, WITHOUT_NUL } from "./common";
import { CHAT_MESSAGE_MAX_LENGTH, CLIENT_ID_MAX_LENGTH, type ClientEvent, ROOM_CODE_PATTERN, clientEventSchema } from "./live";

/** The server's check of a chat frame before the schema (decision 0041); the web app never imports it. */

const CHAT_PAYLOAD_KEYS = new Set(["message", "receiverId", "roomCode", "groupId", "clientId"]);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isId = (value: unknown) => typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= MAX_ID;
const isClientText = (value: unknown, max: number) => typeof value === "string" && value.length <= max && WITHOUT_NUL.test(value);

/**
 * A chat frame in the form clients send it (no field to strip, trim, convert or fill in), checked without zod's
 * machinery: on a process woken from idle, the schema's parse took 45–50 µs of the 300 a room message spends in the
 * server (docs/performance.md, "Live link"). What it answers is what `clientEventSchema` answers for the frame (a
 * property test holds the two together, chat-frame.test.ts); for any other frame it answers undefined, and the schema
 * decides, with its messages.
 */
export function canonicalChatFrame(json: unknown): Extract<ClientEvent, { type: "CHAT_MESSAGE" }> | undefined {
  if (!isRecord(json) || json.type !== "CHAT_MESSAGE" || Object.keys(json).length !== 2) return undefined;
  const payload = json.payload;
  if (!isRecord(payload)) return undefined;
  for (const key of Object.keys(payload)) if (!CHAT_PAYLOAD_KEYS.has(key)) return undefined;
  const { message, receiverId, roomCode, groupId, clientId } = payload;
  if (!isClientText(message, CHAT_MESSAGE_MAX_LENGTH) || (message as string).trim().length === 0) return undefined;
  if (receiverId !== undefined && !isId(receiverId)) return undefined;
  if (groupId !== undefined && !isId(groupId)) return undefined;
  if (roomCode !== undefined && !(typeof roomCode === "string" && ROOM_CODE_PATTERN.test(roomCode))) return undefined;
  if (clientId !== undefined && !isClientText(clientId, CLIENT_ID_MAX_LENGTH)) return undefined;
  return json as Extract<ClientEvent, { type: "CHAT_MESSAGE" }>;
}

/** `clientEventSchema.safeParse`, with a chat frame's usual form recognized first (`canonicalChatFrame`). */
export function parseClientEvent(json: unknown) {
  const chat = canonicalChatFrame(json);
  return chat ? ({ success: true, data: chat } as const) : clientEventSchema.safeParse(json);
}
