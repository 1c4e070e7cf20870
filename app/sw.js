// Brickrealm's service worker: keeps the app shells (each bundle's index.html and every file it
// names — the wasm, its JavaScript, the styles, the icons) so that after one online visit every
// page opens and works with no network at all. The API is never touched: the app's own store
// keeps the data.
//
// The app is several bundles (bundles.json, the table the server also routes by): the map's
// shell is served at `/`, each other bundle's at its own base (`/arena-bundle/`, `/pages/`, …).
// All of them are kept, so a page the browser never opened online still opens offline, with the
// bundle that owns its route.
//
// Pages are fetched network-first, so a new build is picked up on the next online visit; the
// shells are then re-read and the files of older builds are dropped. Trunk hashes its file names,
// so every other file can be served from the cache first.
const CACHE = 'brickrealm-shell-v1';
const TABLE = '/bundles.json';
/** What a build without the table has: one shell at the root for every route. */
const SINGLE = [{ base: '/', routes: ['/'] }];
const ASSET = /["'](\/[^"'\s]+\.(?:js|wasm|css|svg|png|webmanifest))["']/g;

self.addEventListener('install', (event) => {
  event.waitUntil(refreshShells().catch(() => {}).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (req.mode === 'navigate') {
    event.respondWith(fetch(req).then((res) => {
      if (res.ok) event.waitUntil(refreshShells().catch(() => {}));
      return res;
    }).catch(async () => (await caches.match(await shellFor(url.pathname))) ?? (await caches.match('/')) ?? Response.error()));
    return;
  }
  event.respondWith((async () => {
    const hit = await caches.match(req);
    if (hit) return hit;
    const res = await fetch(req);
    if (res.ok) {
      // Keeping a copy is a bonus: a full disk (a refused quota) must never fail the page's own
      // request, so the write is not awaited and its failure is dropped.
      const copy = res.clone();
      event.waitUntil(caches.open(CACHE).then((cache) => cache.put(req, copy)).catch(() => {}));
    }
    return res;
  })());
});

/** The cached shell (a bundle's base) for a page path, by the cached table. */
async function shellFor(path) {
  const cached = await caches.match(TABLE);
  const bundles = cached ? (await cached.json()).bundles : SINGLE;
  return owner(bundles, path).base;
}

/** The bundle owning `path`: a route owns itself and what follows it after a `/` (one ending
 * in `/*` only what follows it); the longest route covering it wins; the first bundle takes the
 * rest (engine::wire::bundles::Bundles::owner is the same rule). */
function owner(bundles, path) {
  const owns = (route, p) => {
    if (route === '/') return p === '/';
    if (route.endsWith('/*')) {
      const below = `${route.slice(0, -1)}`;
      return p.startsWith(below) && p.length > below.length;
    }
    const r = route.replace(/\/+$/, '');
    return p === r || p.startsWith(`${r}/`);
  };
  let best = null;
  for (const b of bundles) {
    for (const r of b.routes) {
      if (owns(r, path) && (!best || r.length > best.len)) best = { b, len: r.length };
    }
  }
  return best ? best.b : bundles[0];
}

/** Stores the table, every bundle's shell and every file they name; drops what none names. */
async function refreshShells() {
  const cache = await caches.open(CACHE);
  const keep = new Set();
  let bundles = SINGLE;
  const table = await fetch(TABLE, { cache: 'no-cache' });
  if (table.ok) {
    bundles = (await table.clone().json()).bundles;
    await cache.put(TABLE, table);
    keep.add(TABLE);
  }
  for (const { base } of bundles) {
    const res = await fetch(base, { cache: 'no-cache' });
    // A shell that cannot be read now keeps everything as it was.
    if (!res.ok) return;
    const html = await res.clone().text();
    const assets = [...new Set([...html.matchAll(ASSET)].map((m) => m[1]))];
    await cache.put(base, res);
    keep.add(base);
    for (const path of assets) {
      keep.add(path);
      if (await cache.match(path)) continue;
      const file = await fetch(path);
      if (file.ok) await cache.put(path, file);
    }
  }
  const hrefs = new Set([...keep].map((p) => new URL(p, self.location.origin).href));
  for (const req of await cache.keys()) if (!hrefs.has(req.url)) await cache.delete(req);
}
