// Brickrealm's service worker: keeps the app shells (each bundle's index.html and every file it
// names — the wasm, its JavaScript, the styles, the icons) so that after one online visit every
// page opens and works with no network at all. The API is never touched: the app's own store
// keeps the data.
//
// The app is several bundles (bundles.json, the table the server also routes by): the map's
// shell is served at `/`, each other bundle's at its own base (`/arena-bundle/`, `/editor-bundle/`, …).
// All of them are kept, so a page the browser never opened online still opens offline, with the
// bundle that owns its route.
//
// A page opens from its kept shell at once, with no round trip (a repeat visit on a slow phone
// network would wait 150 ms or more for HTML it already has); every such visit re-reads the shells
// behind it, so a new build opens on the visit after the one that fetched it, and the files of
// builds two refreshes old are dropped. Before the shells are kept, pages come from the network.
// Trunk hashes its file names, so every other file can be served from the cache first.
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
    event.respondWith((async () => {
      // The kept shell opens at once, with no round trip; the shells are re-read behind it.
      const kept = await keptShellFor(url.pathname);
      if (kept) {
        event.waitUntil(refreshShells().catch(() => {}));
        return kept;
      }
      try {
        const res = await fetch(req);
        if (res.ok) event.waitUntil(refreshShells().catch(() => {}));
        return res;
      } catch {
        return (await caches.match('/')) ?? Response.error();
      }
    })());
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

/** The kept shell of the bundle owning a page path, by the kept table; none before the first
 * refresh has stored the table. */
async function keptShellFor(path) {
  const table = await caches.match(TABLE);
  if (!table) return undefined;
  return caches.match(owner((await table.json()).bundles, path).base);
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
    // The shell this replaces may be the one a page is opening right now: its files stay until
    // the refresh after this one, when that page has long read them.
    const replaced = await cache.match(base);
    if (replaced) for (const m of (await replaced.text()).matchAll(ASSET)) keep.add(m[1]);
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
