import { describe, expect, it } from "vitest";
import type { ChatMessage, Participant } from "@shared/contracts/live";
import { initialRoomState, mediaStateOf, otherParticipants, roomReducer, speakerStage, viewerParticipant } from "./room-state";

const ROOM = "ABC123";
const member = (userId: number, extra: Partial<Participant> = {}): Participant => ({
  userId,
  username: `member${userId}`,
  displayName: `Member ${userId}`,
  isHost: false,
  video: true,
  audio: true,
  ...extra,
});
const message = (id: number, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  senderId: 1,
  receiverId: null,
  groupId: null,
  roomCode: ROOM,
  message: `hello ${id}`,
  content: `hello ${id}`,
  createdAt: "2026-01-05T10:00:00.000Z",
  timestamp: "2026-01-05T10:00:00.000Z",
  readAt: null,
  ...extra,
});
const joined = (participants: Participant[]) => roomReducer(initialRoomState(ROOM), { type: "joined", roomCode: ROOM, participants });

describe("roomReducer", () => {
  it("enters with camera and microphone on, both panels open and nobody known (spec §4)", () => {
    const state = initialRoomState(ROOM);
    expect(state).toMatchObject({ joined: false, cameraOn: true, micOn: true, showChat: true, showParticipants: true, participants: [] });
  });

  it("turns camera and microphone off when the member refuses them, and is ready either way", () => {
    expect(roomReducer(initialRoomState(ROOM), { type: "mediaRefused" })).toMatchObject({
      mediaReady: true,
      cameraOn: false,
      micOn: false,
    });
    expect(roomReducer(initialRoomState(ROOM), { type: "mediaGranted" })).toMatchObject({ mediaReady: true, cameraOn: true, micOn: true });
  });

  it("takes the participant list on joining, adds a newcomer once and removes one who left", () => {
    let state = joined([member(1, { isHost: true }), member(2)]);
    expect(state.joined).toBe(true);
    state = roomReducer(state, { type: "participantJoined", roomCode: ROOM, participant: member(3) });
    // A member who joins again (after a dropped link) is listed once, with the fresh entry.
    state = roomReducer(state, { type: "participantJoined", roomCode: ROOM, participant: member(2, { video: false }) });
    expect(state.participants.map((p) => p.userId)).toEqual([1, 3, 2]);
    expect(state.participants.find((p) => p.userId === 2)?.video).toBe(false);
    state = roomReducer(state, { type: "participantLeft", roomCode: ROOM, userId: 3 });
    expect(state.participants.map((p) => p.userId)).toEqual([1, 2]);
  });

  it("ignores the events of another room", () => {
    const state = joined([member(1)]);
    expect(roomReducer(state, { type: "participantJoined", roomCode: "ZZZ999", participant: member(9) })).toBe(state);
    expect(roomReducer(state, { type: "chatMessage", message: message(1, { roomCode: "ZZZ999" }) })).toBe(state);
  });

  it("shows another member's camera and microphone as they announce them", () => {
    const state = roomReducer(joined([member(1), member(2)]), {
      type: "mediaStateChanged",
      roomCode: ROOM,
      userId: 2,
      video: false,
      audio: true,
    });
    expect(state.participants.find((p) => p.userId === 2)).toMatchObject({ video: false, audio: true });
    expect(state.participants.find((p) => p.userId === 1)).toMatchObject({ video: true, audio: true });
  });

  it("toggles the member's own camera and microphone, in the controls and in their list entry", () => {
    let state = roomReducer(joined([member(1), member(2)]), { type: "toggleMedia", kind: "video", viewerId: 1 });
    expect(mediaStateOf(state)).toEqual({ video: false, audio: true, handRaised: false, screenSharing: false });
    expect(state.participants.find((p) => p.userId === 1)).toMatchObject({ video: false, audio: true });
    state = roomReducer(state, { type: "toggleMedia", kind: "audio", viewerId: 1 });
    state = roomReducer(state, { type: "toggleMedia", kind: "video", viewerId: 1 });
    expect(mediaStateOf(state)).toEqual({ video: true, audio: false, handRaised: false, screenSharing: false });
    expect(state.participants.find((p) => p.userId === 2)).toMatchObject({ video: true, audio: true });
  });

  it("raises and lowers the member's hand and marks their screen share, in the controls and in their list entry", () => {
    let state = roomReducer(joined([member(1), member(2)]), { type: "toggleHand", viewerId: 1 });
    state = roomReducer(state, { type: "screenSharingChanged", sharing: true, viewerId: 1 });
    expect(mediaStateOf(state)).toEqual({ video: true, audio: true, handRaised: true, screenSharing: true });
    expect(state.participants.find((p) => p.userId === 1)).toMatchObject({ handRaised: true, screenSharing: true });
    state = roomReducer(state, { type: "toggleHand", viewerId: 1 });
    expect(state.participants.find((p) => p.userId === 1)?.handRaised).toBe(false);
    expect(state.participants.find((p) => p.userId === 2)?.handRaised).toBeUndefined();
  });

  it("keeps another member's raised hand when their next MEDIA_STATE leaves it out", () => {
    let state = roomReducer(joined([member(1), member(2)]), {
      type: "mediaStateChanged",
      roomCode: ROOM,
      userId: 2,
      video: true,
      audio: true,
      handRaised: true,
    });
    state = roomReducer(state, { type: "mediaStateChanged", roomCode: ROOM, userId: 2, video: false, audio: true });
    expect(state.participants.find((p) => p.userId === 2)).toMatchObject({ video: false, handRaised: true });
  });

  it("switches between the grid and the speaker view, and opens the device settings", () => {
    const state = roomReducer(initialRoomState(ROOM), { type: "toggleLayout" });
    expect(state.layout).toBe("speaker");
    expect(roomReducer(state, { type: "toggleLayout" }).layout).toBe("grid");
    expect(roomReducer(state, { type: "togglePanel", panel: "devices" }).showDevices).toBe(true);
  });

  it("opens and closes the chat and participants panels independently, and follows fullscreen", () => {
    let state = roomReducer(initialRoomState(ROOM), { type: "togglePanel", panel: "chat" });
    expect(state).toMatchObject({ showChat: false, showParticipants: true });
    state = roomReducer(state, { type: "togglePanel", panel: "participants" });
    expect(state).toMatchObject({ showChat: false, showParticipants: false });
    expect(roomReducer(state, { type: "fullscreenChanged", fullscreen: true }).fullscreen).toBe(true);
  });

  it("appends chat messages and replaces the echo of one sent here instead of showing it twice", () => {
    let state = roomReducer(initialRoomState(ROOM), { type: "chatMessage", message: message(10) });
    state = roomReducer(state, { type: "chatMessage", message: message(-1, { clientId: "r1", message: "sending" }) });
    state = roomReducer(state, { type: "chatMessage", message: message(11, { clientId: "r1", message: "sent" }) });
    state = roomReducer(state, { type: "chatMessage", message: message(10) });
    expect(state.chat.map((m) => [m.id, m.message])).toEqual([
      [10, "hello 10"],
      [11, "sent"],
    ]);
  });

  it("drops a message a moderator hid, and changes nothing for a message it never showed", () => {
    let state = roomReducer(initialRoomState(ROOM), { type: "chatMessage", message: message(10) });
    state = roomReducer(state, { type: "chatMessage", message: message(11) });
    expect(roomReducer(state, { type: "chatHidden", messageId: 99 })).toBe(state);
    expect(roomReducer(state, { type: "chatHidden", messageId: 10 }).chat.map((m) => m.id)).toEqual([11]);
  });
});

describe("the member's place in the room", () => {
  const viewer = { id: 1, username: "member1", displayName: "Member 1" };

  it("is their own entry once joined, and a stand-in with their controls' state before", () => {
    const before = roomReducer(initialRoomState(ROOM), { type: "mediaRefused" });
    expect(viewerParticipant(before, viewer)).toMatchObject({ userId: 1, isHost: false, video: false, audio: false });
    const after = joined([member(1, { isHost: true }), member(2)]);
    expect(viewerParticipant(after, viewer)).toMatchObject({ userId: 1, isHost: true });
    expect(otherParticipants(after, 1).map((p) => p.userId)).toEqual([2]);
  });
});

describe("the speaker view's stage", () => {
  const everyone = [member(1), member(2), member(3)];

  it("holds the active speaker, the others in the strip", () => {
    expect(speakerStage(everyone, 1, 3)).toEqual({ stage: 3, strip: [1, 2] });
  });

  it("holds a shared screen before the speaker", () => {
    expect(speakerStage([member(1), member(2, { screenSharing: true }), member(3)], 1, 3).stage).toBe(2);
  });

  it("holds the first other member before anyone speaks, and the member alone in the room", () => {
    expect(speakerStage(everyone, 1, null)).toEqual({ stage: 2, strip: [1, 3] });
    expect(speakerStage([member(1)], 1, null)).toEqual({ stage: 1, strip: [] });
  });
});
