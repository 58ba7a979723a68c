import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { Copy, LogOut, Maximize, MessageSquare, Mic, MicOff, Minimize, Send, Users, Video, VideoOff } from "lucide-react";
import type { ChatMessage, Participant } from "@shared/contracts/live";
import type { IceServers } from "@shared/contracts/rooms";
import type { User } from "@shared/contracts/users";
import { videoGridColumns } from "@shared/format";
import { messages as texts } from "@shared/messages";
import { UserAvatar } from "@web/components/ui/avatar";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { Input } from "@web/components/ui/input";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { liveLink, useLiveEvent, useLiveLink } from "@web/lib/live";
import { toast } from "@web/lib/use-toast";
import { cn } from "@web/lib/utils";
import { usePeerMesh } from "./use-peer-mesh";

export type ActiveRoom = { roomCode: string; name: string };

function VideoTile({
  stream,
  name,
  isLocal,
  isHost,
  video,
  audio,
}: {
  stream: MediaStream | null;
  name: string;
  isLocal: boolean;
  isHost: boolean;
  video: boolean;
  audio: boolean;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  const showVideo = Boolean(stream) && video;
  return (
    <figure
      className="relative flex aspect-video items-center justify-center overflow-hidden rounded-xl bg-neutral-900"
      data-testid="video-tile"
      data-user={name}
      data-camera={video ? "on" : "off"}
      data-microphone={audio ? "on" : "off"}
    >
      <video
        ref={ref}
        autoPlay
        playsInline
        muted={isLocal}
        className={cn("size-full object-cover", !showVideo && "hidden")}
        aria-label={`${name}'s video`}
      />
      {!showVideo ? <UserAvatar displayName={name} size="lg" /> : null}
      <figcaption className="absolute bottom-2 left-2 flex items-center gap-1.5 rounded-md bg-black/60 px-2 py-1 text-xs text-white">
        {isLocal ? `${name} (You)` : name}
        {isHost ? <span className="font-semibold">· Host</span> : null}
        {!audio ? <MicOff className="size-3.5" aria-label="Microphone off" role="img" /> : null}
        {!video ? <VideoOff className="size-3.5" aria-label="Camera off" role="img" /> : null}
      </figcaption>
    </figure>
  );
}

async function copyText(text: string) {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement("textarea");
  area.value = text;
  document.body.append(area);
  area.select();
  document.execCommand("copy");
  area.remove();
}

let chatCounter = 0;

/** In a room: the video grid, camera/microphone/fullscreen controls, room chat and participants (spec §2, §4). */
export function ConferenceRoom({ room, viewer, onLeave }: { room: ActiveRoom; viewer: User; onLeave: () => void }) {
  useDocumentTitle(`Conference Room: ${room.name}`);
  const { roomCode } = room;
  const { connected } = useLiveLink();
  const ice = useQuery<IceServers>({ queryKey: ["/api/rooms/ice-servers"] });
  const [localStream, setLocalStream] = useState<MediaStream | null>(null);
  const [mediaReady, setMediaReady] = useState(false);
  const [participants, setParticipants] = useState<Participant[]>([]);
  const [joined, setJoined] = useState(false);
  const [cameraOn, setCameraOn] = useState(true);
  const [micOn, setMicOn] = useState(true);
  const [showChat, setShowChat] = useState(true);
  const [showParticipants, setShowParticipants] = useState(true);
  const [fullscreen, setFullscreen] = useState(false);
  const [chat, setChat] = useState<ChatMessage[]>([]);
  const [draft, setDraft] = useState("");
  const stageRef = useRef<HTMLDivElement>(null);
  const joinSent = useRef(false);
  const leaving = useRef(false);
  const { remoteStreams, offerTo, disconnect, applyBitrate } = usePeerMesh(roomCode, localStream, ice.data?.iceServers);

  // Camera and microphone first, so the offers carry them; a refusal still lets the member listen and chat.
  useEffect(() => {
    let stream: MediaStream | null = null;
    let cancelled = false;
    navigator.mediaDevices
      ?.getUserMedia({ video: true, audio: true })
      .then((granted) => {
        stream = granted;
        if (cancelled) granted.getTracks().forEach((track) => track.stop());
        else setLocalStream(granted);
      })
      .catch(() => {
        if (!cancelled) {
          toast({ title: texts.mediaAccessTitle, description: texts.mediaAccess, variant: "destructive" });
          setCameraOn(false);
          setMicOn(false);
        }
      })
      .finally(() => {
        if (!cancelled) setMediaReady(true);
      });
    if (!navigator.mediaDevices) {
      toast({ title: texts.mediaAccessTitle, description: texts.mediaAccess, variant: "destructive" });
      setCameraOn(false);
      setMicOn(false);
      setMediaReady(true);
    }
    return () => {
      cancelled = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  useEffect(() => {
    if (!mediaReady || !connected || !ice.isFetched || joinSent.current) return;
    joinSent.current = true;
    liveLink.send("JOIN_ROOM", { roomCode });
  }, [mediaReady, connected, ice.isFetched, roomCode]);

  // After a dropped live link the server has let this member go: join again (or learn the room has closed).
  const wasConnected = useRef(connected);
  useEffect(() => {
    if (connected && !wasConnected.current && joinSent.current && !leaving.current) liveLink.send("JOIN_ROOM", { roomCode });
    wasConnected.current = connected;
  }, [connected, roomCode]);

  // Members see this member's real camera/microphone state from the start (e.g. after a refused camera), sent once on joining.
  const mediaStateSent = useRef(false);
  useEffect(() => {
    if (!joined || mediaStateSent.current) return;
    mediaStateSent.current = true;
    if (!cameraOn || !micOn) liveLink.send("MEDIA_STATE", { roomCode, video: cameraOn, audio: micOn });
  }, [joined, cameraOn, micOn, roomCode]);

  const leave = useCallback(() => {
    if (leaving.current) return;
    leaving.current = true;
    if (joinSent.current) liveLink.send("LEAVE_ROOM", { roomCode });
    onLeave();
  }, [onLeave, roomCode]);

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
      setParticipants(payload.participants);
      setJoined(true);
      for (const participant of payload.participants) {
        if (participant.userId === viewer.id) continue;
        // A fresh link for everyone present (stale ones remain after a rejoin).
        disconnect(participant.userId);
        offerTo(participant.userId).catch((error: unknown) => console.error("Could not offer video to a member", error));
      }
      return;
    }
    if (payload.event === "USER_JOINED") {
      setParticipants((current) => [...current.filter((p) => p.userId !== payload.participant.userId), payload.participant]);
    } else if (payload.event === "USER_LEFT") {
      setParticipants((current) => current.filter((p) => p.userId !== payload.userId));
      disconnect(payload.userId);
    } else if (payload.event === "ROOM_CLOSED") {
      toast({ title: texts.roomClosedTitle, description: texts.roomClosed });
      leaving.current = true;
      onLeave();
    }
  });
  useLiveEvent("MEDIA_STATE", (payload) => {
    if (payload.roomCode !== roomCode) return;
    setParticipants((current) =>
      current.map((p) => (p.userId === payload.userId ? { ...p, video: payload.video, audio: payload.audio } : p)),
    );
  });
  useLiveEvent("ERROR", (error) => {
    toast({ title: "Error", description: error.message, variant: "destructive" });
    if (!joined) {
      leaving.current = true;
      onLeave();
    }
  });
  const addChat = (message: ChatMessage) => {
    if (message.roomCode !== roomCode) return;
    setChat((current) => {
      const index = current.findIndex((m) => m.id === message.id || (message.clientId && m.clientId === message.clientId));
      if (index === -1) return [...current, message];
      const copy = [...current];
      copy[index] = message;
      return copy;
    });
  };
  useLiveEvent("CHAT_MESSAGE", addChat);
  useLiveEvent("CHAT_MESSAGE_SENT", addChat);

  // Each new peer link starts at full rate: re-apply the room's budget whenever links come or go.
  useEffect(() => {
    applyBitrate(Math.max(1, participants.length - 1));
  }, [applyBitrate, participants.length, remoteStreams]);

  useEffect(() => {
    const handleChange = () => setFullscreen(document.fullscreenElement !== null);
    document.addEventListener("fullscreenchange", handleChange);
    return () => document.removeEventListener("fullscreenchange", handleChange);
  }, []);

  const toggleMedia = (kind: "video" | "audio") => {
    const next = kind === "video" ? !cameraOn : !micOn;
    const tracks = kind === "video" ? localStream?.getVideoTracks() : localStream?.getAudioTracks();
    tracks?.forEach((track) => (track.enabled = next));
    if (kind === "video") setCameraOn(next);
    else setMicOn(next);
    const state = { video: kind === "video" ? next : cameraOn, audio: kind === "audio" ? next : micOn };
    setParticipants((current) => current.map((p) => (p.userId === viewer.id ? { ...p, ...state } : p)));
    liveLink.send("MEDIA_STATE", { roomCode, ...state });
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

  const handleSend = (event: FormEvent) => {
    event.preventDefault();
    const message = draft.trim();
    if (!message) return;
    const clientId = `r${Date.now()}-${(chatCounter += 1)}`;
    if (!liveLink.send("CHAT_MESSAGE", { message, roomCode, clientId })) {
      toast({ title: texts.connectionLostTitle, description: texts.connectionLost, variant: "destructive" });
      return;
    }
    setDraft("");
  };

  const me: Participant = participants.find((p) => p.userId === viewer.id) ?? {
    userId: viewer.id,
    username: viewer.username,
    displayName: viewer.displayName,
    isHost: false,
    video: cameraOn,
    audio: micOn,
  };
  const others = participants.filter((p) => p.userId !== viewer.id);
  const tiles = 1 + others.length;
  const columns = videoGridColumns(tiles);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Conference Room: {room.name}</h1>
          <p className="text-sm text-muted-foreground">
            {joined ? `${participants.length} ${participants.length === 1 ? "participant" : "participants"}` : "Connecting…"}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void handleCopy()} aria-label={`Copy room code ${roomCode}`}>
            <Copy aria-hidden="true" />
            <span className="font-mono tracking-widest">{roomCode}</span>
          </Button>
          <Button variant="destructive" onClick={leave}>
            <LogOut aria-hidden="true" />
            Leave Conference
          </Button>
        </div>
      </div>

      <div className="grid gap-4 lg:grid-cols-[1fr_auto]">
        <div ref={stageRef} className={cn("flex flex-col gap-3", fullscreen && "bg-background p-4")}>
          <div
            className="grid gap-3"
            style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
            data-testid="video-grid"
            data-columns={columns}
          >
            <VideoTile stream={localStream} name={viewer.displayName} isLocal isHost={me.isHost} video={cameraOn} audio={micOn} />
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
          <div className="flex flex-wrap items-center justify-center gap-2" role="toolbar" aria-label="Call controls">
            <Button
              variant={cameraOn ? "secondary" : "destructive"}
              size="icon"
              onClick={() => toggleMedia("video")}
              aria-pressed={!cameraOn}
              aria-label={cameraOn ? "Turn camera off" : "Turn camera on"}
              disabled={!localStream}
            >
              {cameraOn ? <Video aria-hidden="true" /> : <VideoOff aria-hidden="true" />}
            </Button>
            <Button
              variant={micOn ? "secondary" : "destructive"}
              size="icon"
              onClick={() => toggleMedia("audio")}
              aria-pressed={!micOn}
              aria-label={micOn ? "Mute microphone" : "Unmute microphone"}
              disabled={!localStream}
            >
              {micOn ? <Mic aria-hidden="true" /> : <MicOff aria-hidden="true" />}
            </Button>
            <Button
              variant={showChat ? "default" : "outline"}
              size="icon"
              onClick={() => setShowChat((v) => !v)}
              aria-pressed={showChat}
              aria-label="Chat"
            >
              <MessageSquare aria-hidden="true" />
            </Button>
            <Button
              variant={showParticipants ? "default" : "outline"}
              size="icon"
              onClick={() => setShowParticipants((v) => !v)}
              aria-pressed={showParticipants}
              aria-label="Participants"
            >
              <Users aria-hidden="true" />
            </Button>
            <Button
              variant="outline"
              size="icon"
              onClick={() => void toggleFullscreen()}
              aria-label={fullscreen ? "Exit fullscreen" : "Fullscreen"}
            >
              {fullscreen ? <Minimize aria-hidden="true" /> : <Maximize aria-hidden="true" />}
            </Button>
          </div>
        </div>

        {showChat || showParticipants ? (
          <div className="flex w-full flex-col gap-4 lg:w-80">
            {showParticipants ? (
              <Card className="p-4" role="region" aria-label="Participants">
                <h2 className="mb-2 font-semibold">Participants ({participants.length})</h2>
                <ul className="flex flex-col gap-2">
                  {participants.map((p) => (
                    <li key={p.userId} className="flex items-center gap-2 text-sm" data-testid="participant">
                      <UserAvatar displayName={p.displayName} size="sm" />
                      <span className="flex-1 truncate">
                        {p.displayName}
                        {p.userId === viewer.id ? " (You)" : ""}
                      </span>
                      {p.isHost ? <Badge variant="soft">Host</Badge> : null}
                      {p.audio ? (
                        <Mic className="size-4 text-muted-foreground" aria-label="Microphone on" role="img" />
                      ) : (
                        <MicOff className="size-4 text-destructive" aria-label="Microphone off" role="img" />
                      )}
                      {p.video ? (
                        <Video className="size-4 text-muted-foreground" aria-label="Camera on" role="img" />
                      ) : (
                        <VideoOff className="size-4 text-destructive" aria-label="Camera off" role="img" />
                      )}
                    </li>
                  ))}
                </ul>
              </Card>
            ) : null}
            {showChat ? (
              <Card className="flex h-80 flex-col p-4" role="region" aria-label="Room chat">
                <h2 className="mb-2 font-semibold">Chat</h2>
                <ol className="flex flex-1 flex-col gap-1.5 overflow-y-auto text-sm" aria-live="polite">
                  {chat.length === 0 ? <li className="text-muted-foreground">No messages yet.</li> : null}
                  {chat.map((m) => (
                    <li key={m.clientId ?? m.id}>
                      <span className="font-medium">{m.senderId === viewer.id ? "You" : (m.senderName ?? "Member")}: </span>
                      {m.message}
                    </li>
                  ))}
                </ol>
                <form onSubmit={handleSend} className="mt-2 flex gap-2">
                  <label htmlFor="room-chat-input" className="sr-only">
                    Message the room
                  </label>
                  <Input
                    id="room-chat-input"
                    value={draft}
                    onChange={(e) => setDraft(e.target.value)}
                    placeholder="Type a message..."
                    autoComplete="off"
                    maxLength={4000}
                  />
                  <Button type="submit" size="icon" disabled={!draft.trim() || !connected} aria-label="Send message">
                    <Send aria-hidden="true" />
                  </Button>
                </form>
              </Card>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
