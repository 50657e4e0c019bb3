// Hartklop's service worker (push service worker version 2): shows pushes, opens
// their page on a click, and shows a small offline page when a navigation finds no network. The
// offline page (in the language of the site's last page) is cached at install: a new version of it
// ships with a change to this file, so that installed workers fetch it again.
const VERSION = 2;
const CACHE = `hartklop-sw-v${VERSION}`;
const OFFLINE_URL = "/offline.html";

self.addEventListener("install", (event) => {
  event.waitUntil(
    Promise.all([
      // Everything but navigations bypasses the worker (where the browser supports static routes):
      // a request sent while the page unloads, such as the lander's bounce beacon, must not wait
      // for a worker that is still starting or just claimed the page (Chromium then dropped it).
      event.addRoutes
        ? event
            .addRoutes({ condition: { not: { requestMode: "navigate" } }, source: "network" })
            .catch(() => {})
        : undefined,
      caches.open(CACHE).then((cache) => cache.add(new Request(OFFLINE_URL, { cache: "reload" }))),
    ]).then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name)));
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

// Only page navigations: everything else goes to the network as without a service worker.
self.addEventListener("fetch", (event) => {
  if (event.request.mode !== "navigate") return;
  event.respondWith(
    (async () => {
      try {
        return (await event.preloadResponse) || (await fetch(event.request));
      } catch {
        return (await caches.match(OFFLINE_URL)) || Response.error();
      }
    })(),
  );
});

/** A push's JSON (domain/notifications/push-payload.ts); a push that is not ours shows nothing odd. */
function readPayload(data) {
  try {
    const payload = data ? data.json() : null;
    if (payload && typeof payload.title === "string") return payload;
  } catch {
    // not JSON
  }
  return null;
}

self.addEventListener("push", (event) => {
  const payload = readPayload(event.data);
  if (!payload) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body || "",
      icon: payload.icon || "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      tag: payload.tag || undefined,
      renotify: Boolean(payload.tag),
      data: { url: payload.url || "/" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(
    (event.notification.data && event.notification.data.url) || "/",
    self.location.origin,
  );
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const same = windows.find((client) => client.url === target.href);
      if (same) return same.focus();
      const any = windows.find((client) => "navigate" in client);
      if (any) {
        const navigated = await any.navigate(target.href).catch(() => null);
        if (navigated) return navigated.focus();
      }
      return self.clients.openWindow(target.href);
    })(),
  );
});

function keyBytes(base64url) {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/** The site's VAPID key, from the old subscription or, when the browser gives none, the settings call. */
async function applicationServerKey(oldSubscription) {
  if (oldSubscription && oldSubscription.options && oldSubscription.options.applicationServerKey) {
    return oldSubscription.options.applicationServerKey;
  }
  const response = await fetch("/api/settings.php", { credentials: "same-origin" });
  const { settings } = await response.json();
  return keyBytes(settings.push_public_key);
}

// The browser replaced or expired this device's subscription: subscribe again and store the new one,
// so pushes keep arriving without the member opening the notifications page. The old endpoint is
// forgotten by the server when the push service answers 410 for it.
self.addEventListener("pushsubscriptionchange", (event) => {
  event.waitUntil(
    (async () => {
      const subscription =
        event.newSubscription ||
        (await self.registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: await applicationServerKey(event.oldSubscription),
        }));
      await fetch("/api/user.php?push=1", {
        method: "POST",
        credentials: "same-origin",
        // Every call to user.php carries the client marker (app/ui/api-call-headers.ts).
        headers: { "Content-Type": "application/json", "X-Request-Type": "client" },
        body: JSON.stringify({ subscription: subscription.toJSON() }),
      });
    })(),
  );
});
