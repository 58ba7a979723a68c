/// <reference lib="webworker" />
/**
 * What the app's service worker does with a push (decision 0019): the server sends `{ title, body, link, tag }`
 * (notifications' push.service.ts), encrypted as RFC 8291 says; the browser decrypts it and hands it over here.
 */

export interface PushMessage {
  title: string;
  body: string;
  link: string;
  tag: string;
}

const fallback: PushMessage = { title: "Gathering", body: "", link: "/", tag: "notification" };

/** The pushed message, or a plain one when the push carries no JSON (something is still shown, as browsers require). */
export function readPush(data: { json(): unknown } | null): PushMessage {
  try {
    const parsed = data?.json();
    if (!parsed || typeof parsed !== "object") return fallback;
    const message = parsed as Partial<Record<keyof PushMessage, unknown>>;
    const text = (value: unknown, otherwise: string) => (typeof value === "string" && value ? value : otherwise);
    return {
      title: text(message.title, fallback.title),
      body: text(message.body, ""),
      link: text(message.link, "/"),
      tag: text(message.tag, fallback.tag),
    };
  } catch {
    return fallback;
  }
}

export function showPush(worker: ServiceWorkerGlobalScope, data: PushMessageData | null): Promise<void> {
  const message = readPush(data);
  return worker.registration.showNotification(message.title, {
    body: message.body,
    tag: message.tag,
    icon: "/icons/icon-192.png",
    data: { link: message.link },
  });
}

/** Focuses an open tab of the app on the notification's page, or opens one. Only the app's own pages are opened. */
export async function openPushLink(worker: ServiceWorkerGlobalScope, notification: Notification): Promise<void> {
  const link = (notification.data as { link?: unknown } | null)?.link;
  const target = new URL(typeof link === "string" ? link : "/", worker.location.origin);
  const href = target.origin === worker.location.origin ? target.href : new URL("/", worker.location.origin).href;
  const windows = await worker.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === worker.location.origin);
  if (open) {
    try {
      // navigate() works on the pages this worker controls, which is every page of the app once it is installed.
      await (await open.focus()).navigate(href);
      return;
    } catch {
      // A page this worker doesn't control yet: open the link beside it.
    }
  }
  await worker.clients.openWindow(href);
}
