import { useEffect, useState, useSyncExternalStore } from "react";
import { Link } from "wouter";
import { RefreshCw, WifiOff } from "lucide-react";
import { Workbox } from "workbox-window";
import { Button } from "@web/components/ui/button";
import { APP_SCOPE, RETIRED_PUSH_SCOPE, SERVICE_WORKER_URL } from "./service-worker";

let workbox: Workbox | null = null;
const waitingListeners = new Set<() => void>();
let updateWaiting = false;

function register() {
  if (workbox || !import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  workbox = new Workbox(SERVICE_WORKER_URL, { scope: APP_SCOPE, type: "classic" });
  workbox.addEventListener("waiting", () => {
    updateWaiting = true;
    for (const listener of waitingListeners) listener();
  });
  // Once the new worker controls the page, a reload runs the new version.
  workbox.addEventListener("controlling", (event) => {
    if (event.isUpdate) window.location.reload();
  });
  void workbox.register();
  // Pushes now arrive at this worker; the push-only worker of earlier versions goes, with its subscription.
  void navigator.serviceWorker
    .getRegistrations()
    .then((registrations) =>
      registrations
        .filter((registration) => new URL(registration.scope).pathname === RETIRED_PUSH_SCOPE)
        .forEach((registration) => void registration.unregister()),
    );
}

const subscribeOnline = (listener: () => void) => {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
};

/**
 * Registers the service worker, offers "New version — reload" when an update is waiting, and says so when the
 * device is offline (with the way to what it holds: Downloads).
 */
export function AppUpdates() {
  const [waiting, setWaiting] = useState(updateWaiting);
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  useEffect(() => {
    register();
    const listener = () => setWaiting(true);
    waitingListeners.add(listener);
    return () => void waitingListeners.delete(listener);
  }, []);

  if (!waiting && online) return null;
  return (
    <div className="fixed inset-x-0 bottom-24 z-50 flex flex-col items-center gap-2 px-4" role="status">
      {waiting ? (
        <div className="flex items-center gap-3 rounded-xl border border-border bg-card px-4 py-3 text-sm shadow-lg">
          <span>New version available.</span>
          <Button size="sm" onClick={() => workbox?.messageSkipWaiting()}>
            <RefreshCw aria-hidden="true" />
            New version — reload
          </Button>
        </div>
      ) : null}
      {!online ? (
        <div className="flex items-center gap-3 rounded-xl border border-border bg-card px-4 py-3 text-sm shadow-lg">
          <WifiOff className="size-4" aria-hidden="true" />
          <span>You are offline. Pages you have not opened before cannot load until you reconnect.</span>
          <Link href="/downloads" className="font-medium text-primary underline-offset-4 hover:underline">
            Your downloads
          </Link>
        </div>
      ) : null}
    </div>
  );
}
