// Does every page fit a phone? Opens each route at 390 × 844 (or W × 844) on the install a visitor
// meets (the demo with its votes and battles) and prints, per page: the document's scroll width,
// the elements whose box passes the viewport's right edge, spills out of its parent or is cut off
// by a box that hides its overflow, and the boxes that scroll sideways inside themselves. The Battle Lab is measured after a fight, so
// its results count. Screenshots go to $BRICKREALM_ARTIFACTS/fit-<page>-<W>.png. A measurement, not
// a test: run by hand (see docs/testing.md).
import { startServer, tempDir } from '../lib/server.mjs';
import { launch, screenshot } from '../lib/browser.mjs';
import { join } from 'node:path';

const W = Number(process.env.W || 390);
const dir = tempDir('brickrealm-fit-');
const server = await startServer({ db: join(dir.dir, 'fit.db'), demoActivity: true });
const { context, close } = await launch({ viewport: { width: W, height: 844 } });
const doc = await (await fetch(`${server.url}/api/realm`)).json();
const history = await (await fetch(`${server.url}/api/history?limit=200`)).json();
// A Version 2 battle, whose replay has the rounds screen, and one of another system (a chronicle).
const v2 = history.entries.find((e) => /2/.test(e.system))?.id;
const other = history.entries.find((e) => !/2/.test(e.system))?.id;
const faction = doc.factions?.[0]?.id;

const pages = [
  ['map', '/map', '.markers .marker'],
  ['arena', '/arena', '.arena'],
  ['standings', '/arena/standings', 'table.standings tbody tr'],
  ['history', '/history', 'h1'],
  ['replay-v2', `/history/${v2}`, '.back'],
  ['replay', `/history/${other}`, '.back'],
  ['archive', '/archive', '.archive-toc'],
  ['faction', `/factions/${faction}`, '.figure-card'],
  ['editor', '/editor', 'h1'],
  ['lab', '/lab', 'h1'],
];

const page = await context.newPage();
for (const [name, path, ready] of pages) {
  await page.goto(`${server.url}${path}`);
  await page.locator(ready).first().waitFor({ timeout: 30_000 }).catch(() => {});
  if (name === 'lab') {
    const fight = page.getByRole('button', { name: /^Fight/ }).first();
    if (await fight.count()) { await fight.click(); await page.waitForTimeout(3000); }
  }
  await page.waitForTimeout(800);
  const report = await page.evaluate((w) => {
    const scrolls = (el) => {
      for (let e = el.parentElement; e; e = e.parentElement) {
        const o = getComputedStyle(e).overflowX;
        if ((o === 'auto' || o === 'scroll' || o === 'hidden') && e !== document.documentElement && e !== document.body) return e;
      }
      return null;
    };
    const describe = (e) => e.tagName.toLowerCase() + (e.className && typeof e.className === 'string' ? '.' + e.className.trim().split(/\s+/).join('.') : '');
    const outside = [];
    const boxes = new Set();
    for (const e of document.body.querySelectorAll('*')) {
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const box = scrolls(e);
      if (box) {
        if (box.scrollWidth > box.clientWidth + 1) {
          // A box that hides what passes its edge cuts it off: that is a spill, not a scroll.
          if (getComputedStyle(box).overflowX === 'hidden' && r.right > box.getBoundingClientRect().right + 1) outside.push(`${describe(e)} clipped by ${describe(box)}`);
          else boxes.add(describe(box));
        }
        continue;
      }
      if (r.right > w + 1) outside.push(`${describe(e)} (${Math.round(r.right)}px)`);
      else {
        // Inside the viewport but past its own parent's edge: it spills out of its card.
        const parent = e.parentElement;
        const pos = getComputedStyle(e).position;
        if (parent && parent !== document.body && pos !== 'absolute' && pos !== 'fixed'
          && r.right > parent.getBoundingClientRect().right + 2) outside.push(`${describe(e)} spills out of ${describe(parent)}`);
      }
    }
    return { width: document.documentElement.scrollWidth, outside: outside.slice(0, 8), boxes: [...boxes].slice(0, 8) };
  }, W);
  const ok = report.width <= W && report.outside.length === 0;
  console.log(`${ok ? 'fits ' : 'SPILLS'} ${name.padEnd(10)} width ${report.width}px`
    + (report.outside.length ? `; outside: ${report.outside.join(', ')}` : '')
    + (report.boxes.length ? `; scrolls inside: ${report.boxes.join(', ')}` : ''));
  await screenshot(page, `fit-${name}-${W}`);
}
await close();
await server.stop();
dir.remove();
