/// <reference lib="webworker" />
/**
 * The app's service worker (decision 0013): the shell precached so the app opens offline, public library answers
 * kept network-first, and media the member downloaded served from Cache Storage, Range requests included, so
 * downloaded sermons and episodes play and seek offline. It is also the one worker that receives Web Push (decision
 * 0019): it shows what the server pushes and opens its page when the notification is clicked.
 */
import { clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { createPartialResponse } from "workbox-range-requests";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { NetworkFirst } from "workbox-strategies";
import { API_CACHE, DOWNLOADS_CACHE, OFFLINE_CODE } from "./cache-names";
import { showPush, openPushLink } from "./push-handlers";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes the open pages at once; later versions wait for "New version — reload".
clientsClaim();

// Every page is the app's own route. Online, the server's page answers: it carries the member's session and the
// first screen's data (src/server/http/app-shell.ts). Offline, or with no answer within a few seconds, the precached
// shell does, and the app asks for what it needs (or says it is offline).
const shell = createHandlerBoundToURL("index.html");
const PAGE_TIMEOUT_MS = 4000;
registerRoute(
  new NavigationRoute(
    async (options) => {
      // A navigation's request can't be given a signal (fetch refuses a RequestInit with mode "navigate"): race it.
      const late = new Promise<never>((_, reject) => setTimeout(() => reject(new Error("no answer")), PAGE_TIMEOUT_MS));
      try {
        return await Promise.race([fetch(options.request), late]);
      } catch {
        return shell(options);
      }
    },
    { denylist: [/^\/api\//, /^\/media\//, /^\/feeds\//, /^\/ws/, /^\/healthz/, /^\/readyz/] },
  ),
);

const offlineAnswer = () =>
  new Response(JSON.stringify({ message: "You are offline, and this has not been saved on this device.", code: OFFLINE_CODE }), {
    status: 503,
    headers: { "content-type": "application/json; charset=utf-8" },
  });

// The public library (content lists, events), so what a member has seen stays readable offline.
const library = new NetworkFirst({ cacheName: API_CACHE, networkTimeoutSeconds: 10 });
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.method === "GET" && (url.pathname.startsWith("/api/content/") || url.pathname === "/api/events"),
  async (options) => {
    try {
      return await library.handle(options);
    } catch {
      return offlineAnswer();
    }
  },
);

// Other API reads answer offline with the same clear message instead of a network error.
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === "GET" && url.pathname.startsWith("/api/"),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch {
      return offlineAnswer();
    }
  },
);

// Downloaded media: the whole file is in the cache; a player's Range request gets its 206 slice from it.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/media/"),
  async ({ request }) => {
    const cache = await caches.open(DOWNLOADS_CACHE);
    const saved = await cache.match(new URL(request.url).pathname, { ignoreSearch: true, ignoreVary: true });
    if (!saved) return fetch(request);
    return request.headers.has("range") ? createPartialResponse(request, saved) : saved;
  },
);

// "New version — reload": the page asks the waiting worker to take over.
self.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});

// Web Push: the server's notifications while no tab is open (decisions 0012 and 0019).
self.addEventListener("push", (event) => event.waitUntil(showPush(self, event.data)));
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(openPushLink(self, event.notification));
});
