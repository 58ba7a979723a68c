import type { ChatMessage } from "@shared/contracts/live";
import type { MessageRow } from "./messages.repository";

/** A stored message as the API and the live link present it (spec §3: "message or content", "createdAt or timestamp"). */
export function presentMessage(row: MessageRow, extra: { senderName?: string; clientId?: string } = {}): ChatMessage {
  const senderName = extra.senderName ?? row.senderName;
  return {
    id: row.id,
    senderId: row.senderId,
    receiverId: row.receiverId,
    groupId: row.groupId,
    roomCode: row.roomCode,
    message: row.content,
    content: row.content,
    ...(senderName ? { senderName } : {}),
    createdAt: row.createdAt,
    timestamp: row.createdAt,
    readAt: row.readAt,
    ...(extra.clientId ? { clientId: extra.clientId } : {}),
  };
}
