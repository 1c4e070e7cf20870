// Times each route's first visit and repeat visit as a visitor meets them, on a desktop profile
// and on a mid-range phone over a slow network (run by hand, not in CI; it prints figures and
// asserts nothing).
//
//   cargo xtask serve            # or: target/release/server --db F --dist dist --port 8080
//   node e2e/measure/first_visit.mjs http://127.0.0.1:8080 [/map /arena ...]
//
// The phone profile is Lighthouse's mobile one: the CPU 4× slower, 1.6 Mbit/s down, 750 kbit/s up,
// 150 ms round trip, at 390×844. A first visit is a fresh browser context (empty cache, storage
// and service worker); the repeat visit is a new page in that context once the service worker
// is in control and the realm is stored. Each figure is the time from navigation to the frame that
// first draws the route's meaningful element (taken in the page: profiles.mjs, `shownAt`), with
// the bytes that came over the network (as encoded, so gzip or Brotli counts as sent).
// `RUNS=3` takes the median of three. The throttling is the page's: requests the service worker
// makes itself (keeping every bundle on a first visit, re-reading the shells) are not slowed and
// cost the page nothing, so a page that waited on one, or shared the network with one, would read
// fast here; app/sw.js opens pages from its cache for that reason. `LINK=shared` puts the phone
// profile's network in front of the server instead (shared_link.mjs), one link for the page and
// its service worker together, as on a phone.
import { launchBrowser } from '../lib/browser.mjs';
import { PROFILES, settled, shownAt, throttledPage } from './profiles.mjs';
import { sharedLink } from './shared_link.mjs';

const base = process.argv[2] || 'http://127.0.0.1:8080';
const only = process.argv.slice(3);
const runs = Number(process.env.RUNS || 1);
const shared = process.env.LINK === 'shared';

/** Each route and the element that means the visitor sees what they came for. */
const ROUTES = [
  ['/map', '.markers .marker'],
  ['/arena', '.arena-pair'],
  ['/arena/standings', 'table.standings tbody tr'],
  ['/arena/seasons', '.season-list li'],
  ['/archive', '.archive table'],
  ['/history', '.history-filters, .history-empty, table.history-rows'],
  ['/editor', '.editor-section'],
  ['/lab', '.lab-tabs'],
].filter(([path]) => only.length === 0 || only.includes(path));

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Opens `path` and waits for `selector`: milliseconds and bytes. */
async function visit(context, profile, path, selector, url = base) {
  const { page, counted } = await throttledPage(context, profile);
  const ms = await shownAt(page, `${url}${path}`, selector);
  return { page, ms, bytes: counted.bytes };
}

const browser = await launchBrowser();
const kb = (b) => `${(b / 1024).toFixed(0)} KB`;
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
console.log(`${base}, ${runs} run(s) each, median${shared ? ', the phone on one shared link' : ''}`);
console.log('| route | profile | first visit | transferred | repeat visit | transferred |');
console.log('|---|---|---|---|---|---|');
for (const [path, selector] of ROUTES) {
  for (const [name, profile] of Object.entries(PROFILES)) {
    const first = [], firstBytes = [], again = [], againBytes = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: profile.viewport });
      // On a shared link the page's own throttling is off: the link is the network.
      const link = shared && profile.network ? await sharedLink(base, profile.network) : null;
      const shaped = link ? { ...profile, network: null } : profile;
      const url = link ? link.url : base;
      const one = await visit(context, shaped, path, selector, url);
      first.push(one.ms);
      firstBytes.push(one.bytes);
      await settled(one.page);
      await one.page.close();
      const two = await visit(context, shaped, path, selector, url);
      again.push(two.ms);
      againBytes.push(two.bytes);
      await context.close();
      link?.close();
    }
    console.log(`| ${path} | ${name} | ${s(median(first))} | ${kb(median(firstBytes))} | ${s(median(again))} | ${kb(median(againBytes))} |`);
  }
}
await browser.close();
