import { useEffect, useRef } from "react";
import { formatTime } from "@shared/format";
import { useWatch } from "react-hook-form";
import { z } from "zod";
import { MessageCircle, Send } from "lucide-react";
import { type ChatMessage, chatTextSchema } from "@shared/contracts/live";
import { messages as texts } from "@shared/messages";
import { UserAvatar } from "@web/components/ui/avatar";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { FormField } from "@web/components/ui/form-field";
import { ReportMessageButton } from "@web/features/moderation/report-message-button";
import { Input } from "@web/components/ui/input";
import { maxLengthOf, useSchemaForm } from "@web/lib/forms";
import { liveLink } from "@web/lib/live";
import { useClientIds } from "@web/lib/use-client-ids";
import { toast } from "@web/lib/use-toast";
import { cn } from "@web/lib/utils";

/** Typing stops being shown this long after the last keystroke event. */
export const TYPING_TIMEOUT_MS = 4000;

export type ConversationPeer = { kind: "user" | "group"; id: number; name: string; imageUrl?: string | null; subtitle: string };

type Props = {
  viewerId: number;
  peer: ConversationPeer;
  messages: ChatMessage[];
  loading: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  connected: boolean;
  /** Who is typing here right now (display names). */
  typing: string[];
  /** When the other member last read the conversation (read receipts), if they share it. */
  readUpTo: string | null;
  onSent: (message: ChatMessage) => void;
};

/** The composer's one field, with the live contract's rule for a chat message. */
const composerSchema = z.object({ message: chatTextSchema });

/** One conversation: its messages, typing indicator, read receipt and the composer (spec §5 send rules). */
export function ConversationPanel(props: Props) {
  const { viewerId, peer, messages, connected, typing, readUpTo } = props;
  const nextClientId = useClientIds("c");
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useSchemaForm(composerSchema, { defaultValues: { message: "" } });
  const text = useWatch({ control, name: "message" }) ?? "";
  const listRef = useRef<HTMLOListElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const typingSentAt = useRef(0);
  const stopTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const target = peer.kind === "user" ? { receiverId: peer.id } : { groupId: peer.id };

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages.length, peer.id]);

  // On a narrow screen the panel sits below the contact list: bring it into view when a conversation opens.
  useEffect(() => {
    if (window.matchMedia("(max-width: 1023px)").matches) panelRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  }, [peer.kind, peer.id]);

  useEffect(
    () => () => {
      if (stopTimer.current) clearTimeout(stopTimer.current);
    },
    [],
  );

  const sendTyping = (isTyping: boolean) => {
    liveLink.send("TYPING", { ...target, isTyping });
  };

  const handleChange = (value: string) => {
    const now = Date.now();
    if (value.trim() && now - typingSentAt.current > 2000) {
      typingSentAt.current = now;
      sendTyping(true);
    }
    if (stopTimer.current) clearTimeout(stopTimer.current);
    stopTimer.current = setTimeout(() => {
      typingSentAt.current = 0;
      sendTyping(false);
    }, 3000);
  };

  const handleSend = (input: { message: string }) => {
    if (!peer.id) {
      toast({ title: texts.cannotSendTitle, description: texts.cannotSend, variant: "destructive" });
      return;
    }
    const message = input.message.trim();
    if (!message) return;
    const clientId = nextClientId();
    if (!liveLink.send("CHAT_MESSAGE", { message, ...target, clientId })) {
      toast({ title: texts.connectionLostTitle, description: texts.connectionLost, variant: "destructive" });
      return;
    }
    const now = new Date().toISOString();
    props.onSent({
      id: -Date.now(),
      senderId: viewerId,
      receiverId: peer.kind === "user" ? peer.id : null,
      groupId: peer.kind === "group" ? peer.id : null,
      roomCode: null,
      message,
      content: message,
      createdAt: now,
      timestamp: now,
      readAt: null,
      clientId,
    });
    reset();
    typingSentAt.current = 0;
    sendTyping(false);
  };

  // The read receipt sits under the last of the viewer's messages the other member has read.
  const lastSeenId = (() => {
    if (peer.kind !== "user") return null;
    for (const m of [...messages].reverse()) {
      if (m.senderId !== viewerId || m.id < 0) continue;
      if (m.readAt || (readUpTo && m.createdAt <= readUpTo)) return m.id;
    }
    return null;
  })();

  return (
    <Card
      ref={panelRef}
      // scroll-margin: brought into view below the sticky header, not under it.
      className="flex h-[70vh] scroll-mt-[calc(var(--header-height,4.5rem)+1rem)] flex-col overflow-hidden"
      aria-label={`Conversation with ${peer.name}`}
      role="region"
    >
      <div className="flex items-center gap-3 border-b border-border p-4">
        <UserAvatar displayName={peer.name} imageUrl={peer.imageUrl} />
        <div className="min-w-0">
          <h2 className="truncate font-semibold">{peer.name}</h2>
          <p className="text-xs text-muted-foreground" data-testid="peer-status">
            {peer.subtitle}
          </p>
        </div>
      </div>
      <ol ref={listRef} className="flex flex-1 flex-col gap-2 overflow-y-auto p-4" aria-label="Messages" aria-live="polite">
        {props.hasOlder ? (
          <li className="self-center">
            <Button size="sm" variant="ghost" onClick={props.onLoadOlder} disabled={props.loadingOlder}>
              {props.loadingOlder ? "Loading…" : "Load earlier messages"}
            </Button>
          </li>
        ) : null}
        {props.loading ? <li className="self-center text-sm text-muted-foreground">Loading messages…</li> : null}
        {!props.loading && messages.length === 0 ? (
          <li className="m-auto flex flex-col items-center gap-2 text-center text-sm text-muted-foreground">
            <MessageCircle className="size-8" aria-hidden="true" />
            No messages yet. Say hello!
          </li>
        ) : null}
        {messages.map((m) => {
          const mine = m.senderId === viewerId;
          return (
            <li
              key={m.clientId ?? m.id}
              className={cn("flex max-w-[80%] flex-col", mine ? "items-end self-end" : "items-start self-start")}
            >
              {!mine && peer.kind === "group" ? (
                <span className="mb-0.5 text-xs font-medium text-muted-foreground">{m.senderName}</span>
              ) : null}
              <p
                className={cn(
                  "rounded-2xl px-3.5 py-2 text-sm break-words whitespace-pre-wrap",
                  mine ? "rounded-br-sm bg-primary text-primary-foreground" : "rounded-bl-sm bg-muted text-foreground",
                  m.id < 0 && "opacity-70",
                )}
              >
                {m.message}
              </p>
              <span className="mt-0.5 text-[11px] text-muted-foreground">
                <time dateTime={m.createdAt}>{formatTime(m.createdAt)}</time>
                {m.id === lastSeenId ? " · Seen" : m.id < 0 ? " · Sending…" : ""}
                {!mine && m.id > 0 ? <ReportMessageButton messageId={m.id} senderName={m.senderName ?? peer.name} /> : null}
              </span>
            </li>
          );
        })}
      </ol>
      <p className="min-h-5 px-4 text-xs text-muted-foreground italic" aria-live="polite">
        {typing.length > 0 ? `${typing.join(", ")} ${typing.length === 1 ? "is" : "are"} typing…` : ""}
      </p>
      <form onSubmit={handleSubmit(handleSend)} noValidate className="flex items-start gap-2 border-t border-border p-3">
        <FormField
          id="chat-message-input"
          label={`Message ${peer.name}`}
          hideLabel
          error={errors.message?.message}
          className="flex-1 gap-1"
        >
          {(aria) => (
            <Input
              {...aria}
              placeholder="Type a message..."
              autoComplete="off"
              maxLength={maxLengthOf(chatTextSchema)}
              {...register("message", { onChange: (event: { target: { value: string } }) => handleChange(event.target.value) })}
            />
          )}
        </FormField>
        <Button type="submit" disabled={!text.trim() || !connected} aria-label="Send message">
          <Send aria-hidden="true" />
          <span className="hidden sm:inline">Send</span>
        </Button>
      </form>
    </Card>
  );
}
