import { useMutation, useQuery } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { type WhoCanMessage, whoCanMessageLabels, whoCanMessageValues } from "@shared/contracts/messages";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Skeleton } from "@web/components/ui/skeleton";
import { callRoute, errorMessage, routeKey, routeQuery } from "@web/lib/api";
import { queryClient } from "@web/lib/query-client";
import { toast } from "@web/lib/use-toast";

/** /settings: who may message me directly; anyone else's first message waits in the requests folder of /chat. */
export function WhoCanMessageCard() {
  const privacy = useQuery(routeQuery("GET /api/messages/privacy"));
  const save = useMutation({
    mutationFn: (whoCanMessage: WhoCanMessage) => callRoute("PUT /api/messages/privacy", { body: { whoCanMessage } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(routeKey("GET /api/messages/privacy"), saved);
      toast({ title: "Saved", description: `Who may message you: ${whoCanMessageLabels[saved.whoCanMessage]}.` });
    },
    onError: (error) => toast({ title: "Error", description: errorMessage(error, "Could not save your choice."), variant: "destructive" }),
  });
  const current = save.isPending ? save.variables : privacy.data?.whoCanMessage;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <ShieldCheck className="size-4" aria-hidden="true" />
          Who May Message Me
        </CardTitle>
        <CardDescription>
          Messages from anyone else wait in Message Requests on the Messaging page, where you accept or decline them.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {privacy.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : privacy.isError ? (
          <p className="text-sm text-destructive">Your choice could not be loaded.</p>
        ) : (
          <fieldset className="flex flex-col gap-3">
            <legend className="sr-only">Who may message me</legend>
            {whoCanMessageValues.map((value) => (
              <label key={value} className="flex cursor-pointer items-center gap-3 text-sm">
                <input
                  type="radio"
                  name="who-can-message"
                  value={value}
                  checked={current === value}
                  disabled={save.isPending}
                  onChange={() => save.mutate(value)}
                  className="size-4 accent-primary"
                />
                {whoCanMessageLabels[value]}
              </label>
            ))}
          </fieldset>
        )}
      </CardContent>
    </Card>
  );
}
