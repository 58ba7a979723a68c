import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Settings } from "lucide-react";
import type { MessageSettings } from "@shared/contracts/messages";
import { ErrorState } from "@web/components/ui/error-state";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { errorMessage } from "@web/lib/api";
import { toast } from "@web/lib/use-toast";
import { SettingsSwitch } from "./settings-switch";
import { chatQueries, saveMessageSettings, useMessageSettings } from "./use-chat";

const toggles: Array<{ key: keyof MessageSettings; label: string; description: string }> = [
  { key: "emailNotifications", label: "Email notifications", description: "Get an email when you have unread messages" },
  { key: "desktopNotifications", label: "Desktop notifications", description: "Show a notification while this tab is in the background" },
  { key: "soundNotifications", label: "Sound notifications", description: "Play a sound when a message arrives" },
  { key: "readReceipts", label: "Read receipts", description: "Let others see when you have read their messages" },
  { key: "onlineStatus", label: "Online status", description: "Let others see when you are online" },
  { key: "messageRequests", label: "Message requests", description: "Allow members you haven't talked with to message you" },
];

/** The Message Settings toggles, saved as they change. */
export function MessageSettingsCard() {
  const queryClient = useQueryClient();
  const settings = useMessageSettings(true);
  const save = useMutation({
    mutationFn: saveMessageSettings,
    onMutate: (changes) => {
      const previous = queryClient.getQueryData(chatQueries.settings.queryKey);
      if (previous) queryClient.setQueryData(chatQueries.settings.queryKey, { ...previous, ...changes });
      return { previous };
    },
    onSuccess: (saved) => queryClient.setQueryData(chatQueries.settings.queryKey, saved),
    onError: (error, _changes, context) => {
      if (context?.previous) queryClient.setQueryData(chatQueries.settings.queryKey, context.previous);
      toast({ title: "Error", description: errorMessage(error, "Could not save your settings."), variant: "destructive" });
    },
  });

  const handleChange = async (key: keyof MessageSettings, checked: boolean) => {
    if (key === "desktopNotifications" && checked && "Notification" in window && Notification.permission === "default") {
      await Notification.requestPermission();
    }
    save.mutate({ [key]: checked });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Settings className="size-4" aria-hidden="true" />
          Message Settings
        </CardTitle>
      </CardHeader>
      <CardContent className="divide-y divide-border">
        {settings.isError && !settings.data ? (
          <ErrorState
            title="Your message settings could not be loaded."
            onRetry={() => void settings.refetch()}
            retrying={settings.isFetching}
            className="mb-2"
          />
        ) : null}
        {toggles.map((toggle) => (
          <SettingsSwitch
            key={toggle.key}
            label={toggle.label}
            description={toggle.description}
            checked={settings.data?.[toggle.key] ?? false}
            disabled={!settings.data}
            onCheckedChange={(checked) => void handleChange(toggle.key, checked)}
          />
        ))}
      </CardContent>
    </Card>
  );
}
