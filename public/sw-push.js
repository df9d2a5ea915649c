/*
 * Web Push in the driver app's service worker (imported by /sw.js with importScripts("/sw-push.js");
 * docs/driver-app.md, "Notifications"). The server sends JSON: { title, body, url, tag }, already in the
 * driver's language. A tap focuses an open Flota window (navigating it to the notice's page) or opens one.
 */
self.addEventListener("push", (event) => {
  let msg = {};
  try {
    msg = event.data ? event.data.json() : {};
  } catch {
    msg = { body: event.data ? event.data.text() : "" };
  }
  const title = msg.title || "Flota";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: msg.body || "",
      tag: msg.tag || undefined,
      renotify: Boolean(msg.tag),
      icon: "/favicon.svg",
      badge: "/favicon.svg",
      data: { url: typeof msg.url === "string" && msg.url.startsWith("/") ? msg.url : "/driver" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || "/driver", self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      for (const client of windows) {
        if (new URL(client.url).origin !== url.origin) continue;
        await client.focus();
        if ("navigate" in client && client.url !== url.href) await client.navigate(url.href).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(url.href);
    })(),
  );
});
