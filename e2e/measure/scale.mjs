// Measures the standings and Realm History on a big database, as a visitor meets them (run by
// hand, not in CI; it prints figures and asserts nothing but that the counts agree).
//
//   cargo xtask fixture --scale 10 --votes 1000000 --battles 100000 --db /var/tmp/fx10.db
//   target/release/server --db /var/tmp/fx10.db --dist dist --port 8091 &
//   node e2e/measure/scale.mjs http://127.0.0.1:8091
//
// Prints: the standings' time from opening the tab to the fit shown and the requests it made;
// the history's first page (server time over 20 requests, and shown in the browser), whether its
// tallies equal a full count over the JSON export, and each export's time and size.
import http from 'node:http';
import { launch } from '../lib/browser.mjs';

const base = process.argv[2] || 'http://127.0.0.1:8091';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// One request on a fresh connection (node's fetch keeps connections alive and then sometimes
// waits 40 ms on a delayed ACK over loopback, which is no part of the server's time).
function timed(url) {
  const t = performance.now();
  return new Promise((resolve, reject) => {
    http.get(url, { agent: false }, (res) => {
      const chunks = [];
      res.on('data', (d) => chunks.push(d));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ ms: performance.now() - t, bytes: body.length, body, status: res.statusCode });
      });
    }).on('error', reject);
  });
}

// Wait until the server has a fit of the collection as it is (the first fit after a start).
for (;;) {
  const s = await (await fetch(`${base}/api/standings`)).json();
  if (!s.fitting) {
    console.log(`standings: the server's fit of ${s.fit.votes} votes over ${s.fit.pairs} pairs took ${s.fit_ms ?? s.fit.fit_ms} ms (off the request path)`);
    break;
  }
  await new Promise((r) => setTimeout(r, 500));
}

const browser = await launch();
const page = await browser.context.newPage();
// Warm the app's own copy of the realm first, so the figures are of the standings, not the sync.
await page.goto(`${base}/arena/standings`);
await page.locator('.fit-note[data-fitting="false"]', { hasText: 'Bradley–Terry fit of' }).waitFor({ timeout: 120_000 });

const apiCalls = [];
page.on('request', (r) => { const u = new URL(r.url()); if (u.pathname.startsWith('/api/')) apiCalls.push(u.pathname); });
let t = performance.now();
await page.goto(`${base}/arena/standings`);
await page.locator('table.standings tbody tr').first().waitFor({ timeout: 120_000 });
const tableMs = performance.now() - t;
await page.locator('.fit-note[data-fitting="false"]', { hasText: 'Bradley–Terry fit of' }).waitFor({ timeout: 120_000 });
const standingsMs = performance.now() - t;
const standingsCalls = apiCalls.filter((p) => p === '/api/standings' || p.startsWith('/api/votes')).length;
const rows = await page.locator('table.standings td.bt-score').evaluateAll((cells) => cells.filter((c) => c.textContent !== '—').length);
console.log(`standings: the Elo table (the browser's own copy) shown ${tableMs.toFixed(0)} ms and the fit ${standingsMs.toFixed(0)} ms after opening the tab, ${standingsCalls} request(s) for it, ${rows} fitted rows`);

// History: the first page's server time, then as shown.
const serverTimes = [];
let first;
for (let i = 0; i < 20; i++) {
  const r = await timed(`${base}/api/history?limit=100`);
  serverTimes.push(r.ms);
  first = JSON.parse(r.body);
}
const deep = [];
let cursor = first.next;
for (let i = 0; i < 5 && cursor; i++) {
  const r = await timed(`${base}/api/history?limit=100&before=${cursor}`);
  deep.push(r.ms);
  cursor = JSON.parse(r.body).next;
}
const filtered = await timed(`${base}/api/history?limit=100&faction=${first.factions[0].faction}`);
console.log(`history: first page ${median(serverTimes).toFixed(1)} ms median over 20 (loopback, whole request, fresh connection), a later page ${median(deep).toFixed(1)} ms, a faction's first page ${filtered.ms.toFixed(1)} ms; ${first.battles} battles`);
t = performance.now();
await page.goto(`${base}/history`);
await page.locator('.history-row').first().waitFor({ timeout: 60_000 });
console.log(`history: first page shown ${(performance.now() - t).toFixed(0)} ms after navigation`);

// The exports, and the tallies against a full count over every exported row.
const json = await timed(`${base}/api/history/export?format=json`);
const csv = await timed(`${base}/api/history/export?format=csv`);
const all = JSON.parse(json.body);
const bySystem = {};
const byFaction = {};
for (const e of all) {
  const s = (bySystem[e.system] ??= { battles: 0, attacker_wins: 0 });
  s.battles += 1;
  if (e.winner === 'attacker') s.attacker_wins += 1;
  for (const [f, won] of [[e.attacker, e.winner === 'attacker'], [e.defender, e.winner === 'defender']]) {
    const t2 = (byFaction[f] ??= { won: 0, lost: 0 });
    if (won) t2.won += 1; else t2.lost += 1;
  }
}
const systemsAgree = first.tallies.every((t3) => bySystem[t3.system]?.battles === t3.battles && bySystem[t3.system]?.attacker_wins === t3.attacker_wins)
  && first.tallies.length === Object.keys(bySystem).length;
const factionsAgree = first.factions.every((f) => byFaction[f.faction]?.won === f.attack_won + f.defence_won && byFaction[f.faction]?.lost === f.attack_lost + f.defence_lost)
  && first.factions.length === Object.keys(byFaction).length;
console.log(`history: tallies equal a full count over ${all.length} exported battles: systems ${systemsAgree}, factions ${factionsAgree}`);
console.log(`export: JSON ${(json.bytes / 1e6).toFixed(1)} MB in ${(json.ms / 1000).toFixed(2)} s; CSV ${(csv.bytes / 1e6).toFixed(1)} MB in ${(csv.ms / 1000).toFixed(2)} s`);
await page.screenshot({ path: process.env.SHOT_DIR ? `${process.env.SHOT_DIR}/history-big.png` : '/tmp/history-big.png', fullPage: false });
await page.goto(`${base}/arena/standings`);
await page.locator('.fit-note[data-fitting="false"]').waitFor({ timeout: 120_000 });
await page.screenshot({ path: process.env.SHOT_DIR ? `${process.env.SHOT_DIR}/standings-big.png` : '/tmp/standings-big.png', fullPage: false });
await browser.close();
if (!systemsAgree || !factionsAgree) process.exit(1);
