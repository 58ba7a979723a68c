import { useState } from "react";
import { formatMediumDate } from "@shared/format";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarCheck, CalendarDays, Copy, RefreshCw, Trash2 } from "lucide-react";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { Input } from "@web/components/ui/input";
import { callRoute, errorMessage, routeQuery } from "@web/lib/api";
import { copyText } from "@web/lib/copy-text";
import { toast } from "@web/lib/use-toast";

/**
 * "My schedule": a private calendar address of the events the member is going to. The address is shown once, when
 * it is made (only its hash is kept); making a new one or revoking it stops the old one.
 */
export function MyScheduleCard() {
  const queryClient = useQueryClient();
  const linkQuery = routeQuery("GET /api/events/schedule-link");
  const link = useQuery(linkQuery);
  const [url, setUrl] = useState<string | null>(null);
  const onError = (error: unknown) =>
    toast({ title: "Error", description: errorMessage(error, "Could not change your schedule link."), variant: "destructive" });

  const regenerate = useMutation({
    mutationFn: () => callRoute("POST /api/events/schedule-link"),
    onSuccess: (created) => {
      setUrl(created.url);
      queryClient.setQueryData(linkQuery.queryKey, { active: true, createdAt: created.createdAt });
      toast({ title: "Private link ready", description: "Add it to your calendar app; any earlier link no longer works." });
    },
    onError,
  });
  const revoke = useMutation({
    mutationFn: () => callRoute("DELETE /api/events/schedule-link"),
    onSuccess: () => {
      setUrl(null);
      queryClient.setQueryData(linkQuery.queryKey, { active: false, createdAt: null });
      toast({ title: "Link revoked", description: "Calendar apps can no longer read your schedule." });
    },
    onError,
  });
  const handleCopy = async () => {
    if (!url) return;
    try {
      await copyText(url);
      toast({ title: "Copied!", description: "Your private schedule link is on the clipboard." });
    } catch {
      toast({ title: "Error", description: "Could not copy the link.", variant: "destructive" });
    }
  };
  const busy = regenerate.isPending || revoke.isPending;
  const active = link.data?.active ?? false;

  return (
    <Card role="region" className="flex flex-col gap-3 p-5" aria-labelledby="my-schedule">
      <div>
        <h2 id="my-schedule" className="flex items-center gap-2 font-semibold">
          <CalendarCheck className="size-4 text-primary" aria-hidden="true" />
          My Schedule
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          A private calendar of the events you are going to. Anyone with the link can read it, so keep it to yourself.
        </p>
      </div>
      {url ? (
        <div className="flex flex-col gap-2">
          <Input readOnly value={url} aria-label="Your private schedule link" onFocus={(event) => event.currentTarget.select()} />
          <div className="flex flex-wrap gap-2">
            <Button asChild size="sm">
              <a href={url.replace(/^https?:/, "webcal:")}>
                <CalendarDays aria-hidden="true" />
                Add to Calendar App
              </a>
            </Button>
            <Button size="sm" variant="outline" onClick={() => void handleCopy()}>
              <Copy aria-hidden="true" />
              Copy Link
            </Button>
          </div>
        </div>
      ) : active ? (
        <p className="text-sm">
          Your private link has been active since {link.data?.createdAt ? formatMediumDate(link.data.createdAt) : "earlier"}. It is shown
          only when it is made; make a new one to see it again.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant={active ? "outline" : "default"} disabled={busy || link.isLoading} onClick={() => regenerate.mutate()}>
          <RefreshCw aria-hidden="true" />
          {active ? "Make a New Link" : "Create Private Link"}
        </Button>
        {active ? (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => revoke.mutate()}>
            <Trash2 aria-hidden="true" />
            Revoke Link
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
