/*
 * The Web Push service worker, and nothing else: it shows the notifications the server pushes and opens their page
 * when one is clicked. It is registered with the scope /push/ so that it never controls pages and can live beside
 * the app's own (offline) service worker at /.
 */
self.addEventListener("push", (event) => {
  let message = { title: "Gathering", body: "", link: "/", tag: "notification" };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    // A push without a JSON payload still shows something.
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: "/favicon.svg",
      data: { link: message.link || "/" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.link || "/", self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) return open.focus().then((client) => client.navigate(target));
      return self.clients.openWindow(target);
    }),
  );
});
