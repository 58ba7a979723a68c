import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
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
import { copyText } from "@web/lib/copy-text";
import type { Participant } from "@shared/contracts/live";
import { type ActiveSpeaker, nextActiveSpeaker } from "./call-stats";
import { DeviceSettings } from "./device-settings";
import { RoomControls } from "./room-controls";
import { ParticipantsPanel, RoomChat } from "./room-panels";
import { HostPanel, LobbyWaiting, useRoomSafety } from "./room-safety";
import { initialRoomState, mediaStateOf, otherParticipants, roomReducer, speakerStage, viewerParticipant } from "./room-state";
import { type DeviceKind, useLocalMedia } from "./use-local-media";
import { usePeerMesh } from "./use-peer-mesh";
import { type CallMode, sfuNeeds, useSfu } from "./use-sfu";
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
  // A new camera or microphone goes out on every link (a new camera waits while a screen is shared).
  const trackChanged = useRef<(kind: DeviceKind, track: MediaStreamTrack) => void>(undefined);
  const { localStream, devices, selected, selectDevice } = useLocalMedia(dispatch, (kind, track) => trackChanged.current?.(kind, track));
  const [screenStream, setScreenStream] = useState<MediaStream | null>(null);
  const [activeSpeaker, setActiveSpeaker] = useState<ActiveSpeaker | null>(null);
  const nextClientId = useClientIds("r");
  const stageRef = useRef<HTMLDivElement>(null);
  const joinSent = useRef(false);
  const leaving = useRef(false);
  // Past the threshold of cameras the room goes through the SFU instead of the mesh (decision 0018).
  const callMode = useRef<CallMode>("mesh");
  const mesh = usePeerMesh(roomCode, localStream, ice.data, () => callMode.current !== "sfu");
  const { offerTo, disconnect, applyBitrate, shareScreen } = mesh;
  const meshLinked = useRef<CallMode>("mesh");
  const lastLinkStats = useRef<typeof mesh.linkStats>({});
  const needs = sfuNeeds(state, viewer.id, activeSpeaker?.userId ?? null, lastLinkStats.current);
  const sfu = useSfu({
    roomCode,
    joined: state.joined,
    viewerId: viewer.id,
    cameras: needs.cameras,
    layers: needs.layers,
    localStream,
    videoTrack: screenStream?.getVideoTracks()[0] ?? null,
    ice: ice.data,
    onSwitched: (linked) => {
      if (linked === meshLinked.current) return;
      meshLinked.current = linked;
      if (linked === "sfu") return mesh.disconnectAll();
      // Back to the mesh: of each pair, the member with the lower id offers; offers that came meanwhile are answered.
      mesh.replayHeldOffers();
      for (const p of state.participants) {
        if (p.userId > viewer.id) offerTo(p.userId).catch((error: unknown) => console.error("Could not offer video to a member", error));
      }
    },
  });
  callMode.current = sfu.mode;
  // A member's stream and link through the SFU when there is one, otherwise the mesh's.
  const remoteStreams = useMemo(() => ({ ...mesh.remoteStreams, ...sfu.remoteStreams }), [mesh.remoteStreams, sfu.remoteStreams]);
  const linkStats = useMemo(() => ({ ...mesh.linkStats, ...sfu.linkStats }), [mesh.linkStats, sfu.linkStats]);
  lastLinkStats.current = linkStats;
  const replaceSfuTrack = sfu.replaceOutgoingTrack;
  const localAudioLevel = Math.max(mesh.localAudioLevel, sfu.localAudioLevel);
  const replaceOutgoingTrack = (kind: DeviceKind, track: MediaStreamTrack | null) => {
    mesh.replaceOutgoingTrack(kind, track);
    sfu.replaceOutgoingTrack(kind, track);
  };
  const screenRef = useRef(screenStream);
  screenRef.current = screenStream;
  trackChanged.current = (kind, track) => {
    if (kind === "video" && screenRef.current) return;
    replaceOutgoingTrack(kind, track);
  };

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

  const { joined } = state;
  // The lobby, lock, removal and mute all (decision 0022).
  const safety = useRoomSafety(roomCode, {
    onAdmitted: () => liveLink.send("JOIN_ROOM", { roomCode }),
    onTurnedAway: () => leaveRoomRef.current(),
    onMutedByHost: () => {
      if (stateRef.current.micOn) toggleMediaRef.current("audio");
    },
  });

  const leaveRoom = useCallback(() => {
    leaving.current = true;
    onLeave();
  }, [onLeave]);
  const leaveRoomRef = useRef(leaveRoom);
  leaveRoomRef.current = leaveRoom;
  const stateRef = useRef(state);
  stateRef.current = state;

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
        // A fresh link for everyone present (stale ones remain after a rejoin); through the SFU nobody needs one.
        disconnect(participant.userId);
        if (callMode.current === "sfu") continue;
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

  // The active speaker, from the links' audio levels and the member's own microphone.
  const { micOn } = state;
  useEffect(() => {
    const levels = new Map(Object.entries(linkStats).map(([userId, stats]) => [Number(userId), stats.audioLevel]));
    if (micOn) levels.set(viewer.id, localAudioLevel);
    setActiveSpeaker((current) => nextActiveSpeaker(current, levels, Date.now()));
  }, [linkStats, localAudioLevel, micOn, viewer.id]);

  const stopScreen = useCallback(() => {
    screenRef.current?.getTracks().forEach((track) => track.stop());
    setScreenStream(null);
    shareScreen(null);
    replaceSfuTrack("video", localStream?.getVideoTracks()[0] ?? null);
    dispatch({ type: "screenSharingChanged", sharing: false, viewerId: viewer.id });
  }, [shareScreen, replaceSfuTrack, localStream, viewer.id]);

  // Stopping the share from the browser's own bar ends it here too; leaving the room stops it.
  useEffect(() => {
    const track = screenStream?.getVideoTracks()[0];
    if (!track) return;
    track.addEventListener("ended", stopScreen);
    return () => track.removeEventListener("ended", stopScreen);
  }, [screenStream, stopScreen]);
  useEffect(() => () => screenRef.current?.getTracks().forEach((track) => track.stop()), []);

  // Every change of the member's own state reaches the room once joined; members see the real state from the start
  // (e.g. after a refused camera), since the server seats everyone with camera and microphone on.
  const media = mediaStateOf(state);
  const announcedMedia = useRef(JSON.stringify(media));
  useEffect(() => {
    const current = JSON.stringify(media);
    if (!joined || announcedMedia.current === current) return;
    announcedMedia.current = current;
    liveLink.send("MEDIA_STATE", { roomCode, ...media });
  });
  useLiveEvent("ERROR", (error) => {
    toast({ title: "Error", description: error.message, variant: "destructive" });
    if (!joined) leaveRoom();
  });
  useLiveEvent("CHAT_MESSAGE", (message) => dispatch({ type: "chatMessage", message }));
  useLiveEvent("CHAT_MESSAGE_SENT", (message) => dispatch({ type: "chatMessage", message }));
  useLiveEvent("MESSAGE_HIDDEN", ({ messageId }) => dispatch({ type: "chatHidden", messageId }));

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
    const next = mediaStateOf(roomReducer(state, { type: "toggleMedia", kind, viewerId: viewer.id }));
    const tracks = kind === "video" ? localStream?.getVideoTracks() : localStream?.getAudioTracks();
    tracks?.forEach((track) => (track.enabled = kind === "video" ? next.video : next.audio));
    dispatch({ type: "toggleMedia", kind, viewerId: viewer.id });
  };
  const toggleMediaRef = useRef(toggleMedia);
  toggleMediaRef.current = toggleMedia;

  const toggleScreen = async () => {
    if (screenStream) return stopScreen();
    try {
      const captured = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
      const [track] = captured.getVideoTracks();
      if (!track) return;
      setScreenStream(captured);
      shareScreen(track);
      sfu.replaceOutgoingTrack("video", track);
      dispatch({ type: "screenSharingChanged", sharing: true, viewerId: viewer.id });
    } catch {
      // The member closed the browser's picker: nothing is shared.
    }
  };

  const handleSelectDevice = (kind: DeviceKind, deviceId: string) => {
    selectDevice(kind, deviceId).catch(() =>
      toast({ title: texts.mediaAccessTitle, description: texts.mediaAccess, variant: "destructive" }),
    );
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
  const everyone = [me, ...others];

  const tile = (p: Participant, size: "grid" | "stage" | "strip") =>
    p.userId === viewer.id ? (
      <VideoTile
        key={p.userId}
        stream={screenStream ?? localStream}
        name={viewer.displayName}
        isLocal
        isHost={me.isHost}
        video={state.cameraOn}
        audio={state.micOn}
        handRaised={state.handRaised}
        screenSharing={state.screenSharing}
        speaking={activeSpeaker?.userId === viewer.id && others.length > 0}
        size={size}
      />
    ) : (
      <VideoTile
        key={p.userId}
        stream={remoteStreams[p.userId] ?? null}
        name={p.displayName}
        isLocal={false}
        isHost={p.isHost}
        video={p.video}
        audio={p.audio}
        handRaised={p.handRaised}
        screenSharing={p.screenSharing}
        quality={linkStats[p.userId]?.quality ?? "unknown"}
        speaking={activeSpeaker?.userId === p.userId}
        size={size}
      />
    );
  const { stage, strip } = speakerStage(everyone, viewer.id, activeSpeaker?.userId ?? null);
  const byId = new Map(everyone.map((p) => [p.userId, p]));
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Conference Room: {room.name}</h1>
          <p className="text-sm text-muted-foreground">
            {joined
              ? `${memberCount} ${memberCount === 1 ? "participant" : "participants"}`
              : safety.waiting
                ? "Waiting for the host…"
                : "Connecting…"}
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

      {safety.waiting && !joined ? <LobbyWaiting name={room.name} /> : null}
      <div className="grid gap-4 lg:grid-cols-[1fr_auto]">
        <div ref={stageRef} className={cn("flex flex-col gap-3", state.fullscreen && "bg-background p-4")}>
          {state.layout === "grid" ? (
            <div
              className="grid gap-3"
              style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
              data-testid="video-grid"
              data-columns={columns}
            >
              {everyone.map((p) => tile(p, "grid"))}
            </div>
          ) : (
            <div className="flex flex-col gap-3" data-testid="speaker-view">
              {tile(byId.get(stage) ?? me, "stage")}
              <div className="flex gap-3 overflow-x-auto pb-1">{strip.map((userId) => tile(byId.get(userId) ?? me, "strip"))}</div>
            </div>
          )}
          {state.showDevices && localStream ? <DeviceSettings devices={devices} selected={selected} onSelect={handleSelectDevice} /> : null}
          <RoomControls
            state={state}
            hasMedia={localStream !== null}
            canShareScreen={typeof navigator.mediaDevices?.getDisplayMedia === "function"}
            onToggleMedia={toggleMedia}
            onTogglePanel={(panel) => dispatch({ type: "togglePanel", panel })}
            onToggleFullscreen={() => void toggleFullscreen()}
            onToggleScreen={() => void toggleScreen()}
            onToggleHand={() => dispatch({ type: "toggleHand", viewerId: viewer.id })}
            onToggleLayout={() => dispatch({ type: "toggleLayout" })}
          />
        </div>

        {state.showChat || state.showParticipants || (joined && me.isHost) ? (
          <div className="flex w-full flex-col gap-4 lg:w-80">
            {joined && me.isHost ? (
              <HostPanel roomCode={roomCode} safety={safety} participants={state.participants} viewerId={viewer.id} />
            ) : null}
            {state.showParticipants ? <ParticipantsPanel participants={state.participants} viewerId={viewer.id} /> : null}
            {state.showChat ? <RoomChat chat={state.chat} viewerId={viewer.id} connected={connected} onSend={handleSend} /> : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
