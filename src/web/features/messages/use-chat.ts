import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { type QueryKey, useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ChatMessage, MessageSettings } from "@shared/contracts/messages";
import { callRoute, routeKey, routeQuery } from "@web/lib/api";
import { listPagesQuery } from "@web/lib/list-pages";
import { liveLink, noPresence } from "@web/lib/live";

/** The chat page's lists; each key is its URL, so `exact` invalidations name just that list. */
export const chatQueries = {
  contacts: routeQuery("GET /api/users"),
  groups: routeQuery("GET /api/groups"),
  settings: routeQuery("GET /api/messages/settings"),
  recent: routeQuery("GET /api/messages/recent"),
};

/** Who the open conversation is with: a member or a group. */
export type Conversation = { kind: "user"; id: number } | { kind: "group"; id: number };

/** The query key of a conversation's latest page: a member's direct messages, or a group's. */
export function conversationKey(viewerId: number, conversation: Conversation): QueryKey {
  return conversation.kind === "user"
    ? routeKey("GET /api/messages", { query: { userId: viewerId, otherUserId: conversation.id } })
    : routeKey("GET /api/groups/:id/messages", { params: { id: conversation.id } });
}

/** True when a live message belongs to the open conversation. */
export function belongsTo(message: ChatMessage, viewerId: number, conversation: Conversation): boolean {
  if (conversation.kind === "group") return message.groupId === conversation.id;
  if (message.groupId !== null || message.roomCode !== null) return false;
  return (
    (message.senderId === conversation.id && message.receiverId === viewerId) ||
    (message.senderId === viewerId && message.receiverId === conversation.id)
  );
}

/**
 * A conversation's messages: the latest page from the API (opening it marks it read on the server),
 * older pages on demand, and live messages appended as they arrive.
 */
export function useConversation(viewerId: number, conversation: Conversation | null) {
  const queryClient = useQueryClient();
  const key = conversation ? conversationKey(viewerId, conversation) : routeKey("GET /api/messages");
  const query = useInfiniteQuery({
    ...listPagesQuery<ChatMessage>(key),
    enabled: conversation !== null,
    // A conversation is read afresh each time it is opened, so its unread messages are marked read.
    staleTime: 0,
    gcTime: 0,
  });
  const [live, setLive] = useState<ChatMessage[]>([]);
  const keyText = JSON.stringify(key);

  useEffect(() => {
    setLive([]);
  }, [keyText]);

  const firstPageAt = query.isSuccess ? query.dataUpdatedAt : 0;
  useEffect(() => {
    // Opening the conversation read it: the contact list's unread badges follow.
    if (firstPageAt)
      void queryClient.invalidateQueries({
        queryKey: (conversation?.kind === "group" ? chatQueries.groups : chatQueries.contacts).queryKey,
        exact: true,
      });
  }, [firstPageAt, conversation?.kind, queryClient]);

  const append = useCallback((message: ChatMessage) => {
    setLive((current) => {
      const index = current.findIndex((m) => m.id === message.id || (message.clientId && m.clientId === message.clientId));
      if (index === -1) return [...current, message];
      const copy = [...current];
      copy[index] = { ...copy[index]!, ...message };
      return copy;
    });
  }, []);

  // Each page is oldest first; later pages are older: the thread reads the pages in reverse.
  const pages = query.data?.pages ?? [];
  const seen = new Set<number>();
  const messages = [...[...pages].reverse().flatMap((page) => page.items), ...live].filter((m) => {
    if (m.id > 0 && seen.has(m.id)) return false;
    seen.add(m.id);
    return true;
  });
  return {
    query,
    messages,
    append,
    setLive,
    loadOlder: query.fetchNextPage,
    hasOlder: query.hasNextPage,
    loadingOlder: query.isFetchingNextPage,
  };
}

/**
 * Presence as the live link knows it (including what it learned before this screen opened): true online, false
 * offline, missing for a member whose presence the viewer may not see (not a contact yet).
 */
export function usePresence(): ReadonlyMap<number, boolean> {
  return useSyncExternalStore(liveLink.subscribePresence, liveLink.getPresence, noPresence);
}

export function useContacts(enabled: boolean) {
  return useQuery({ ...chatQueries.contacts, enabled });
}

export function useGroups(enabled: boolean) {
  return useQuery({ ...chatQueries.groups, enabled });
}

export function useMessageSettings(enabled: boolean) {
  return useQuery({ ...chatQueries.settings, enabled });
}

export async function saveMessageSettings(changes: Partial<MessageSettings>) {
  return callRoute("PUT /api/messages/settings", { body: changes });
}

export async function joinGroup(groupId: number) {
  return callRoute("POST /api/groups/:id/join", { params: { id: groupId } });
}

/** Tells the server the open conversation has been read (so the sender sees a read receipt). */
export function markRead(conversation: Conversation) {
  liveLink.send("READ", conversation.kind === "user" ? { otherUserId: conversation.id } : { groupId: conversation.id });
}

/** A short, soft chime for an incoming message (the "Sound notifications" toggle). */
export function playChime() {
  try {
    const AudioContextClass = window.AudioContext;
    if (!AudioContextClass) return;
    const context = new AudioContextClass();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = 880;
    gain.gain.setValueAtTime(0.08, context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, context.currentTime + 0.25);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start();
    oscillator.stop(context.currentTime + 0.25);
    oscillator.onended = () => void context.close();
  } catch {
    // Sound is a nicety; a browser that refuses it loses nothing else.
  }
}
