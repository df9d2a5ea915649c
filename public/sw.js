/*
 * Flota driver's app service worker (docs/driver-app.md, "Offline"). Scope /driver.
 * - The driver's pages and their data (/driver, /driver/…, /driver.data): network first, the last answer kept, so
 *   the day's jobs, bookings and the vehicle check stay readable offline; a page never visited falls back to /driver.
 * - Hashed build assets (/assets/…): cache first (their names change with their content).
 * - The manifest, icons and React Router's route manifest: network first with the cached copy offline.
 * - Anything else, and every POST (actions go through the page's own queue in IndexedDB), is left to the network.
 */
// notifications: the push and notificationclick handlers (public/sw-push.js)
importScripts("/sw-push.js");

const CACHE = "flota-driver-v2";
const SHELL = ["/driver", "/manifest.webmanifest", "/icons/icon-192.png", "/icons/icon-512.png"];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => Promise.all(SHELL.map((url) => keep(cache, url))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith("flota-driver-") && k !== CACHE).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

/** Fetches a same-origin URL and keeps a good answer (never a redirect to the sign-in page). */
function keep(cache, url) {
  return fetch(url, { credentials: "same-origin" })
    .then((res) => (res.ok && !res.redirected ? cache.put(url, res) : undefined))
    .catch(() => undefined);
}

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "cache" && Array.isArray(data.urls)) {
    const urls = data.urls.filter((u) => {
      try {
        const url = new URL(u, self.location.origin);
        return url.origin === self.location.origin && isOurs(url);
      } catch {
        return false;
      }
    });
    event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(urls.map((u) => keep(cache, u)))));
  }
  // signing out: nothing of this driver's day stays on the phone
  if (data.type === "clear") event.waitUntil(caches.delete(CACHE));
});

const isPage = (url) =>
  url.pathname === "/driver" || url.pathname.startsWith("/driver/") || url.pathname.startsWith("/driver.data");
const isStatic = (url) =>
  url.pathname === "/manifest.webmanifest" || url.pathname.startsWith("/icons/") || url.pathname === "/__manifest";
const isOurs = (url) => isPage(url) || isStatic(url) || url.pathname.startsWith("/assets/");

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ||
          fetch(request).then((res) => {
            if (res.ok) {
              const copy = res.clone();
              caches.open(CACHE).then((cache) => cache.put(request, copy));
            }
            return res;
          }),
      ),
    );
    return;
  }
  if (isPage(url) || isStatic(url)) event.respondWith(networkFirst(request, url));
});

function networkFirst(request, url) {
  return fetch(request)
    .then((res) => {
      if (res.redirected && new URL(res.url).pathname === "/login") {
        // the session ended: what was kept belongs to it
        caches.delete(CACHE);
      } else if (res.ok && !res.redirected) {
        const copy = res.clone();
        caches.open(CACHE).then((cache) => cache.put(request, copy));
      }
      return res;
    })
    .catch(() =>
      caches
        .match(request, { ignoreVary: true })
        .then((hit) => hit || caches.match(url.pathname, { ignoreVary: true }))
        .then((hit) => hit || (request.mode === "navigate" ? caches.match("/driver") : undefined))
        .then((hit) => hit || Response.error()),
    );
}
