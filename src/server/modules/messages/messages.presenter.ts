import type { ChatMessage } from "@shared/contracts/live";
import type { MessageRow } from "./messages.repository";

/** A stored message as the API and the live link present it (spec §3: "message or content", "createdAt or timestamp"). */
export function presentMessage(row: MessageRow, extra: { senderName?: string; clientId?: string } = {}): ChatMessage {
  const senderName = extra.senderName ?? row.senderName;
  const message: ChatMessage = {
    id: row.id,
    senderId: row.senderId,
    receiverId: row.receiverId,
    groupId: row.groupId,
    roomCode: row.roomCode,
    message: row.content,
    content: row.content,
    createdAt: row.createdAt,
    timestamp: row.createdAt,
    readAt: row.readAt,
  };
  // Optional fields are set after, not spread into the literal (a spread there copies through the runtime).
  if (senderName) message.senderName = senderName;
  if (extra.clientId) message.clientId = extra.clientId;
  return message;
}
