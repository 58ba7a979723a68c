import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { useInfiniteQuery, useMutation } from "@tanstack/react-query";
import { EyeOff, HandHeart, MessageSquare, MicOff, Send } from "lucide-react";
import { STREAM_CHAT_MAX_LENGTH, type StreamChatMessage } from "@shared/contracts/live";
import type { LiveBroadcast } from "@shared/contracts/streaming";
import { Button } from "@web/components/ui/button";
import { LoadMoreButton } from "@web/components/ui/load-more";
import { Card, CardContent, CardDescription, CardHeader } from "@web/components/ui/card";
import { Input } from "@web/components/ui/input";
import { Textarea } from "@web/components/ui/textarea";
import { useAuth } from "@web/features/auth/use-auth";
import { callRoute, errorMessage, routeKey } from "@web/lib/api";
import { listPagesQuery } from "@web/lib/list-pages";
import { useLiveEvent, useLiveLink } from "@web/lib/live";
import { toast } from "@web/lib/use-toast";

/** The refusals of a chat message the panel shows under the box (other ERRORs belong to other screens). */
const CHAT_ERRORS = new Set(["slow_mode", "chat_muted", "chat_closed", "invalid_payload", "rate_limited"]);
const SLOW_MODE_CHOICES = [0, 5, 10, 30, 60];
const PAGE = 50;

/** "Request prayer": a private message to the care team (the admins while there is none). */
function RequestPrayer() {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const id = useId();
  const send = useMutation({
    mutationFn: () => callRoute("POST /api/streaming/prayer", { body: { message: text } }),
    onSuccess: () => {
      setText("");
      setOpen(false);
      toast({ title: "Prayer Request Sent", description: "Your request was sent privately to the care team." });
    },
    onError: (error) => toast({ title: "Error", description: errorMessage(error, "Failed to send your request"), variant: "destructive" }),
  });
  if (!open)
    return (
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <HandHeart aria-hidden="true" />
        Request prayer
      </Button>
    );
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        send.mutate();
      }}
    >
      <label htmlFor={id} className="text-sm font-medium">
        Prayer request (only the care team sees it)
      </label>
      <Textarea id={id} value={text} onChange={(event) => setText(event.target.value)} maxLength={2000} rows={3} required />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={send.isPending || text.trim() === ""}>
          Send to the care team
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Admin tools of the chat: slow mode. */
function SlowModeControl({ chatKey, seconds }: { chatKey: string; seconds: number }) {
  const id = useId();
  const set = useMutation({
    mutationFn: (value: number) => callRoute("PUT /api/streaming/chat/slow-mode", { body: { chatKey, seconds: value } }),
    onError: (error) => toast({ title: "Error", description: errorMessage(error, "Failed to set slow mode"), variant: "destructive" }),
  });
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id}>Slow mode</label>
      <select
        id={id}
        className="h-8 rounded-md border border-input bg-background px-2"
        value={seconds}
        onChange={(event) => set.mutate(Number(event.target.value))}
      >
        {SLOW_MODE_CHOICES.map((value) => (
          <option key={value} value={value}>
            {value === 0 ? "Off" : `${value} s`}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The chat of the service on now, for a signed-in member: history, live messages, moderation for admins. */
function ChatPanel({ live, userId, isAdmin }: { live: LiveBroadcast; userId: number; isAdmin: boolean }) {
  const { chatKey } = live;
  const { connected, send } = useLiveLink();
  const history = useInfiniteQuery(
    listPagesQuery<StreamChatMessage>(routeKey("GET /api/streaming/chat", { query: { chatKey, limit: PAGE } })),
  );
  const [arrived, setArrived] = useState<StreamChatMessage[]>([]);
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const [slowMode, setSlowMode] = useState(live.slowModeSeconds);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const sentAt = useRef(0);
  const list = useRef<HTMLOListElement>(null);
  const inputId = useId();

  useEffect(() => setSlowMode(live.slowModeSeconds), [live.slowModeSeconds]);
  useEffect(() => {
    setArrived([]);
    setHidden(new Set());
  }, [chatKey]);
  const { refetch } = history;
  useEffect(() => {
    if (!connected) return;
    send("STREAM_CHAT_JOIN", { chatKey });
    // The history may have been read before the join (carried with the page, or while the link was down): what was
    // said in between reached neither, so it is read again now that new messages arrive live.
    void refetch();
  }, [connected, send, chatKey, refetch]);

  useLiveEvent("STREAM_CHAT", (message) => {
    if (message.chatKey !== chatKey) return;
    if (message.userId === userId) setError(null);
    setArrived((current) => (current.some((m) => m.id === message.id) ? current : [...current, message]));
  });
  useLiveEvent("STREAM_CHAT_HIDDEN", (event) => {
    if (event.chatKey === chatKey) setHidden((current) => new Set(current).add(event.messageId));
  });
  useLiveEvent("STREAM_CHAT_SETTINGS", (event) => {
    if (event.chatKey === chatKey) setSlowMode(event.slowModeSeconds);
  });
  useLiveEvent("ERROR", (event) => {
    if (event.code && CHAT_ERRORS.has(event.code) && Date.now() - sentAt.current < 10_000) setError(event.message);
  });

  const messages = useMemo(() => {
    const stored = [...(history.data?.pages ?? [])].reverse().flatMap((page) => page.items);
    const seen = new Set(stored.map((m) => m.id));
    return [...stored, ...arrived.filter((m) => !seen.has(m.id))].filter((m) => !hidden.has(m.id));
  }, [history.data, arrived, hidden]);

  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [messages.length]);

  const hide = useMutation({
    mutationFn: (id: number) => callRoute("POST /api/streaming/chat/messages/:id/hide", { params: { id } }),
    onError: (e) => toast({ title: "Error", description: errorMessage(e, "Failed to hide the message"), variant: "destructive" }),
  });
  const mute = useMutation({
    mutationFn: (target: number) => callRoute("POST /api/streaming/chat/mutes", { body: { chatKey, userId: target } }),
    onSuccess: () => toast({ title: "Member Muted", description: "They can't write in this service's chat any more." }),
    onError: (e) => toast({ title: "Error", description: errorMessage(e, "Failed to mute the member"), variant: "destructive" }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const message = text.trim();
    if (!message) return;
    setError(null);
    sentAt.current = Date.now();
    if (!send("STREAM_CHAT", { chatKey, message })) {
      setError("Connection lost. Your message was not sent; try again in a moment.");
      return;
    }
    setText("");
  }

  return (
    <>
      <LoadMoreButton
        query={history}
        label="Load earlier messages"
        loadingLabel="Load earlier messages"
        variant="ghost"
        size="sm"
        className=""
      />
      <ol ref={list} role="log" aria-label="Chat messages" className="flex max-h-96 min-h-40 flex-col gap-2 overflow-y-auto">
        {messages.length === 0 ? <li className="text-sm text-muted-foreground">No messages yet. Say hello!</li> : null}
        {messages.map((message) => (
          <li key={message.id} className="group flex flex-col rounded-md px-2 py-1 hover:bg-accent" data-testid="live-chat-message">
            <span className="text-xs font-semibold">{message.displayName}</span>
            <span className="text-sm break-words">{message.message}</span>
            {isAdmin && message.userId !== userId ? (
              <span className="flex gap-1">
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => hide.mutate(message.id)}
                  aria-label={`Hide message from ${message.displayName}`}
                >
                  <EyeOff aria-hidden="true" />
                  Hide
                </Button>
                <Button variant="ghost" size="sm" onClick={() => mute.mutate(message.userId)} aria-label={`Mute ${message.displayName}`}>
                  <MicOff aria-hidden="true" />
                  Mute
                </Button>
              </span>
            ) : null}
          </li>
        ))}
      </ol>
      <form onSubmit={submit} className="flex flex-col gap-1">
        <div className="flex gap-2">
          <label htmlFor={inputId} className="sr-only">
            Chat message
          </label>
          <Input
            id={inputId}
            value={text}
            onChange={(event) => setText(event.target.value)}
            maxLength={STREAM_CHAT_MAX_LENGTH}
            placeholder="Say something…"
            autoComplete="off"
          />
          <Button type="submit" size="icon" aria-label="Send" disabled={text.trim() === ""}>
            <Send aria-hidden="true" />
          </Button>
        </div>
        {slowMode > 0 ? <p className="text-xs text-muted-foreground">Slow mode: one message every {slowMode} seconds.</p> : null}
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </form>
      {isAdmin ? <SlowModeControl chatKey={chatKey} seconds={slowMode} /> : null}
    </>
  );
}

/** The chat beside the live service or premiere; visitors are asked to sign in. */
export function LiveChat({ live }: { live: LiveBroadcast }) {
  const { user } = useAuth();
  return (
    <Card role="region" aria-label="Live chat" className="flex flex-col">
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg leading-tight font-semibold">
          <MessageSquare className="size-5" aria-hidden="true" />
          Live Chat
        </h2>
        <CardDescription>Greet the church family and share what moves you.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {user ? (
          <>
            <ChatPanel live={live} userId={user.id} isAdmin={user.role === "admin"} />
            <RequestPrayer />
          </>
        ) : (
          <p className="text-sm text-muted-foreground">Sign in to join the chat and to ask the care team for prayer.</p>
        )}
      </CardContent>
    </Card>
  );
}
