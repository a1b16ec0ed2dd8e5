// The service worker of the site: every page a player has opened keeps working offline.
//
// tools/build-web.sh copies this file to dist/sw.js and stamps __BUILD__ with a hash of the
// build, so a new build starts a new cache and drops the old one. The pages register it
// (index.html) with the scope of the folder the site is served from.
//
// - A page (a navigation) comes from the network first, so an update shows as soon as the
//   player is online, and from the cache when the network fails; a page never opened on
//   this device answers with a short note in Persian and English.
// - Everything else (wasm, JS, CSS, fonts, icons) has content-hashed or fixed names: from
//   the cache first, else from the network, then kept.
// - A page sends the addresses it loaded before the worker controlled it ('cache' message),
//   so the very first visit is kept too.
const CACHE = 'cards-__BUILD__';
const SCOPE = new URL(self.registration.scope).pathname;

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith('cards-') && key !== CACHE) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

/** Same origin, under the site's folder, and a GET: what the worker answers for. */
function ours(request) {
  const url = new URL(request.url);
  return request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith(SCOPE);
}

/** The cache key of a page: its address without the query (the fragment never reaches us). */
function pageKey(url) {
  const u = new URL(url);
  u.search = '';
  u.hash = '';
  if (u.pathname.endsWith('/')) u.pathname += 'index.html';
  return u.href;
}

async function page(request) {
  const cache = await caches.open(CACHE);
  const key = pageKey(request.url);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (err) {
    const kept = await cache.match(key);
    if (kept) return kept;
    return new Response(OFFLINE_NOTE, { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
  }
}

async function asset(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request, { ignoreSearch: true });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (!ours(request)) return;
  event.respondWith(request.mode === 'navigate' ? page(request) : asset(request));
});

self.addEventListener('message', (event) => {
  const urls = event.data && event.data.cache;
  if (!Array.isArray(urls)) return;
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      for (const raw of urls) {
        const url = new URL(raw, self.location.href);
        if (url.origin !== self.location.origin || !url.pathname.startsWith(SCOPE)) continue;
        const isPage = url.pathname.endsWith('.html') || url.pathname.endsWith('/');
        const key = isPage ? pageKey(url.href) : url.href;
        if (await cache.match(key)) continue;
        try {
          const response = await fetch(url.href);
          if (response.ok) await cache.put(key, response);
        } catch (err) {
          // Offline already: what was not kept is fetched again on the next visit.
        }
      }
      for (const client of await self.clients.matchAll()) client.postMessage({ cached: urls.length });
    })(),
  );
});

const OFFLINE_NOTE = `<!doctype html>
<html lang="fa" dir="rtl"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>بدون اینترنت · Offline</title>
<style>body{font-family:system-ui,sans-serif;background:#0f3d2e;color:#f5f1e6;display:grid;place-items:center;min-height:100vh;margin:0;text-align:center;padding:1rem}
a{color:#f2c94c}p{max-width:28rem;line-height:1.6}</style></head>
<body><main data-testid="offline-note">
<p>این بازی هنوز روی این دستگاه باز نشده است. یک بار با اینترنت بازش کنید تا بعد بدون اینترنت هم کار کند.</p>
<p lang="en" dir="ltr">This game has not been opened on this device yet. Open it once online and it will work offline afterwards.</p>
<p><a href="index.html">خانه · Home</a></p>
</main></body></html>`;
