// Counts what axe-core (WCAG 2.2 A and AA) finds on every route of the bundle table, by rule and
// impact (run by hand; it prints a table and asserts nothing — the suite's a11y test fails on
// anything serious or critical).
//
//   node e2e/measure/axe.mjs http://127.0.0.1:8080
import { launchBrowser } from '../lib/browser.mjs';
import { audit } from '../lib/axe.mjs';

const base = process.argv[2] || 'http://127.0.0.1:8080';
const { bundles } = await (await fetch(`${base}/bundles.json`)).json();
const routes = [...new Set(bundles.flatMap((b) => b.routes).filter((r) => r !== '/' && !r.endsWith('/*')))];
routes.push('/lab/compare', '/arena/standings', '/arena/seasons', '/editor/terrain');

const browser = await launchBrowser();
console.log('| route | violations (elements) | rules |');
console.log('|---|---|---|');
for (const route of routes) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${base}${route}`);
  await page.locator('#boot').waitFor({ state: 'detached' });
  await page.locator('h1, .markers .marker').first().waitFor();
  await page.waitForTimeout(1500);
  const found = await audit(page);
  const count = found.reduce((n, v) => n + v.nodes.length, 0);
  const rules = found.map((v) => `${v.impact} \`${v.id}\` (${v.nodes.length})`).join(', ') || 'none';
  console.log(`| ${route} | ${count} | ${rules} |`);
  await context.close();
}
await browser.close();
