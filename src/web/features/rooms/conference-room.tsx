import { useCallback, useEffect, useReducer, useRef } from "react";
import { useQuery } from "@tanstack/react-query";
import { Copy, LogOut } from "lucide-react";
import type { User } from "@shared/contracts/users";
import { videoGridColumns } from "@shared/format";
import { messages as texts } from "@shared/messages";
import { Button } from "@web/components/ui/button";
import { routeQuery } from "@web/lib/api";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { liveLink, useLiveEvent, useLiveLink } from "@web/lib/live";
import { useClientIds } from "@web/lib/use-client-ids";
import { toast } from "@web/lib/use-toast";
import { cn } from "@web/lib/utils";
import { copyText } from "./copy-text";
import { RoomControls } from "./room-controls";
import { ParticipantsPanel, RoomChat } from "./room-panels";
import { initialRoomState, mediaStateOf, otherParticipants, roomReducer, viewerParticipant } from "./room-state";
import { useLocalMedia } from "./use-local-media";
import { usePeerMesh } from "./use-peer-mesh";
import { VideoTile } from "./video-tile";

export type ActiveRoom = { roomCode: string; name: string };

/** In a room: the video grid, camera/microphone/fullscreen controls, room chat and participants (spec §2, §4). */
export function ConferenceRoom({ room, viewer, onLeave }: { room: ActiveRoom; viewer: User; onLeave: () => void }) {
  useDocumentTitle(`Conference Room: ${room.name}`);
  const { roomCode } = room;
  const { connected } = useLiveLink();
  const ice = useQuery({
    ...routeQuery("GET /api/rooms/ice-servers"),
    // TURN credentials are time-limited: fetch new ones halfway through their life.
    refetchInterval: (query) => {
      const expiresAt = query.state.data?.expiresAt;
      return expiresAt ? Math.max(60_000, (Date.parse(expiresAt) - Date.now()) / 2) : false;
    },
  });
  const [state, dispatch] = useReducer(roomReducer, roomCode, initialRoomState);
  const localStream = useLocalMedia(dispatch);
  const nextClientId = useClientIds("r");
  const stageRef = useRef<HTMLDivElement>(null);
  const joinSent = useRef(false);
  const leaving = useRef(false);
  const { remoteStreams, offerTo, disconnect, applyBitrate } = usePeerMesh(roomCode, localStream, ice.data);

  useEffect(() => {
    if (!state.mediaReady || !connected || !ice.isFetched || joinSent.current) return;
    joinSent.current = true;
    liveLink.send("JOIN_ROOM", { roomCode });
  }, [state.mediaReady, connected, ice.isFetched, roomCode]);

  // After a dropped live link the server has let this member go: join again (or learn the room has closed).
  const wasConnected = useRef(connected);
  useEffect(() => {
    if (connected && !wasConnected.current && joinSent.current && !leaving.current) liveLink.send("JOIN_ROOM", { roomCode });
    wasConnected.current = connected;
  }, [connected, roomCode]);

  // Members see this member's real camera/microphone state from the start (e.g. after a refused camera).
  const { joined } = state;
  const announced = useRef(false);
  useEffect(() => {
    if (!joined || announced.current) return;
    announced.current = true;
    const media = mediaStateOf(state);
    if (!media.video || !media.audio) liveLink.send("MEDIA_STATE", { roomCode, ...media });
  }, [joined, roomCode, state]);

  const leaveRoom = useCallback(() => {
    leaving.current = true;
    onLeave();
  }, [onLeave]);

  const handleLeave = () => {
    if (leaving.current) return;
    if (joinSent.current) liveLink.send("LEAVE_ROOM", { roomCode });
    leaveRoom();
  };

  // Leaving the page leaves the room.
  useEffect(
    () => () => {
      if (!leaving.current && joinSent.current) liveLink.send("LEAVE_ROOM", { roomCode });
    },
    [roomCode],
  );

  useLiveEvent("ROOM_INFO", (payload) => {
    if (payload.roomCode !== roomCode) return;
    if ("participants" in payload) {
      dispatch({ type: "joined", roomCode, participants: payload.participants });
      for (const participant of payload.participants) {
        if (participant.userId === viewer.id) continue;
        // A fresh link for everyone present (stale ones remain after a rejoin).
        disconnect(participant.userId);
        offerTo(participant.userId).catch((error: unknown) => console.error("Could not offer video to a member", error));
      }
    } else if (payload.event === "USER_JOINED") {
      dispatch({ type: "participantJoined", roomCode, participant: payload.participant });
    } else if (payload.event === "USER_LEFT") {
      dispatch({ type: "participantLeft", roomCode, userId: payload.userId });
      disconnect(payload.userId);
    } else {
      toast({ title: texts.roomClosedTitle, description: texts.roomClosed });
      leaveRoom();
    }
  });
  useLiveEvent("MEDIA_STATE", (payload) => dispatch({ type: "mediaStateChanged", ...payload }));
  useLiveEvent("ERROR", (error) => {
    toast({ title: "Error", description: error.message, variant: "destructive" });
    if (!joined) leaveRoom();
  });
  useLiveEvent("CHAT_MESSAGE", (message) => dispatch({ type: "chatMessage", message }));
  useLiveEvent("CHAT_MESSAGE_SENT", (message) => dispatch({ type: "chatMessage", message }));

  // Each new peer link starts at full rate: re-apply the room's budget whenever links come or go.
  const memberCount = state.participants.length;
  useEffect(() => {
    applyBitrate(Math.max(1, memberCount - 1));
  }, [applyBitrate, memberCount, remoteStreams]);

  useEffect(() => {
    const handleChange = () => dispatch({ type: "fullscreenChanged", fullscreen: document.fullscreenElement !== null });
    document.addEventListener("fullscreenchange", handleChange);
    return () => document.removeEventListener("fullscreenchange", handleChange);
  }, []);

  const toggleMedia = (kind: "video" | "audio") => {
    const next = roomReducer(state, { type: "toggleMedia", kind, viewerId: viewer.id });
    const media = mediaStateOf(next);
    const tracks = kind === "video" ? localStream?.getVideoTracks() : localStream?.getAudioTracks();
    tracks?.forEach((track) => (track.enabled = kind === "video" ? media.video : media.audio));
    dispatch({ type: "toggleMedia", kind, viewerId: viewer.id });
    liveLink.send("MEDIA_STATE", { roomCode, ...media });
  };

  const toggleFullscreen = async () => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await stageRef.current?.requestFullscreen();
    } catch {
      // Fullscreen can be refused (e.g. inside a frame); the call goes on as it was.
    }
  };

  const handleCopy = async () => {
    try {
      await copyText(roomCode);
      toast({ title: texts.copiedTitle, description: texts.copied });
    } catch {
      toast({ title: "Error", description: `Could not copy. The room code is ${roomCode}.`, variant: "destructive" });
    }
  };

  const handleSend = (message: string): boolean => {
    if (!message) return false;
    if (!liveLink.send("CHAT_MESSAGE", { message, roomCode, clientId: nextClientId() })) {
      toast({ title: texts.connectionLostTitle, description: texts.connectionLost, variant: "destructive" });
      return false;
    }
    return true;
  };

  const me = viewerParticipant(state, viewer);
  const others = otherParticipants(state, viewer.id);
  const columns = videoGridColumns(1 + others.length);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Conference Room: {room.name}</h1>
          <p className="text-sm text-muted-foreground">
            {joined ? `${memberCount} ${memberCount === 1 ? "participant" : "participants"}` : "Connecting…"}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void handleCopy()} aria-label={`Copy room code ${roomCode}`}>
            <Copy aria-hidden="true" />
            <span className="font-mono tracking-widest">{roomCode}</span>
          </Button>
          <Button variant="destructive" onClick={handleLeave}>
            <LogOut aria-hidden="true" />
            Leave Conference
          </Button>
        </div>
      </div>

      <div className="grid gap-4 lg:grid-cols-[1fr_auto]">
        <div ref={stageRef} className={cn("flex flex-col gap-3", state.fullscreen && "bg-background p-4")}>
          <div
            className="grid gap-3"
            style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
            data-testid="video-grid"
            data-columns={columns}
          >
            <VideoTile
              stream={localStream}
              name={viewer.displayName}
              isLocal
              isHost={me.isHost}
              video={state.cameraOn}
              audio={state.micOn}
            />
            {others.map((p) => (
              <VideoTile
                key={p.userId}
                stream={remoteStreams[p.userId] ?? null}
                name={p.displayName}
                isLocal={false}
                isHost={p.isHost}
                video={p.video}
                audio={p.audio}
              />
            ))}
          </div>
          <RoomControls
            state={state}
            hasMedia={localStream !== null}
            onToggleMedia={toggleMedia}
            onTogglePanel={(panel) => dispatch({ type: "togglePanel", panel })}
            onToggleFullscreen={() => void toggleFullscreen()}
          />
        </div>

        {state.showChat || state.showParticipants ? (
          <div className="flex w-full flex-col gap-4 lg:w-80">
            {state.showParticipants ? <ParticipantsPanel participants={state.participants} viewerId={viewer.id} /> : null}
            {state.showChat ? <RoomChat chat={state.chat} viewerId={viewer.id} connected={connected} onSend={handleSend} /> : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
