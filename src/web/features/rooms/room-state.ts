import type { ChatMessage, Participant } from "@shared/contracts/live";

/**
 * What a member sees of a conference room, apart from the media streams themselves: who is in it with their
 * camera and microphone state, the member's own controls, the open panels and the room's chat. A plain
 * reducer, tested alone (room-state.test.ts); the room component feeds it live events and its own clicks.
 */
export interface RoomState {
  roomCode: string;
  /** Everyone in the room, the member included, once the server has answered JOIN_ROOM. */
  participants: Participant[];
  joined: boolean;
  /** The camera and microphone prompt has been answered (granted or refused). */
  mediaReady: boolean;
  cameraOn: boolean;
  micOn: boolean;
  handRaised: boolean;
  screenSharing: boolean;
  /** Everyone alike, or whoever speaks (or shares a screen) large above the others. */
  layout: "grid" | "speaker";
  showDevices: boolean;
  showChat: boolean;
  showParticipants: boolean;
  fullscreen: boolean;
  chat: ChatMessage[];
}

export type RoomAction =
  | { type: "mediaGranted" }
  | { type: "mediaRefused" }
  | { type: "joined"; roomCode: string; participants: Participant[] }
  | { type: "participantJoined"; roomCode: string; participant: Participant }
  | { type: "participantLeft"; roomCode: string; userId: number }
  | {
      type: "mediaStateChanged";
      roomCode: string;
      userId: number;
      video: boolean;
      audio: boolean;
      handRaised?: boolean;
      screenSharing?: boolean;
    }
  | { type: "toggleMedia"; kind: "video" | "audio"; viewerId: number }
  | { type: "toggleHand"; viewerId: number }
  | { type: "screenSharingChanged"; sharing: boolean; viewerId: number }
  | { type: "toggleLayout" }
  | { type: "togglePanel"; panel: "chat" | "participants" | "devices" }
  | { type: "fullscreenChanged"; fullscreen: boolean }
  | { type: "chatMessage"; message: ChatMessage }
  | { type: "chatHidden"; messageId: number };

/** The room as it is on entering: camera and microphone on (spec §4), both panels open, nobody known yet. */
export function initialRoomState(roomCode: string): RoomState {
  return {
    roomCode,
    participants: [],
    joined: false,
    mediaReady: false,
    cameraOn: true,
    micOn: true,
    handRaised: false,
    screenSharing: false,
    layout: "grid",
    showDevices: false,
    showChat: true,
    showParticipants: true,
    fullscreen: false,
    chat: [],
  };
}

/** A message's place in the chat: the same stored id, or the same clientId (the server's echo of a message sent here). */
function sameMessage(a: ChatMessage, b: ChatMessage): boolean {
  return a.id === b.id || (b.clientId !== undefined && a.clientId === b.clientId);
}

/** The member's own entry in the participants follows their controls. */
function withOwn(state: RoomState, viewerId: number): RoomState {
  const own = mediaStateOf(state);
  return { ...state, participants: state.participants.map((p) => (p.userId === viewerId ? { ...p, ...own } : p)) };
}

export function roomReducer(state: RoomState, action: RoomAction): RoomState {
  // Events of another room (a stale frame after switching rooms) change nothing.
  if ("roomCode" in action && action.roomCode !== state.roomCode) return state;
  switch (action.type) {
    case "mediaGranted":
      return { ...state, mediaReady: true };
    case "mediaRefused":
      // A member without camera or microphone still listens and chats.
      return { ...state, mediaReady: true, cameraOn: false, micOn: false };
    case "joined":
      return { ...state, joined: true, participants: action.participants };
    case "participantJoined":
      return {
        ...state,
        participants: [...state.participants.filter((p) => p.userId !== action.participant.userId), action.participant],
      };
    case "participantLeft":
      return { ...state, participants: state.participants.filter((p) => p.userId !== action.userId) };
    case "mediaStateChanged": {
      const { type: _type, roomCode: _roomCode, userId, ...given } = action;
      // A hand or screen the message leaves out stays as it was.
      const media = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
      return { ...state, participants: state.participants.map((p) => (p.userId === userId ? { ...p, ...media } : p)) };
    }
    case "toggleHand":
      return withOwn({ ...state, handRaised: !state.handRaised }, action.viewerId);
    case "screenSharingChanged":
      return withOwn({ ...state, screenSharing: action.sharing }, action.viewerId);
    case "toggleLayout":
      return { ...state, layout: state.layout === "grid" ? "speaker" : "grid" };
    case "toggleMedia": {
      const cameraOn = action.kind === "video" ? !state.cameraOn : state.cameraOn;
      const micOn = action.kind === "audio" ? !state.micOn : state.micOn;
      return withOwn({ ...state, cameraOn, micOn }, action.viewerId);
    }
    case "togglePanel":
      if (action.panel === "devices") return { ...state, showDevices: !state.showDevices };
      return action.panel === "chat" ? { ...state, showChat: !state.showChat } : { ...state, showParticipants: !state.showParticipants };
    case "fullscreenChanged":
      return { ...state, fullscreen: action.fullscreen };
    case "chatMessage": {
      const { message } = action;
      if (message.roomCode !== state.roomCode) return state;
      const index = state.chat.findIndex((m) => sameMessage(m, message));
      if (index === -1) return { ...state, chat: [...state.chat, message] };
      return { ...state, chat: state.chat.map((m, i) => (i === index ? message : m)) };
    }
    case "chatHidden":
      // A moderator hid it (decision 0024).
      return state.chat.some((m) => m.id === action.messageId)
        ? { ...state, chat: state.chat.filter((m) => m.id !== action.messageId) }
        : state;
  }
}

/** The member's own tile and list entry: from the server's list once joined, otherwise from what the page knows. */
export function viewerParticipant(state: RoomState, viewer: { id: number; username: string; displayName: string }): Participant {
  return (
    state.participants.find((p) => p.userId === viewer.id) ?? {
      userId: viewer.id,
      username: viewer.username,
      displayName: viewer.displayName,
      isHost: false,
      ...mediaStateOf(state),
    }
  );
}

/** Everyone else in the room, in the order they came. */
export function otherParticipants(state: RoomState, viewerId: number): Participant[] {
  return state.participants.filter((p) => p.userId !== viewerId);
}

/** The member's camera, microphone, hand and screen as MEDIA_STATE announces them. */
export function mediaStateOf(state: RoomState): { video: boolean; audio: boolean; handRaised: boolean; screenSharing: boolean } {
  return { video: state.cameraOn, audio: state.micOn, handRaised: state.handRaised, screenSharing: state.screenSharing };
}

/**
 * The speaker view: one member large on the stage, the rest in a strip beside it. A shared screen takes the stage
 * first (the newest sharer), then the active speaker, then the first other member; alone, the member sees themself.
 */
export function speakerStage(
  participants: Participant[],
  viewerId: number,
  activeSpeakerId: number | null,
): { stage: number; strip: number[] } {
  const sharers = participants.filter((p) => p.screenSharing);
  const others = participants.filter((p) => p.userId !== viewerId);
  const stage = sharers.at(-1)?.userId ?? participants.find((p) => p.userId === activeSpeakerId)?.userId ?? others[0]?.userId ?? viewerId;
  return { stage, strip: participants.map((p) => p.userId).filter((userId) => userId !== stage) };
}
