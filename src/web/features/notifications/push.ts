import { callRoute } from "@web/lib/api";
import { APP_SCOPE, SERVICE_WORKER_URL } from "@web/pwa/service-worker";

export type PushState = "unsupported" | "denied" | "off" | "on";

export const pushSupported = () =>
  typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

/** The app's one service worker receives the pushes (decision 0019). */
async function registration() {
  return navigator.serviceWorker.getRegistration(APP_SCOPE);
}

/** Whether this device receives pushes now. */
export async function currentPushState(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  const subscription = await (await registration())?.pushManager.getSubscription();
  return subscription ? "on" : "off";
}

/** base64url → the bytes PushManager.subscribe takes as applicationServerKey. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Asks for permission, subscribes this device with the server's VAPID key and keeps the subscription on the server. */
export async function turnOnPush(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return permission === "denied" ? "denied" : "off";
  // Registered already at start (pwa/register.tsx); registering the same script again answers that registration.
  if (!(await registration())) await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: APP_SCOPE });
  const worker = await navigator.serviceWorker.ready;
  const { publicKey } = await callRoute("GET /api/push/key");
  const subscription =
    (await worker.pushManager.getSubscription()) ??
    (await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const json = subscription.toJSON();
  await callRoute("POST /api/push/subscriptions", {
    body: { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" } },
  });
  return "on";
}

/** Forgets this device on the server and unsubscribes it. */
export async function turnOffPush(): Promise<PushState> {
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (subscription) {
    await callRoute("POST /api/push/subscriptions/remove", { body: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  return "off";
}
