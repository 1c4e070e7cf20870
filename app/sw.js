// Brickrealm's service worker: keeps the app shell (index.html and every file it names — the
// wasm, its JavaScript, the styles, the icons) so that after one online visit the app opens and
// works with no network at all. The API is never touched: the app's own store keeps the data.
//
// Pages are fetched network-first, so a new build is picked up on the next online visit; the
// shell is then re-read and the files of older builds are dropped. Trunk hashes its file names,
// so every other file can be served from the cache first.
const CACHE = 'brickrealm-shell-v1';
const SHELL = '/';
const ASSET = /["'](\/[^"'\s]+\.(?:js|wasm|css|svg|png|webmanifest))["']/g;

self.addEventListener('install', (event) => {
  event.waitUntil(refreshShell().catch(() => {}).then(() => self.skipWaiting()));
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
      if (res.ok) event.waitUntil(refreshShell(res.clone()).catch(() => {}));
      return res;
    }).catch(async () => (await caches.match(SHELL)) ?? Response.error()));
    return;
  }
  event.respondWith((async () => {
    const hit = await caches.match(req);
    if (hit) return hit;
    const res = await fetch(req);
    if (res.ok) {
      const cache = await caches.open(CACHE);
      await cache.put(req, res.clone());
    }
    return res;
  })());
});

/** Stores the shell (fetched unless given) and every file it names; drops what it no longer names. */
async function refreshShell(given) {
  const res = given ?? await fetch(SHELL, { cache: 'no-cache' });
  if (!res.ok) return;
  const html = await res.clone().text();
  const assets = [...new Set([...html.matchAll(ASSET)].map((m) => m[1]))];
  const cache = await caches.open(CACHE);
  await cache.put(SHELL, res);
  for (const path of assets) {
    if (await cache.match(path)) continue;
    const file = await fetch(path);
    if (file.ok) await cache.put(path, file);
  }
  const keep = new Set([SHELL, ...assets].map((p) => new URL(p, self.location.origin).href));
  for (const req of await cache.keys()) if (!keep.has(req.url)) await cache.delete(req);
}
