import { useMutation, useQuery } from "@tanstack/react-query";
import { CheckCheck, Inbox, Mail } from "lucide-react";
import { relativeTime } from "@web/lib/relative-time";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { QueryState } from "@web/components/ui/query-state";
import { Spinner } from "@web/components/ui/spinner";
import { callRoute, errorMessage, routeQuery } from "@web/lib/api";
import { queryClient } from "@web/lib/query-client";
import { toast } from "@web/lib/use-toast";

/** The office inbox (admins): received messages, newest first, each marked handled once answered. */
export function ContactInbox() {
  const inboxQuery = routeQuery("GET /api/contact");
  const inbox = useQuery(inboxQuery);
  const markHandled = useMutation({
    mutationFn: (id: number) => callRoute("POST /api/contact/:id/handled", { params: { id } }),
    onSuccess: (handled) =>
      queryClient.setQueryData(inboxQuery.queryKey, (list) => list?.map((message) => (message.id === handled.id ? handled : message))),
    onError: (error) =>
      toast({ title: "Error", description: errorMessage(error, "Could not update the message."), variant: "destructive" }),
  });
  const open = inbox.data?.filter((message) => !message.handledAt).length ?? 0;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Inbox className="size-4" aria-hidden="true" />
          Office Inbox
          {inbox.data ? <Badge variant={open > 0 ? "default" : "secondary"}>{open} open</Badge> : null}
        </CardTitle>
        <CardDescription>Messages sent through the contact and advertising forms. Only admins see this.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={inbox}
          loading={<Spinner label="Loading messages…" className="py-8" />}
          error="The inbox could not be loaded."
          isEmpty={(list) => list.length === 0}
          empty={<p className="py-6 text-center text-sm text-muted-foreground">No messages yet.</p>}
        >
          {(list) => (
            <ul className="flex flex-col divide-y divide-border" aria-label="Received messages">
              {list.map((message) => (
                <li key={message.id} className="flex flex-col gap-2 py-4 first:pt-0 last:pb-0">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="font-semibold">{message.subject}</p>
                      <p className="text-sm text-muted-foreground">
                        {message.name} ·{" "}
                        <a href={`mailto:${message.email}`} className="inline-flex items-center gap-1 underline-offset-4 hover:underline">
                          <Mail className="size-3" aria-hidden="true" />
                          {message.email}
                        </a>{" "}
                        · <time dateTime={message.createdAt}>{relativeTime(message.createdAt)}</time>
                      </p>
                    </div>
                    {message.handledAt ? (
                      <Badge variant="secondary">Handled</Badge>
                    ) : (
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={markHandled.isPending && markHandled.variables === message.id}
                        onClick={() => markHandled.mutate(message.id)}
                        aria-label={`Mark handled: ${message.subject} from ${message.name}`}
                      >
                        <CheckCheck aria-hidden="true" />
                        Mark handled
                      </Button>
                    )}
                  </div>
                  <p className="text-sm whitespace-pre-line break-words">{message.message}</p>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
