import { useWatch } from "react-hook-form";
import { z } from "zod";
import { Hand, Mic, MicOff, MonitorUp, Send, Video, VideoOff } from "lucide-react";
import { type ChatMessage, type Participant, chatTextSchema } from "@shared/contracts/live";
import { UserAvatar } from "@web/components/ui/avatar";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { FormField } from "@web/components/ui/form-field";
import { Input } from "@web/components/ui/input";
import { ReportMessageButton } from "@web/features/moderation/report-message-button";
import { maxLengthOf, useSchemaForm } from "@web/lib/forms";

/** The participants panel: each member with Host, a raised hand, a shared screen, and their microphone and camera state. */
export function ParticipantsPanel({ participants, viewerId }: { participants: Participant[]; viewerId: number }) {
  return (
    <Card className="p-4" role="region" aria-label="Participants">
      <h2 className="mb-2 font-semibold">Participants ({participants.length})</h2>
      <ul className="flex flex-col gap-2">
        {participants.map((p) => (
          <li key={p.userId} className="flex items-center gap-2 text-sm" data-testid="participant">
            <UserAvatar displayName={p.displayName} size="sm" />
            <span className="flex-1 truncate">
              {p.displayName}
              {p.userId === viewerId ? " (You)" : ""}
            </span>
            {p.isHost ? <Badge variant="soft">Host</Badge> : null}
            {p.handRaised ? <Hand className="size-4 text-amber-500" aria-label="Hand raised" role="img" /> : null}
            {p.screenSharing ? <MonitorUp className="size-4 text-primary" aria-label="Sharing screen" role="img" /> : null}
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
  );
}

/** The room chat's one field, with the live contract's rule for a chat message. */
const roomChatSchema = z.object({ message: chatTextSchema });

type RoomChatProps = {
  chat: ChatMessage[];
  viewerId: number;
  connected: boolean;
  /** Sends the text; false when the live link is down (the text is kept). */
  onSend: (text: string) => boolean;
};

/** The room chat: messages as they come, and the composer (Send is disabled while the text is blank or the link is down). */
export function RoomChat({ chat, viewerId, connected, onSend }: RoomChatProps) {
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useSchemaForm(roomChatSchema, { defaultValues: { message: "" } });
  const draft = useWatch({ control, name: "message" }) ?? "";
  const handleSend = ({ message }: { message: string }) => {
    if (onSend(message.trim())) reset();
  };
  return (
    <Card className="flex h-80 flex-col p-4" role="region" aria-label="Room chat">
      <h2 className="mb-2 font-semibold">Chat</h2>
      <ol className="flex flex-1 flex-col gap-1.5 overflow-y-auto text-sm" aria-live="polite">
        {chat.length === 0 ? <li className="text-muted-foreground">No messages yet.</li> : null}
        {chat.map((m) => (
          <li key={m.clientId ?? m.id}>
            <span className="font-medium">{m.senderId === viewerId ? "You" : (m.senderName ?? "Member")}: </span>
            {m.message}
            {m.senderId !== viewerId && m.id > 0 ? (
              <span className="text-xs text-muted-foreground">
                {" "}
                <ReportMessageButton messageId={m.id} senderName={m.senderName ?? "a member"} />
              </span>
            ) : null}
          </li>
        ))}
      </ol>
      <form onSubmit={handleSubmit(handleSend)} noValidate className="mt-2 flex items-start gap-2">
        <FormField id="room-chat-input" label="Message the room" hideLabel error={errors.message?.message} className="flex-1 gap-1">
          {(aria) => (
            <Input
              {...aria}
              placeholder="Type a message..."
              autoComplete="off"
              maxLength={maxLengthOf(chatTextSchema)}
              {...register("message")}
            />
          )}
        </FormField>
        <Button type="submit" size="icon" disabled={!draft.trim() || !connected} aria-label="Send message">
          <Send aria-hidden="true" />
        </Button>
      </form>
    </Card>
  );
}
