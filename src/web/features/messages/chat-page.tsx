import { useEffect, useMemo, useRef, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Bell, MessageCircle, MessageSquarePlus, MessagesSquare, Search, Users } from "lucide-react";
import { useSearch } from "wouter";
import type { ChatMessage } from "@shared/contracts/live";
import type { Contact, User } from "@shared/contracts/users";
import { messages as texts } from "@shared/messages";
import { PageHeader } from "@web/components/layout/page-header";
import { UserAvatar } from "@web/components/ui/avatar";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { ErrorState } from "@web/components/ui/error-state";
import { Input } from "@web/components/ui/input";
import { SignInPrompt } from "@web/components/ui/sign-in-prompt";
import { Spinner } from "@web/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { useAuth } from "@web/features/auth/use-auth";
import { useLiveEvent, useLiveLink } from "@web/lib/live";
import { toast } from "@web/lib/use-toast";
import { cn } from "@web/lib/utils";
import { ConversationPanel, type ConversationPeer, TYPING_TIMEOUT_MS } from "./conversation-panel";
import { GroupsCard } from "./groups-card";
import { MessageRequestsCard } from "./message-requests-card";
import { MessageSettingsCard } from "./message-settings-card";
import {
  type Conversation,
  belongsTo,
  chatQueries,
  markRead,
  playChime,
  useContacts,
  useConversation,
  useGroups,
  useMessageSettings,
  usePresence,
} from "./use-chat";

/** /chat (spec §2 "Messaging"). */
export function ChatPage() {
  const { user, loading } = useAuth();
  return (
    <>
      <PageHeader title="Messaging" icon={MessageCircle} description="Talk with members of the community, one to one or in groups." />
      {loading ? <Spinner label="Loading…" className="min-h-[30vh]" /> : user ? <Messenger viewer={user} /> : <SignedOutChat />}
    </>
  );
}

const features = [
  { icon: MessageCircle, title: "Direct Messages", text: "Send private messages to other members of the community." },
  { icon: Users, title: "Group Chats", text: "Join groups for Bible study, prayer and ministry conversations." },
  { icon: Bell, title: "Notifications", text: "Know the moment someone writes to you." },
];

function SignedOutChat() {
  return (
    <div className="flex flex-col gap-6">
      <SignInPrompt reason={texts.chatNotSignedIn} className="max-w-none" />
      <div className="grid gap-4 md:grid-cols-3">
        {features.map(({ icon: Icon, title, text }) => (
          <Card key={title}>
            <CardHeader>
              <Icon className="size-6 text-primary" aria-hidden="true" />
              <CardTitle className="text-base">{title}</CardTitle>
              <CardDescription>{text}</CardDescription>
            </CardHeader>
          </Card>
        ))}
      </div>
    </div>
  );
}

function matches(contact: Contact, search: string) {
  const q = search.trim().toLowerCase();
  return !q || contact.displayName.toLowerCase().includes(q) || contact.username.toLowerCase().includes(q);
}

function Messenger({ viewer }: { viewer: User }) {
  const queryClient = useQueryClient();
  const search = useSearch();
  const preselected = Number(new URLSearchParams(search).get("user"));
  const requestsFolder = new URLSearchParams(search).get("folder") === "requests";
  const [tab, setTab] = useState<"messages" | "contacts">("messages");
  const [filter, setFilter] = useState("");
  const [conversation, setConversation] = useState<Conversation | null>(
    Number.isInteger(preselected) && preselected > 0 && preselected !== viewer.id ? { kind: "user", id: preselected } : null,
  );
  const [typing, setTyping] = useState<Record<string, { name: string; until: number }>>({});
  const [readUpTo, setReadUpTo] = useState<Record<number, string>>({});
  const searchRef = useRef<HTMLInputElement>(null);

  const { connected } = useLiveLink();
  const contacts = useContacts(true);
  // Spec §7: the recent messages are read while signed in; the list shows its loading state until they are.
  const recent = useQuery(chatQueries.recent);
  const listLoading = contacts.isPending || recent.isPending;
  const groups = useGroups(true);
  const settings = useMessageSettings(true);
  const presence = usePresence();
  const thread = useConversation(viewer.id, conversation);

  // Messages may have been missed while the live link was down: read the lists and the open conversation afresh.
  const wasConnected = useRef(connected);
  const refetchThread = thread.query.refetch;
  useEffect(() => {
    if (connected && !wasConnected.current) {
      void queryClient.invalidateQueries({ queryKey: chatQueries.contacts.queryKey, exact: true });
      void queryClient.invalidateQueries({ queryKey: chatQueries.groups.queryKey, exact: true });
      if (conversation) void refetchThread();
    }
    wasConnected.current = connected;
  }, [connected, queryClient, conversation, refetchThread]);

  useEffect(() => {
    if (thread.query.isError) toast({ title: "Error", description: texts.loadMessagesFailed, variant: "destructive" });
  }, [thread.query.isError]);

  // Typing indicators fade out on their own.
  useEffect(() => {
    const timer = setInterval(() => {
      setTyping((current) => {
        const now = Date.now();
        const kept = Object.entries(current).filter(([, value]) => value.until > now);
        return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept);
      });
    }, 1000);
    return () => clearInterval(timer);
  }, []);

  const nameOf = (userId: number) => contacts.data?.find((c) => c.id === userId)?.displayName ?? "Someone";

  useLiveEvent("CHAT_MESSAGE", (message) => {
    const open = conversation && belongsTo(message, viewer.id, conversation);
    if (open) {
      thread.append(message);
      if (message.senderId !== viewer.id && document.visibilityState === "visible") markRead(conversation);
    }
    void queryClient.invalidateQueries({ queryKey: (message.groupId ? chatQueries.groups : chatQueries.contacts).queryKey, exact: true });
    if (message.senderId === viewer.id) return;
    const key = message.groupId ? `g${message.groupId}` : `u${message.senderId}`;
    setTyping((current) => {
      const { [key]: _removed, ...rest } = current;
      return rest;
    });
    if (settings.data?.soundNotifications) playChime();
    if (
      settings.data?.desktopNotifications &&
      document.visibilityState === "hidden" &&
      "Notification" in window &&
      Notification.permission === "granted"
    ) {
      new Notification(message.senderName ?? "New message", { body: message.message });
    }
  });
  // A moderator hid a message (decision 0024): read the open conversation and the lists afresh, without it.
  useLiveEvent("MESSAGE_HIDDEN", () => {
    if (conversation) void refetchThread();
    void queryClient.invalidateQueries({ queryKey: chatQueries.contacts.queryKey, exact: true });
    void queryClient.invalidateQueries({ queryKey: chatQueries.groups.queryKey, exact: true });
    void queryClient.invalidateQueries({ queryKey: chatQueries.recent.queryKey, exact: true });
  });
  useLiveEvent("CHAT_MESSAGE_SENT", (message) => {
    thread.append(message);
    void queryClient.invalidateQueries({ queryKey: (message.groupId ? chatQueries.groups : chatQueries.contacts).queryKey, exact: true });
  });
  useLiveEvent("ERROR", (error) => toast({ title: "Error", description: error.message, variant: "destructive" }));
  useLiveEvent("TYPING", (payload) => {
    if (payload.roomCode) return;
    const key = payload.groupId ? `g${payload.groupId}` : `u${payload.fromUserId}`;
    const name = nameOf(payload.fromUserId);
    setTyping((current) => {
      const next = { ...current };
      if (payload.isTyping) next[key] = { name, until: Date.now() + TYPING_TIMEOUT_MS };
      else delete next[key];
      return next;
    });
  });
  useLiveEvent("READ", (payload) => {
    if (payload.readerId === viewer.id) void queryClient.invalidateQueries({ queryKey: chatQueries.contacts.queryKey, exact: true });
    else setReadUpTo((current) => ({ ...current, [payload.readerId]: payload.readAt }));
  });
  useLiveEvent("GROUP_JOINED", () => void queryClient.invalidateQueries({ queryKey: chatQueries.groups.queryKey, exact: true }));

  const filtered = useMemo(() => (contacts.data ?? []).filter((c) => matches(c, filter)), [contacts.data, filter]);
  const shown = tab === "contacts" ? [...filtered].sort((a, b) => a.displayName.localeCompare(b.displayName)) : filtered;

  const peer: ConversationPeer | null = (() => {
    if (!conversation) return null;
    if (conversation.kind === "group") {
      const group = groups.data?.find((g) => g.id === conversation.id);
      return { kind: "group", id: conversation.id, name: group?.name ?? "Group", subtitle: group ? `${group.memberCount} members` : "" };
    }
    const contact = contacts.data?.find((c) => c.id === conversation.id);
    return {
      kind: "user",
      id: conversation.id,
      name: contact?.displayName ?? "Member",
      imageUrl: contact?.profileImageUrl,
      // No status at all for a member whose presence the viewer may not see: "Offline" would be a guess.
      subtitle: presence.has(conversation.id) ? (presence.get(conversation.id) ? "Online" : "Offline") : "",
    };
  })();
  const typingKey = conversation ? (conversation.kind === "group" ? `g${conversation.id}` : `u${conversation.id}`) : "";

  const startConversation = () => {
    setTab("contacts");
    searchRef.current?.focus();
  };

  return (
    <div className="flex flex-col gap-6">
      <MessageRequestsCard alwaysShow={requestsFolder} onAccepted={(senderId) => setConversation({ kind: "user", id: senderId })} />
      <div className="grid gap-6 lg:grid-cols-[minmax(280px,360px)_1fr]">
        <Card className="flex flex-col overflow-hidden">
          <Tabs value={tab} onValueChange={(value) => setTab(value as "messages" | "contacts")}>
            <div className="flex flex-col gap-3 border-b border-border p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <TabsList>
                  <TabsTrigger value="messages">Messages</TabsTrigger>
                  <TabsTrigger value="contacts">Contacts</TabsTrigger>
                </TabsList>
                <Button size="sm" onClick={startConversation}>
                  <MessageSquarePlus aria-hidden="true" />
                  New Message
                </Button>
              </div>
              <div className="relative">
                <Search
                  className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                  aria-hidden="true"
                />
                <Input
                  ref={searchRef}
                  type="search"
                  value={filter}
                  onChange={(event) => setFilter(event.target.value)}
                  placeholder="Search messages or contacts"
                  aria-label="Search messages or contacts"
                  className="pl-9"
                />
              </div>
              <p className="flex items-center gap-1.5 text-xs text-muted-foreground" role="status">
                <span className={cn("size-2 rounded-full", connected ? "bg-green-500" : "bg-muted-foreground")} aria-hidden="true" />
                {connected ? "Connected" : "Connecting…"}
              </p>
            </div>
            {(["messages", "contacts"] as const).map((value) => (
              <TabsContent key={value} value={value} className="mt-0">
                <ul className="h-[60vh] overflow-y-auto p-2" aria-label={tab === "contacts" ? "Contacts" : "Conversations"}>
                  {contacts.isError && !contacts.data ? (
                    <li>
                      <ErrorState
                        title="Your contacts could not be loaded."
                        onRetry={() => void contacts.refetch()}
                        retrying={contacts.isFetching}
                        className="border-0"
                      />
                    </li>
                  ) : listLoading ? (
                    <li className="p-4 text-sm text-muted-foreground">Loading contacts…</li>
                  ) : shown.length === 0 ? (
                    <li className="p-4 text-sm text-muted-foreground">No contacts found.</li>
                  ) : null}
                  {shown.map((contact) => {
                    const selected = conversation?.kind === "user" && conversation.id === contact.id;
                    return (
                      <li key={contact.id}>
                        <button
                          type="button"
                          onClick={() => setConversation({ kind: "user", id: contact.id })}
                          aria-current={selected ? "true" : undefined}
                          className={cn(
                            "flex w-full cursor-pointer items-center gap-3 rounded-lg p-3 text-left transition-colors hover:bg-accent",
                            selected && "bg-primary-soft text-primary-soft-foreground hover:bg-primary-soft",
                          )}
                        >
                          <span className="relative">
                            <UserAvatar displayName={contact.displayName} imageUrl={contact.profileImageUrl} />
                            {presence.get(contact.id) ? (
                              <span
                                className="absolute right-0 bottom-0 size-3 rounded-full border-2 border-card bg-green-500"
                                aria-label="Online"
                                role="img"
                              />
                            ) : null}
                          </span>
                          <span className="min-w-0 flex-1">
                            <span className="block truncate font-medium">{contact.displayName}</span>
                            <span className="block truncate text-sm text-muted-foreground">
                              {tab === "contacts" ? `@${contact.username}` : (contact.lastMessage ?? "Start a conversation")}
                            </span>
                          </span>
                          {contact.unreadCount > 0 ? (
                            <Badge aria-label={`${contact.unreadCount} unread`} data-testid="unread-badge">
                              {contact.unreadCount}
                            </Badge>
                          ) : null}
                        </button>
                      </li>
                    );
                  })}
                </ul>
              </TabsContent>
            ))}
          </Tabs>
        </Card>
        {peer ? (
          <ConversationPanel
            key={`${peer.kind}${peer.id}`}
            viewerId={viewer.id}
            peer={peer}
            messages={thread.messages}
            loading={thread.query.isPending}
            hasOlder={thread.hasOlder}
            loadingOlder={thread.loadingOlder}
            onLoadOlder={() => void thread.loadOlder()}
            connected={connected}
            typing={typing[typingKey] ? [typing[typingKey].name] : []}
            readUpTo={peer.kind === "user" ? (readUpTo[peer.id] ?? null) : null}
            onSent={(message: ChatMessage) => thread.append(message)}
          />
        ) : (
          <Card className="flex h-[70vh] flex-col items-center justify-center gap-3 p-8 text-center">
            <MessagesSquare className="size-12 text-muted-foreground" aria-hidden="true" />
            <h2 className="text-xl font-semibold">Your Messages</h2>
            <p className="max-w-sm text-muted-foreground">Choose a contact to see your conversation, or start a new one.</p>
            <Button onClick={startConversation}>Start a Conversation</Button>
          </Card>
        )}
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <GroupsCard onOpenGroup={(groupId) => setConversation({ kind: "group", id: groupId })} />
        <MessageSettingsCard />
      </div>
    </div>
  );
}
