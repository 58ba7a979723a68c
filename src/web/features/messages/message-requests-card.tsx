import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Inbox } from "lucide-react";
import type { MessageRequest } from "@shared/contracts/messages";
import { UserAvatar } from "@web/components/ui/avatar";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { callRoute, errorMessage, routeKey, routeQuery } from "@web/lib/api";
import { useLiveEvent } from "@web/lib/live";
import { toast } from "@web/lib/use-toast";
import { chatQueries } from "./use-chat";

/**
 * /chat: the requests folder (decision 0022). First messages from members the viewer's "who may message me" choice
 * keeps out of the inbox wait here; accepting moves the conversation into Messages, declining stops the sender.
 * Shown while requests wait, or always when the page was opened on the folder (`?folder=requests`).
 */
export function MessageRequestsCard({ alwaysShow, onAccepted }: { alwaysShow: boolean; onAccepted: (senderId: number) => void }) {
  const queryClient = useQueryClient();
  const requests = useQuery(routeQuery("GET /api/messages/requests"));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: routeKey("GET /api/messages/requests") });
  useLiveEvent("MESSAGE_REQUEST", (payload) => {
    refresh();
    toast({ title: "New Message Request", description: `${payload.message.senderName ?? "A member"} wants to send you a message.` });
  });
  const answer = useMutation({
    mutationFn: ({ request, accept }: { request: MessageRequest; accept: boolean }) =>
      callRoute(accept ? "POST /api/messages/requests/:id/accept" : "POST /api/messages/requests/:id/decline", {
        params: { id: request.id },
      }),
    onSuccess: (_, { request, accept }) => {
      refresh();
      void queryClient.invalidateQueries({ queryKey: chatQueries.contacts.queryKey, exact: true });
      toast({
        title: accept ? "Request Accepted" : "Request Declined",
        description: accept
          ? `Your conversation with ${request.sender.displayName} is now in your messages.`
          : `${request.sender.displayName} can't message you.`,
      });
      if (accept) onAccepted(request.sender.id);
    },
    onError: (error) =>
      toast({ title: "Error", description: errorMessage(error, "Could not answer the request."), variant: "destructive" }),
  });
  const list = requests.data ?? [];
  if (!alwaysShow && list.length === 0) return null;
  return (
    <Card id="message-requests">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Inbox className="size-4" aria-hidden="true" />
          Message Requests
          {list.length > 0 ? <Badge aria-label={`${list.length} waiting`}>{list.length}</Badge> : null}
        </CardTitle>
        <CardDescription>Members outside your choice in Settings asked to message you. Accept to reply, or decline.</CardDescription>
      </CardHeader>
      <CardContent>
        {requests.isError ? (
          <p className="text-sm text-destructive">Your message requests could not be loaded.</p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">{requests.isPending ? "Loading requests…" : "No message requests."}</p>
        ) : (
          <ul className="flex flex-col gap-3" aria-label="Message requests">
            {list.map((request) => (
              <li key={request.id} className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
                <span className="flex min-w-0 items-center gap-3">
                  <UserAvatar displayName={request.sender.displayName} imageUrl={request.sender.profileImageUrl} size="sm" />
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-medium">{request.sender.displayName}</span>
                    <span className="block truncate text-sm text-muted-foreground">
                      {request.lastMessage}
                      {request.messageCount > 1 ? ` (${request.messageCount} messages)` : ""}
                    </span>
                  </span>
                </span>
                <span className="flex shrink-0 gap-2">
                  <Button size="sm" onClick={() => answer.mutate({ request, accept: true })} disabled={answer.isPending}>
                    Accept<span className="sr-only"> {request.sender.displayName}</span>
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => answer.mutate({ request, accept: false })} disabled={answer.isPending}>
                    Decline<span className="sr-only"> {request.sender.displayName}</span>
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
