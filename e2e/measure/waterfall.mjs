// Where a phone visit's time goes: each resource's start and end (ms from navigation) and bytes,
// for a first visit and for the repeat visit once the service worker is in control, beside the
// time the route's first meaningful element showed (run by hand, not in CI; it prints figures
// and asserts nothing). The profile is first_visit.mjs's phone one.
//
//   node e2e/measure/waterfall.mjs http://127.0.0.1:8080 [/map ['.markers .marker']]
import { launchBrowser } from '../lib/browser.mjs';
import { PROFILES, settled, shownAt, throttledPage } from './profiles.mjs';

const base = process.argv[2] || 'http://127.0.0.1:8080';
const path = process.argv[3] || '/map';
const selector = process.argv[4] || '.markers .marker';

const browser = await launchBrowser();
const context = await browser.newContext({ viewport: PROFILES.phone.viewport });

/** Visits once and prints the waterfall. */
async function visit(label) {
  const { page } = await throttledPage(context, PROFILES.phone);
  const shown = Math.round(await shownAt(page, `${base}${path}`, selector));
  const rows = await page.evaluate(() => performance.getEntriesByType('resource')
    .map((e) => [e.name.replace(location.origin, ''), Math.round(e.startTime), Math.round(e.responseEnd), e.transferSize]));
  console.log(`${label} visit: ${selector} shown at ${shown} ms`);
  console.log('| resource | start ms | end ms | bytes |');
  console.log('|---|---|---|---|');
  for (const [name, start, end, bytes] of rows) console.log(`| ${name} | ${start} | ${end} | ${bytes} |`);
  return page;
}

const first = await visit('first');
await settled(first);
await first.close();
await visit('repeat');
await browser.close();
