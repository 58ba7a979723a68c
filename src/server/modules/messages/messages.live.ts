import type { LiveHub } from "../../live/hub";
import type { MessagesService } from "./messages.service";

/** The messages module's live events: chat, typing and read receipts; and whether a new connection shows online. */
export function registerMessagesLive(hub: LiveHub, messages: MessagesService) {
  hub.on("CHAT_MESSAGE", (conn, payload) => messages.send(conn, payload));
  hub.on("TYPING", (conn, payload) => messages.typing(conn, payload));
  hub.on("READ", (conn, payload) => messages.read(conn, payload));
  hub.onConnect((conn) => messages.connected(conn));
}
