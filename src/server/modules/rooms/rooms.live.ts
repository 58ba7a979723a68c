import type { LiveHub } from "../../live/hub";
import type { RoomsService } from "./rooms.service";

/** The rooms module's live events: joining and leaving, the signalling relay and camera/microphone state. */
export function registerRoomsLive(hub: LiveHub, rooms: RoomsService) {
  hub.on("JOIN_ROOM", (conn, { roomCode }) => rooms.join(conn, roomCode));
  hub.on("LEAVE_ROOM", (conn, { roomCode }) => rooms.leave(conn, roomCode));
  hub.on("VIDEO_OFFER", (conn, payload) =>
    rooms.relaySignal(conn, payload, { type: "VIDEO_OFFER", payload: { ...payload, fromUserId: conn.user.id } }),
  );
  hub.on("VIDEO_ANSWER", (conn, payload) =>
    rooms.relaySignal(conn, payload, { type: "VIDEO_ANSWER", payload: { ...payload, fromUserId: conn.user.id } }),
  );
  hub.on("NEW_ICE_CANDIDATE", (conn, payload) =>
    rooms.relaySignal(conn, payload, { type: "NEW_ICE_CANDIDATE", payload: { ...payload, fromUserId: conn.user.id } }),
  );
  hub.on("MEDIA_STATE", (conn, { roomCode, ...media }) => rooms.updateMedia(conn, roomCode, media));
  hub.on("ROOM_ADMIT", (conn, { roomCode, userId }) => rooms.answerKnock(conn, roomCode, userId, true));
  hub.on("ROOM_DECLINE", (conn, { roomCode, userId }) => rooms.answerKnock(conn, roomCode, userId, false));
  hub.on("ROOM_LOCK", (conn, { roomCode, locked }) => rooms.lock(conn, roomCode, locked));
  hub.on("ROOM_REMOVE", (conn, { roomCode, userId }) => rooms.remove(conn, roomCode, userId));
  hub.on("ROOM_MUTE_ALL", (conn, { roomCode }) => rooms.muteAll(conn, roomCode));
  hub.onDisconnect((conn) => rooms.leaveAll(conn));
  hub.onSeatsReleased((seats) => rooms.seatsReleased(seats));
}
