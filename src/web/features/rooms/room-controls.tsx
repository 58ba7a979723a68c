import { Maximize, MessageSquare, Mic, MicOff, Minimize, Users, Video, VideoOff } from "lucide-react";
import { Button } from "@web/components/ui/button";
import type { RoomState } from "./room-state";

type RoomControlsProps = {
  state: Pick<RoomState, "cameraOn" | "micOn" | "showChat" | "showParticipants" | "fullscreen">;
  /** False without a camera and microphone: there is nothing to turn on or off. */
  hasMedia: boolean;
  onToggleMedia: (kind: "video" | "audio") => void;
  onTogglePanel: (panel: "chat" | "participants") => void;
  onToggleFullscreen: () => void;
};

/** The call controls: camera, microphone, the chat and participants panels, and fullscreen. */
export function RoomControls({ state, hasMedia, onToggleMedia, onTogglePanel, onToggleFullscreen }: RoomControlsProps) {
  const { cameraOn, micOn, showChat, showParticipants, fullscreen } = state;
  return (
    <div className="flex flex-wrap items-center justify-center gap-2" role="toolbar" aria-label="Call controls">
      <Button
        variant={cameraOn ? "secondary" : "destructive"}
        size="icon"
        onClick={() => onToggleMedia("video")}
        aria-pressed={!cameraOn}
        aria-label={cameraOn ? "Turn camera off" : "Turn camera on"}
        disabled={!hasMedia}
      >
        {cameraOn ? <Video aria-hidden="true" /> : <VideoOff aria-hidden="true" />}
      </Button>
      <Button
        variant={micOn ? "secondary" : "destructive"}
        size="icon"
        onClick={() => onToggleMedia("audio")}
        aria-pressed={!micOn}
        aria-label={micOn ? "Mute microphone" : "Unmute microphone"}
        disabled={!hasMedia}
      >
        {micOn ? <Mic aria-hidden="true" /> : <MicOff aria-hidden="true" />}
      </Button>
      <Button
        variant={showChat ? "default" : "outline"}
        size="icon"
        onClick={() => onTogglePanel("chat")}
        aria-pressed={showChat}
        aria-label="Chat"
      >
        <MessageSquare aria-hidden="true" />
      </Button>
      <Button
        variant={showParticipants ? "default" : "outline"}
        size="icon"
        onClick={() => onTogglePanel("participants")}
        aria-pressed={showParticipants}
        aria-label="Participants"
      >
        <Users aria-hidden="true" />
      </Button>
      <Button variant="outline" size="icon" onClick={onToggleFullscreen} aria-label={fullscreen ? "Exit fullscreen" : "Fullscreen"}>
        {fullscreen ? <Minimize aria-hidden="true" /> : <Maximize aria-hidden="true" />}
      </Button>
    </div>
  );
}
