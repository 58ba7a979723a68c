import type { LiveHub } from "../../live/hub";
import type { ChatService } from "./chat.service";
import { STREAMING_CHANNEL, type StreamingService, streamChannel } from "./streaming.service";

const STREAM_PREFIX = streamChannel(0).replace(/0$/, "");

/**
 * The streaming module's part of the live link: every connection hears when a stream goes live or stops, and a
 * member watching a stream holds a viewer seat (shared by every instance) until they stop or their connection closes;
 * and the chat beside the stream.
 */
export function registerStreamingLive(hub: LiveHub, streaming: StreamingService, chat: ChatService) {
  /** The streams each local connection watches, so a closed connection gives its seats back. */
  const watching = new Map<string, Set<number>>();

  hub.onConnect((conn) => conn.subscribe(STREAMING_CHANNEL));

  hub.on("STREAM_WATCH", async (conn, { streamId, watching: on }) => {
    const streams = watching.get(conn.id) ?? new Set<number>();
    if (on) {
      streams.add(streamId);
      watching.set(conn.id, streams);
      await conn.subscribe(streamChannel(streamId));
    } else {
      streams.delete(streamId);
      await conn.unsubscribe(streamChannel(streamId));
    }
    await streaming.setWatching(conn.user.id, streamId, on);
  });

  // The chat beside the stream: joining hears it; a message is stored and reaches everyone in it.
  hub.on("STREAM_CHAT_JOIN", (conn, payload) => chat.join(conn, payload));
  hub.on("STREAM_CHAT", (conn, payload) => chat.send(conn, payload));

  hub.onDisconnect(async (conn) => {
    const streams = watching.get(conn.id);
    watching.delete(conn.id);
    for (const streamId of streams ?? []) await streaming.setWatching(conn.user.id, streamId, false);
  });

  hub.onSeatsReleased(async (seats) => {
    const streams = new Set(
      seats.filter((seat) => seat.group.startsWith(STREAM_PREFIX)).map((seat) => Number(seat.group.slice(STREAM_PREFIX.length))),
    );
    for (const streamId of streams) await streaming.announceViewers(streamId);
  });
}
