import type { LiveHub } from "../../live/hub";
import type { MessagesService } from "./messages.service";

/**
 * The messages module's live events: chat, typing and read receipts; whether a new connection shows online, and to
 * whom (everyone the member has a direct conversation with).
 */
export function registerMessagesLive(hub: LiveHub, messages: MessagesService) {
  hub.on("CHAT_MESSAGE", (conn, payload) => messages.send(conn, payload));
  hub.on("TYPING", (conn, payload) => messages.typing(conn, payload));
  hub.on("READ", (conn, payload) => messages.read(conn, payload));
  hub.onConnect((conn) => messages.connected(conn));
  hub.presenceAudience((userId) => messages.contactIds(userId));
}
