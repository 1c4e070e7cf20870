// Measures live updates (`GET /api/live`) as the server and a visitor meet them (run by hand, not
// in CI; it prints figures and asserts nothing).
//
//   target/release/server --db /tmp/live.db --dist dist --port 8092 --editor-key <KEY> &
//   BRICKREALM_EDITOR_KEY=<KEY> node e2e/measure/live.mjs http://127.0.0.1:8092 <server pid> [clients]
//
// Prints: the server's resident memory before and with the idle streams open (default 500), the
// CPU time it spent over 30 s with them idle, and, over 20 edits pushed by another editor, the
// time from sending the push to the poke reaching every idle stream and to an open map page
// showing the edit (median and p95).
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { launch } from '../lib/browser.mjs';

const base = process.argv[2] || 'http://127.0.0.1:8092';
const pid = Number(process.argv[3]);
const clients = Number(process.argv[4] || 500);
const key = process.env.BRICKREALM_EDITOR_KEY;
if (!pid || !key) throw new Error('usage: BRICKREALM_EDITOR_KEY=KEY node live.mjs URL PID [clients]');

const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
// utime + stime, in clock ticks (100 a second on Linux).
const cpuMs = () => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
};
const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))];

/**
 * An idle stream from loopback address `from` (the server allows a few streams per address, so
 * each client comes from an address of its own in 127/8): calls `onPoke(poke)` for each poke
 * after the first.
 */
function stream(from, onPoke) {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}/api/live`, { agent: false, localAddress: from }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`GET /api/live: ${res.statusCode}`));
      let buf = '', first = true;
      res.setEncoding('utf8');
      res.on('data', (d) => {
        buf += d;
        let i;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const ev = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const data = /^data: (.*)$/m.exec(ev);
          if (!data) continue;
          if (first) { first = false; resolve(req); } else onPoke(JSON.parse(data[1]));
        }
      });
    });
    req.on('error', reject);
  });
}

const before = rssMb();
let waiting = null;
const arrivals = [];
const streams = [];
for (let k = 0; k < clients; k++) {
  const from = `127.1.${Math.floor(k / 250)}.${(k % 250) + 1}`;
  streams.push(await stream(from, () => { if (waiting) arrivals.push(performance.now() - waiting); }));
}
const open = rssMb();
const cpu0 = cpuMs();
await new Promise((r) => setTimeout(r, 30_000));
const idleCpu = cpuMs() - cpu0;
console.log(`${clients} idle streams: server memory ${before.toFixed(1)} MB before, ${open.toFixed(1)} MB with them open (${((open - before) * 1024 / clients).toFixed(1)} KB each); CPU over 30 s idle: ${idleCpu} ms`);

const browser = await launch();
const page = await browser.context.newPage();
await page.goto(`${base}/map`);
await page.locator('.realm-status[data-live="true"]').waitFor({ timeout: 30_000 });

const client = `measure-live-${Date.now()}`;
let mutation = 0;
async function push(id, name) {
  const pull = await (await fetch(`${base}/api/sync/pull?since=0`)).json();
  const rec = pull.records.find((r) => r.kind === 'faction' && r.id === id);
  const res = await fetch(`${base}/api/sync/push`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ client_id: client, mutations: [{ mutation_id: ++mutation, op: 'put', kind: 'faction', id, base_revision: rec.revision, body: { ...rec.body, name } }] }),
  });
  const answer = await res.json();
  if (!res.ok || answer.results?.[0]?.status !== 'applied') throw new Error(`push: ${res.status} ${JSON.stringify(answer)}`);
}

const faction = (await (await fetch(`${base}/api/realm`)).json()).factions[0];
const shown = [], allStreams = [];
for (let k = 0; k < 20; k++) {
  const name = `${faction.name} (live ${k})`;
  arrivals.length = 0;
  const t = performance.now();
  waiting = t;
  await push(faction.id, name);
  await page.waitForFunction(([id, name]) => document.querySelector(`.faction-card[data-faction="${id}"] h3`)?.textContent === name,
    [faction.id, name], { timeout: 10_000, polling: 10 });
  shown.push(performance.now() - t);
  const deadline = performance.now() + 5_000;
  while (arrivals.length < clients && performance.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  allStreams.push(Math.max(...arrivals));
  waiting = null;
  await new Promise((r) => setTimeout(r, 300));
}
console.log(`poke reaching all ${clients} streams after a push was sent: median ${quantile(allStreams, 0.5).toFixed(0)} ms, p95 ${quantile(allStreams, 0.95).toFixed(0)} ms`);
console.log(`edit shown on an open map page after a push was sent: median ${quantile(shown, 0.5).toFixed(0)} ms, p95 ${quantile(shown, 0.95).toFixed(0)} ms`);
await push(faction.id, faction.name);
for (const s of streams) s.destroy();
await browser.close();
