// The service worker of the site: every page a player has opened keeps working offline.
//
// tools/build-web.sh copies this file to dist/sw.js and stamps __BUILD__ with a hash of the
// build, so a new build starts a new cache (and drops those before the previous one). The
// pages register it (index.html) with the scope of the folder the site is served from.
//
// - A page (a navigation) this build's cache holds opens from it at once, with no round trip
//   to the server. A new build still shows on the next visit: every navigation also makes the
//   browser check sw.js (served `no-cache`), and a new build's worker, which starts with an
//   empty cache of its own, takes over at once; the visit after that fetches the new pages.
//   A page not kept comes from the network (and is kept); offline, a page never opened on
//   this device answers with a short note in Persian and English.
// - Everything else (wasm, JS, CSS, fonts, icons) has content-hashed or fixed names: from
//   this build's cache first, else from the network, then kept; offline or gone from the
//   server (a page of the previous build still open when this build's worker took over),
//   from the previous build's cache, which is kept until the next build's worker replaces it.
// - A page sends the addresses it loaded before the worker controlled it ('cache' message),
//   so the very first visit is kept too. With them the worker keeps the home page and every
//   file it loads ([HOME]), so the home page opens offline on a device that opened only a
//   game: it is the way to the other games, and small (about 90 KB brotli).
const CACHE = 'cards-__BUILD__';
const SCOPE = new URL(self.registration.scope).pathname;
/** The home page's files, relative to the site's folder (tools/build-web.sh writes the list). */
const HOME = __HOME__;
/** The site's regular font, relative to the site's folder (tools/build-web.sh writes its name). */
const FONT = '__FONT__';

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // The caches of older builds, oldest first (keys() lists them as created): the newest
      // one stays for the pages of that build still open; the rest go.
      const older = (await caches.keys()).filter((key) => key.startsWith('cards-') && key !== CACHE);
      for (const key of older.slice(0, -1)) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

/** Same origin, under the site's folder, and a GET: what the worker answers for; never the
 * relay's answers when it serves the site (its list of open tables, `GET /tables`, is new at
 * every read: kept, it would list the same tables for ever). */
function ours(request) {
  const url = new URL(request.url);
  return (
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    url.pathname.startsWith(SCOPE) &&
    !url.pathname.endsWith('/tables')
  );
}

/** The cache key of a page: its address without the query (the fragment never reaches us). */
function pageKey(url) {
  const u = new URL(url);
  u.search = '';
  u.hash = '';
  if (u.pathname.endsWith('/')) u.pathname += 'index.html';
  return u.href;
}

/** A page's body as a response to keep: the whole body read first, so that a connection cut
 * after the headers fails here and the kept page stays (cache.put would drop it). */
async function whole(response) {
  const body = await response.clone().arrayBuffer();
  const { status, statusText, headers } = response;
  return new Response(body, { status, statusText, headers });
}

async function page(request) {
  const cache = await caches.open(CACHE);
  const key = pageKey(request.url);
  const kept = await cache.match(key);
  if (kept) return kept;
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(key, await whole(response));
    return response;
  } catch (err) {
    // Offline before this build's worker kept the page: the previous build's page (with its
    // files, kept beside it), else the note.
    const older = await caches.match(key);
    if (older) return older;
    const home = key === pageKey(self.registration.scope);
    return new Response(offlineNote(home), { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
  }
}

async function asset(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request, { ignoreSearch: true });
  if (kept) return kept;
  let response;
  try {
    response = await fetch(request);
  } catch (err) {
    response = null;
  }
  if (response && response.ok) {
    await cache.put(request, response.clone());
    return response;
  }
  // Offline, or not on the server any more: the previous build's copy, if it has one.
  const older = await caches.match(request, { ignoreSearch: true });
  if (older) return older;
  if (response) return response;
  return Response.error();
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (!ours(request)) return;
  event.respondWith(request.mode === 'navigate' ? page(request) : asset(request));
});

/** Keeps each of `urls` (absolute, or relative to the worker) not kept yet; a page under its
 * address without the query. */
async function keep(cache, urls) {
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
}

/** The keeping of the messages so far: one message's files after another's, so that a file
 * two messages name is fetched once, and the answer to a message means all before it are done. */
let keeping = Promise.resolve();

self.addEventListener('message', (event) => {
  const urls = event.data && event.data.cache;
  if (!Array.isArray(urls)) return;
  // After the one before, whether or not it failed (a full storage), so that one failure
  // does not stop every later message's keeping.
  keeping = keeping.catch(() => {}).then(async () => {
    const cache = await caches.open(CACHE);
    // The page's own files first, then the home page's (after the page has loaded, so they
    // never compete with what the player is waiting for).
    await keep(cache, urls);
    await keep(cache, HOME.map((file) => new URL(file, self.registration.scope).href));
    for (const client of await self.clients.matchAll()) client.postMessage({ cached: urls.length });
  });
  event.waitUntil(keeping);
});

/** The answer for a page never opened on this device, offline: in the site's font (kept with
 * the home page), with a link home, except on the home page itself. */
function offlineNote(home) {
  const font = new URL(FONT, self.registration.scope).href;
  const homeLink = new URL(self.registration.scope).href;
  const [fa, en] = home
    ? ['این سایت هنوز روی این دستگاه باز نشده است. یک بار با اینترنت بازش کنید تا بعد بدون اینترنت هم کار کند.',
      'This site has not been opened on this device yet. Open it once online and it will work offline afterwards.']
    : ['این بازی هنوز روی این دستگاه باز نشده است. یک بار با اینترنت بازش کنید تا بعد بدون اینترنت هم کار کند.',
      'This game has not been opened on this device yet. Open it once online and it will work offline afterwards.'];
  const link = home ? '' : `<p><a href="${homeLink}" data-testid="offline-home">خانه · Home</a></p>`;
  return `<!doctype html>
<html lang="fa" dir="rtl"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>بدون اینترنت · Offline</title>
<style>@font-face{font-family:Vazirmatn;src:url(${font}) format("woff2");font-weight:400}
body{font-family:Vazirmatn,system-ui,sans-serif;background:#0f3d2e;color:#f5f1e6;display:grid;place-items:center;min-height:100vh;margin:0;text-align:center;padding:1rem}
a{color:#f2c94c}p{max-width:28rem;line-height:1.6}</style></head>
<body><main data-testid="offline-note">
<p>${fa}</p>
<p lang="en" dir="ltr">${en}</p>
${link}
</main></body></html>`;
}
