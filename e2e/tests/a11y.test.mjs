// Everyone can play: axe-core (WCAG 2.2 A and AA) finds nothing serious or critical on any route
// of the bundle table or in the main dialogs — the set-up, the round screen and the victory, the
// sync panel, the lightbox. axe runs in the page through the DevTools protocol, under the
// production CSP (nothing is bypassed). The routes come from the table, so a new page is audited
// without editing this file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { audit, blocking } from '../lib/axe.mjs';
import { dragMarker } from '../lib/map_page.mjs';
import { PhotosEditor } from '../lib/editor_photos.mjs';
import { openPanel, unlockEditor } from '../lib/sync.mjs';
import { suite } from '../lib/suite.mjs';

const s = suite('a11y', { profile: { viewport: { width: 1366, height: 900 } } });

/** Every route a visitor can open: each bundle's routes, and the pages below them (a route
 * ending in /*, the replay's, is audited at the battle the test fights). */
async function routes() {
  const { bundles } = await (await fetch(`${s.url}/bundles.json`)).json();
  const top = bundles.flatMap((b) => b.routes).filter((r) => r !== '/' && !r.endsWith('/*'));
  assert.ok(top.length >= 6, `the table's routes: ${top}`);
  return [...top, '/arena/standings', '/arena/seasons', '/lab/compare', '/editor/terrain',
    `/factions/${s.doc.factions[0].id}`];
}

/** Opens `path` and waits until the app has replaced the frame and drawn its page. */
async function open(page, path) {
  await page.goto(`${s.url}${path}`);
  await page.locator('#boot').waitFor({ state: 'detached' });
  await page.locator('main h1, main h2, .markers .marker').first().waitFor();
  await page.locator('.realm-status[data-status="synced"]').waitFor({ timeout: 30_000 });
}

async function assertClean(page, what, within) {
  const found = blocking(await audit(page, within));
  assert.deepEqual(found, [], `${what}: ${found.length} serious or critical`);
}

test('no_route_has_a_serious_or_critical_violation', async () => {
  // A battle first, so /history lists one and its replay is audited too.
  const { page, errors } = await s.page();
  await open(page, '/map');
  const [a, b] = s.doc.factions.filter((f) => f.kind === 'ordinary' && f.marker);
  await dragMarker(page, a.id, b.id);
  await page.locator('.battle-panel button.fight').click();
  await page.locator('.battle-panel .result').waitFor();
  const replay = await page.locator('.history-link a').getAttribute('href');
  await page.waitForFunction(() => document.querySelector('.realm-status')?.dataset.status === 'synced');
  for (const path of [...await routes(), replay]) {
    await open(page, path);
    await assertClean(page, path);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('the_battle_screens_and_the_sync_panel_pass', async () => {
  const { page, errors } = await s.page();
  await open(page, '/map');
  const [a, , c] = s.doc.factions.filter((f) => f.kind === 'ordinary' && f.marker);
  await dragMarker(page, a.id, c.id);
  await page.locator('.battle-panel').waitFor();
  await page.locator('.battle-panel .odds').waitFor();
  await assertClean(page, 'the set-up', '.map-page');
  await page.locator('.battle-panel button.fight').click();
  await page.locator('.battle-panel .result .round-screen, .battle-panel .result').first().waitFor();
  await assertClean(page, 'the round screen and the victory', '.map-page');
  await openPanel(page);
  await assertClean(page, 'the sync panel', '.sync-panel');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the_unlocked_editor_and_the_lightbox_pass', async () => {
  const { context, page, errors } = await s.fresh();
  await page.goto(`${s.url}/editor`);
  await page.locator('.regiments-editor').waitFor();
  await unlockEditor(page);
  // The editor as an editor sees it, every form open for writing.
  await assertClean(page, 'the editor, unlocked');
  const photos = new PhotosEditor(page);
  const photo = s.doc.photos.find((p) => p.group.regiment);
  await photos.pickFaction(photo.faction);
  await photos.open(photo.id);
  await assertClean(page, 'the lightbox', '.lightbox');
  assert.deepEqual(errors, []);
  await context.close();
});
