import {
  Hand,
  LayoutGrid,
  Maximize,
  MessageSquare,
  Mic,
  MicOff,
  Minimize,
  MonitorOff,
  MonitorUp,
  Presentation,
  Settings,
  Users,
  Video,
  VideoOff,
} from "lucide-react";
import { Button } from "@web/components/ui/button";
import type { RoomState } from "./room-state";

type RoomControlsProps = {
  state: Pick<
    RoomState,
    "cameraOn" | "micOn" | "showChat" | "showParticipants" | "fullscreen" | "handRaised" | "screenSharing" | "layout" | "showDevices"
  >;
  /** False without a camera and microphone: there is nothing to turn on or off. */
  hasMedia: boolean;
  /** False where the browser can't capture a screen (most phones). */
  canShareScreen: boolean;
  onToggleMedia: (kind: "video" | "audio") => void;
  onTogglePanel: (panel: "chat" | "participants" | "devices") => void;
  onToggleFullscreen: () => void;
  onToggleScreen: () => void;
  onToggleHand: () => void;
  onToggleLayout: () => void;
};

/** The call controls: camera, microphone, screen, hand, layout, devices, the chat and participants panels, and fullscreen. */
export function RoomControls(props: RoomControlsProps) {
  const {
    state,
    hasMedia,
    canShareScreen,
    onToggleMedia,
    onTogglePanel,
    onToggleFullscreen,
    onToggleScreen,
    onToggleHand,
    onToggleLayout,
  } = props;
  const { cameraOn, micOn, showChat, showParticipants, fullscreen, handRaised, screenSharing, layout, showDevices } = state;
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
        variant={screenSharing ? "default" : "secondary"}
        size="icon"
        onClick={onToggleScreen}
        aria-pressed={screenSharing}
        aria-label={screenSharing ? "Stop sharing screen" : "Share screen"}
        disabled={!hasMedia || !canShareScreen}
      >
        {screenSharing ? <MonitorOff aria-hidden="true" /> : <MonitorUp aria-hidden="true" />}
      </Button>
      <Button
        variant={handRaised ? "default" : "secondary"}
        size="icon"
        onClick={onToggleHand}
        aria-pressed={handRaised}
        aria-label={handRaised ? "Lower hand" : "Raise hand"}
      >
        <Hand aria-hidden="true" />
      </Button>
      <Button variant="outline" size="icon" onClick={onToggleLayout} aria-label={layout === "grid" ? "Speaker view" : "Grid view"}>
        {layout === "grid" ? <Presentation aria-hidden="true" /> : <LayoutGrid aria-hidden="true" />}
      </Button>
      <Button
        variant={showDevices ? "default" : "outline"}
        size="icon"
        onClick={() => onTogglePanel("devices")}
        aria-pressed={showDevices}
        aria-label="Camera and microphone settings"
        disabled={!hasMedia}
      >
        <Settings aria-hidden="true" />
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
