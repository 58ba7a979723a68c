import { useEffect, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Bell, BellOff, BellRing } from "lucide-react";
import {
  type NotificationPreferences,
  type UpdateNotificationPreferences,
  notificationCategories,
  notificationCategoryLabels,
  notificationMessages,
} from "@shared/contracts/notifications";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { ErrorState } from "@web/components/ui/error-state";
import { callRoute, errorMessage, routeKey, routeQuery } from "@web/lib/api";
import { toast } from "@web/lib/use-toast";
import { SettingsSwitch } from "@web/features/messages/settings-switch";
import { type PushState, currentPushState, turnOffPush, turnOnPush } from "./push";

const PREFERENCES_KEY = routeKey("GET /api/notifications/preferences");

/** "Turn on notifications" for this device: a push subscription on the app's service worker. */
function PushDeviceControl() {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    currentPushState()
      .then(setState)
      .catch(() => setState("unsupported"));
  }, []);

  async function handleToggle() {
    setBusy(true);
    try {
      const next = state === "on" ? await turnOffPush() : await turnOnPush();
      setState(next);
      if (next === "on") toast({ title: "Notifications On", description: "This device will show notifications while you are away." });
      if (next === "denied")
        toast({ title: "Notifications Blocked", description: notificationMessages.pushDenied, variant: "destructive" });
    } catch (error) {
      toast({ title: "Error", description: errorMessage(error, notificationMessages.pushUnavailable), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  if (state === "unsupported") return <p className="text-sm text-muted-foreground">{notificationMessages.pushUnsupported}</p>;
  if (state === "denied") return <p className="text-sm text-muted-foreground">{notificationMessages.pushDenied}</p>;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground" data-testid="push-state">
        {state === "on" ? "Notifications are on for this device." : "This device shows no notifications when the site is closed."}
      </p>
      <Button variant={state === "on" ? "outline" : "default"} disabled={busy || state === null} onClick={() => void handleToggle()}>
        {state === "on" ? <BellOff aria-hidden="true" /> : <BellRing aria-hidden="true" />}
        {state === "on" ? "Turn off notifications" : "Turn on notifications"}
      </Button>
    </div>
  );
}

/** /settings: per category, whether it also arrives as a push or an email; the weekly digest; this device's pushes. */
export function NotificationPreferencesCard() {
  const queryClient = useQueryClient();
  const preferences = useQuery(routeQuery("GET /api/notifications/preferences"));
  const save = useMutation({
    mutationFn: (changes: UpdateNotificationPreferences) => callRoute("PUT /api/notifications/preferences", { body: changes }),
    onSuccess: (saved) => queryClient.setQueryData<NotificationPreferences>(PREFERENCES_KEY, saved),
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: PREFERENCES_KEY });
      toast({ title: "Error", description: errorMessage(error, "Could not save your notification preferences."), variant: "destructive" });
    },
  });
  const data = preferences.data;

  function handleChange(changes: UpdateNotificationPreferences) {
    if (!data) return;
    // Shown at once; the server's answer replaces it. A read still on its way would overwrite the change: it is
    // stopped first (the cancel takes effect at once; only its promise settles later).
    void queryClient.cancelQueries({ queryKey: PREFERENCES_KEY });
    queryClient.setQueryData<NotificationPreferences>(PREFERENCES_KEY, {
      ...data,
      weeklyDigest: changes.weeklyDigest ?? data.weeklyDigest,
      categories: Object.fromEntries(
        notificationCategories.map((category) => [category, { ...data.categories[category], ...changes.categories?.[category] }]),
      ) as NotificationPreferences["categories"],
    });
    save.mutate(changes);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Bell className="size-4" aria-hidden="true" />
          Notifications
        </CardTitle>
        <CardDescription>
          Everything appears under the bell. Choose what also reaches you as a notification on your devices while you are away, or by email.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <PushDeviceControl />
        {preferences.isError && !data ? (
          <ErrorState
            title="Your notification preferences could not be loaded."
            onRetry={() => void preferences.refetch()}
            retrying={preferences.isFetching}
          />
        ) : null}
        {data && !data.emailEnabled ? (
          <p className="text-sm text-muted-foreground">This site doesn't send email, so only device notifications can be chosen.</p>
        ) : null}
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Where each kind of notification reaches you</caption>
            <thead>
              <tr className="text-left text-xs text-muted-foreground">
                <th scope="col" className="py-2 font-medium">
                  Notify me about
                </th>
                <th scope="col" className="w-20 py-2 text-center font-medium">
                  Device
                </th>
                <th scope="col" className="w-20 py-2 text-center font-medium">
                  Email
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {notificationCategories.map((category) => {
                const { label, description } = notificationCategoryLabels[category];
                const choice = data?.categories[category];
                return (
                  <tr key={category}>
                    <th scope="row" className="py-2 text-left font-normal">
                      <span className="block font-medium">{label}</span>
                      <span className="block text-xs text-muted-foreground">{description}</span>
                    </th>
                    {(["push", "email"] as const).map((channel) => (
                      <td key={channel} className="py-2 text-center">
                        <input
                          type="checkbox"
                          className="size-4 cursor-pointer accent-primary disabled:cursor-not-allowed"
                          aria-label={`${label} by ${channel === "push" ? "device notification" : "email"}`}
                          checked={choice?.[channel] ?? false}
                          disabled={!data || (channel === "email" && !data.emailEnabled)}
                          onChange={(event) => handleChange({ categories: { [category]: { [channel]: event.target.checked } } })}
                        />
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <SettingsSwitch
          label="Weekly digest"
          description="An email on Monday mornings with the week's new sermons and episodes and the events ahead"
          checked={data?.weeklyDigest ?? false}
          disabled={!data || !data.emailEnabled}
          onCheckedChange={(checked) => handleChange({ weeklyDigest: checked })}
        />
      </CardContent>
    </Card>
  );
}
