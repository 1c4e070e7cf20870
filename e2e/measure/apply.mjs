// Measures an open map page taking in one record another editor changed, on a big realm (run by
// hand, not in CI; it prints figures and asserts nothing).
//
//   target/debug/realm demo --scale 10 > /tmp/r10.json
//   target/release/server --db /tmp/apply.db --dist dist --port 8093 --editor-key <KEY> &
//   BRICKREALM_EDITOR_KEY=<KEY> node e2e/measure/apply.mjs http://127.0.0.1:8093 /tmp/r10.json
//
// Imports the realm file (PUT /api/realm) if the server holds fewer photos, opens the map, and then,
// 15 times each, another editor renames a faction, changes a photo's base attack, and changes a
// weapon's attack power (which every wearer's stats read, so the server sends every changed photo
// with it). Prints, per kind: how long the store took to take the change in (the User Timing
// measure `brickrealm:take-in`), the main thread's busy time in all, the page's redrawing included
// (Chromium's TaskDuration metric, from the push until the page has stored the change and gone
// quiet), and the time until it has stored it: median and p95. An idle line first gives the
// script's own polling, to subtract from the busy figures.
import { readFileSync } from 'node:fs';
import { launch } from '../lib/browser.mjs';

const base = process.argv[2] || 'http://127.0.0.1:8093';
const file = process.argv[3];
const key = process.env.BRICKREALM_EDITOR_KEY;
if (!key) throw new Error('usage: BRICKREALM_EDITOR_KEY=KEY node apply.mjs URL [REALM.json]');
const auth = { 'content-type': 'application/json', authorization: `Bearer ${key}` };
const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const pull = async () => (await fetch(`${base}/api/sync/pull?since=0`)).json();
let records = await pull();
const photos = () => records.records.filter((r) => r.kind === 'photo' && !r.deleted).length;
if (file) {
  const doc = JSON.parse(readFileSync(file, 'utf8'));
  if (photos() < doc.photos.length) {
    const res = await fetch(`${base}/api/realm`, { method: 'PUT', headers: auth, body: JSON.stringify(doc) });
    if (!res.ok) throw new Error(`PUT /api/realm: ${res.status} ${await res.text()}`);
    records = await pull();
  }
}
console.log(`realm: ${photos()} photos, ${records.records.length} records`);

const current = new Map(records.records.map((r) => [`${r.kind}/${r.id}`, r]));
const clientId = `measure-apply-${Date.now()}`;
let mutationId = 0;
/** Pushes a changed body of record `kind/id`; returns the server's change counter after it. */
async function push(kind, id, change) {
  const r = current.get(`${kind}/${id}`);
  const body = change(structuredClone(r.body));
  const res = await fetch(`${base}/api/sync/push`, {
    method: 'POST', headers: auth,
    body: JSON.stringify({ client_id: clientId, mutations: [{ mutation_id: ++mutationId, op: 'put', kind, id, base_revision: r.revision, body }] }),
  });
  const answer = await res.json();
  const result = answer.results[0];
  if (result.result !== 'applied' && !result.revision) throw new Error(`push: ${JSON.stringify(result)}`);
  current.set(`${kind}/${id}`, { ...r, body, revision: result.revision });
  return answer.server_rev;
}

const browser = await launch();
const page = await browser.context.newPage();
await page.goto(`${base}/map`);
await page.locator('.markers .marker').first().waitFor({ timeout: 120_000 });
await page.locator('.realm-status[data-status="synced"][data-live="true"]').waitFor({ timeout: 120_000 });
const cdp = await browser.context.newCDPSession(page);
await cdp.send('Performance.enable');
const busyMs = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value * 1000;
/**
 * The cursor of the snapshot the page has stored: in IndexedDB (app/src/store/disk.rs), or in
 * localStorage for a build from before it, so the same script measures both.
 */
const storedCursor = () => page.evaluate(() => new Promise((resolve) => {
  const old = () => JSON.parse(localStorage.getItem('brickrealm.snapshot.v1') ?? '{"cursor":0}').cursor;
  const open = indexedDB.open('brickrealm');
  open.onupgradeneeded = () => open.transaction.abort();
  open.onerror = () => resolve(old());
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains('meta')) { db.close(); resolve(old()); return; }
    const get = db.transaction('meta').objectStore('meta').get('snapshot');
    get.onsuccess = () => { db.close(); resolve(get.result ? JSON.parse(get.result).cursor : 0); };
  };
}));
/** Waits until the page has stored cursor `rev` (or, with `rev` null, polls as long as a change takes). */
async function waitStored(rev) {
  for (let i = 0; rev === null ? i < 4 : (await storedCursor()) < rev; i++) {
    if (rev === null) await storedCursor();
    await sleep(50);
  }
}
/** The durations of the store's take-ins so far (`brickrealm:take-in`, app/src/store.rs). */
const takeIns = () => page.evaluate(() => performance.getEntriesByName('brickrealm:take-in').map((e) => e.duration));
await sleep(2000);

const faction = records.records.find((r) => r.kind === 'faction' && !r.deleted);
const photo = records.records.find((r) => r.kind === 'photo' && !r.deleted);
const weapon = records.records.find((r) => r.kind === 'weapon' && !r.deleted && typeof r.body.attack_power === 'number');
const kinds = [
  ['faction renamed', 'faction', faction.id, (b, n) => ({ ...b, name: `Measured ${n}` })],
  ['photo base attack', 'photo', photo.id, (b, n) => ({ ...b, base_attack: 10 + n })],
  ['weapon attack power', 'weapon', weapon.id, (b, n) => ({ ...b, attack_power: 5 + n / 10 })],
];
// The same wait with nothing changed: the polling's own cost, to subtract.
const idle = [];
for (let n = 1; n <= 15; n++) {
  const before = await busyMs();
  await waitStored(null);
  await sleep(400);
  idle.push((await busyMs()) - before);
}
console.log(`idle (this script's polling alone): main thread busy median ${quantile(idle, 0.5).toFixed(1)} ms, p95 ${quantile(idle, 0.95).toFixed(1)} ms`);
for (const [label, kind, id, change] of kinds) {
  const busy = [], stored = [], takeIn = [];
  for (let n = 1; n <= 15; n++) {
    const seen = await takeIns();
    const before = await busyMs();
    const t = performance.now();
    const rev = await push(kind, id, (b) => change(b, n));
    await waitStored(rev);
    stored.push(performance.now() - t);
    await sleep(400);
    busy.push((await busyMs()) - before);
    const spans = (await takeIns()).slice(seen.length);
    takeIn.push(spans.length ? spans.reduce((a, b) => a + b, 0) : NaN);
  }
  const took = takeIn.filter((x) => !Number.isNaN(x));
  const store = took.length ? `store took it in (one splice) median ${quantile(took, 0.5).toFixed(1)} ms, p95 ${quantile(took, 0.95).toFixed(1)} ms over ${took.length}/${takeIn.length} changes; ` : 'no splice (a full rebuild each time); ';
  console.log(`${label}: ${store}main thread busy in all median ${quantile(busy, 0.5).toFixed(1)} ms, p95 ${quantile(busy, 0.95).toFixed(1)} ms; stored after median ${quantile(stored, 0.5).toFixed(0)} ms, p95 ${quantile(stored, 0.95).toFixed(0)} ms`);
}
await browser.close();
