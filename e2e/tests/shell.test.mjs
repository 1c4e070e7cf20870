// The app shell: it loads cleanly, the frame shows while a bundle loads, the map draws the realm,
// every route is reachable, and the server keeps its data across a restart.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startServer, tempDir, EDITOR_KEY } from '../lib/server.mjs';
import { screenshot } from '../lib/browser.mjs';
import { MapPage, dragMarker } from '../lib/map_page.mjs';
import { LabPage } from '../lib/lab_page.mjs';
import { waitForBadge } from '../lib/sync.mjs';
import { suite } from '../lib/suite.mjs';

const s = suite('e2e', { profile: true });

async function realm() {
  const res = await fetch(`${s.url}/api/realm`);
  assert.equal(res.status, 200);
  return res.json();
}

test('app_loads_without_console_errors', async () => {
  const { page, errors } = await s.page();
  await new MapPage(page, s.url).open();
  await page.locator('.realm-status[data-status="synced"]').waitFor();
  assert.deepEqual(errors, []);
  await page.close();
});

test('while_a_bundle_loads_the_page_shows_the_bar_and_a_skeleton', async () => {
  // Every bundle in the table the server routes by, at its first route.
  const { bundles } = await (await fetch(`${s.url}/bundles.json`)).json();
  assert.ok(bundles.length >= 5, `the bundles: ${bundles.map((b) => b.name)}`);
  // A route ending in /* (the replay's /history/*) is visited at one of its pages.
  for (const [path, bundle] of bundles.map((b) => [b.routes.at(-1).replace(/\/\*$/, '/1'), b.name])) {
    const { context, page, errors } = await s.fresh({ viewport: { width: 390, height: 844 } });
    // The bundle's wasm is held back until the frame has been looked at.
    let release;
    const held = new Promise((r) => { release = r; });
    await page.route('**/*_bg.wasm', async (route) => { await held; await route.continue(); });
    await page.goto(`${s.url}${path}`);
    const frame = page.locator('#boot');
    await frame.waitFor();
    assert.deepEqual(await frame.locator('nav[aria-label="Main"] a').allInnerTexts(),
      ['Map', 'Arena', 'Archive', 'History', 'Editor', 'Battle Lab']);
    assert.ok(await frame.locator('.skeleton').first().isVisible(), `${path}: a skeleton`);
    assert.equal(await page.locator('body').getAttribute('data-bundle'), bundle);
    await screenshot(page, `frame-first-${bundle}`);
    release();
    await frame.waitFor({ state: 'detached' });
    assert.equal(await page.locator('nav[aria-label="Main"]').count(), 1, `${path}: the app's own bar, once`);
    if (path === '/history/1') {
      // No battle has been fought yet: the replay says so, after the server's 404.
      await page.locator('h1', { hasText: 'Battle not found' }).waitFor();
      assert.deepEqual(errors, ['Failed to load resource: the server responded with a status of 404 (Not Found)']);
    } else {
      assert.deepEqual(errors, []);
    }
    await context.close();
  }
});

test('every_page_is_served_under_the_content_security_policy', async () => {
  // Each bundle's shell allows its own inline loader by hash, and nothing inline else; the suite
  // fails any page that raises a violation, so the app runs under exactly this policy.
  for (const path of ['/map', '/arena', '/history', '/editor', '/lab', '/archive']) {
    const res = await fetch(`${s.url}${path}`);
    assert.equal(res.status, 200, path);
    const csp = res.headers.get('content-security-policy');
    assert.match(csp, /script-src 'self' 'wasm-unsafe-eval' 'sha256-/, path);
    assert.match(csp, /frame-ancestors 'none'/, path);
    assert.doesNotMatch(csp, /script-src[^;]*'unsafe-inline'/, path);
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff', path);
    assert.equal(res.headers.get('referrer-policy'), 'same-origin', path);
  }
  const api = await fetch(`${s.url}/api/health`);
  assert.match(api.headers.get('content-security-policy'), /frame-ancestors 'none'/);
});

test('map_draws_terrain_and_every_marker', async () => {
  const doc = await realm();
  const { page } = await s.page();
  const map = new MapPage(page, s.url);
  await map.open();
  const terrain = await map.terrainSummary();
  assert.equal(terrain.width, doc.map.width);
  assert.equal(terrain.height, doc.map.height);
  assert.equal(terrain.alpha, 255, 'terrain is painted, not transparent');
  assert.equal(terrain.colours, 6, 'all six terrains are drawn');
  const withMarker = doc.factions.filter((f) => f.marker);
  assert.ok(withMarker.length >= 13);
  assert.equal(await map.markers().count(), withMarker.length);
  for (const f of withMarker) {
    assert.equal(await page.locator(`.marker[data-faction="${f.id}"]`).count(), 1, f.name);
  }
  assert.equal(await map.cards().count(), doc.factions.length);
  await page.close();
});

test('map_screenshots_desktop_and_phone', async () => {
  for (const [name, viewport] of [['map-1366x768', { width: 1366, height: 768 }], ['map-390x844', { width: 390, height: 844 }]]) {
    const { page } = await s.page();
    await page.setViewportSize(viewport);
    await new MapPage(page, s.url).open();
    const box = await page.locator('.map-frame').boundingBox();
    assert.ok(box.width <= viewport.width, `map fits the ${viewport.width}px window`);
    assert.ok(Math.abs(box.width / box.height - 1.5) < 0.05, 'map keeps its 3:2 shape');
    await screenshot(page, name);
    await page.close();
  }
});

test('no_page_scrolls_sideways_on_a_phone', async () => {
  const { context, page, errors } = await s.fresh({ viewport: { width: 390, height: 844 } });
  const overflow = async (what) => {
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `${what} is ${width}px wide on a 390px phone`);
  };
  for (const path of ['/map', '/arena', '/arena/standings', '/arena/seasons', '/archive', '/history',
    '/editor', '/editor/terrain', '/lab/compare']) {
    await page.goto(`${s.url}${path}`);
    await waitForBadge(page, 'synced');
    await page.locator('main h1, canvas.terrain').first().waitFor();
    await overflow(path);
  }
  const lab = new LabPage(page, s.url);
  await lab.open();
  for (const [label, key] of [['Warfare', 'warfare'], ['Olympia', 'olympia'], ['Střet armád', 'mass_battle'], ['Book of Contests', 'contests']]) {
    await lab.tab(label, key);
    await overflow(`the lab's ${label} tab`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('navigation_reaches_every_route', async () => {
  const { page, errors } = await s.page();
  await new MapPage(page, s.url).open();
  const routes = [['Arena', '/arena'], ['Archive', '/archive'], ['History', '/history'],
    ['Editor', '/editor'], ['Battle Lab', '/lab'], ['Map', '/map']];
  for (const [label, path] of routes) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
    await page.waitForURL(`${s.url}${path}`);
    if (path === '/map') await page.locator('canvas.terrain').waitFor();
    else assert.equal(await page.locator('h1').innerText(), label);
  }
  // A deep link loads the app too (the server's SPA fallback).
  await page.goto(`${s.url}/history`);
  assert.equal(await page.locator('h1').innerText(), 'History');
  assert.deepEqual(errors, []);
  await page.close();
});

test('each_page_downloads_only_its_own_bundle', async () => {
  const { page, errors } = await s.page();
  const wasm = [];
  page.on('request', (req) => { if (new URL(req.url()).pathname.endsWith('.wasm')) wasm.push(new URL(req.url()).pathname); });
  await new MapPage(page, s.url).open();
  assert.equal(await page.locator('body').getAttribute('data-bundle'), 'map');
  assert.equal(wasm.length, 1, `one wasm for the map: ${wasm}`);
  // One battle, so History has a replay to open below: fighting loads nothing.
  const [a, b] = s.doc.factions.filter((f) => f.kind === 'ordinary' && f.marker);
  await dragMarker(page, a.id, b.id);
  await page.getByRole('button', { name: 'Fight' }).click();
  await page.locator('.result').waitFor();
  await waitForBadge(page, 'synced');
  assert.equal(wasm.length, 1, `the battle is fought in the map's bundle: ${wasm}`);
  assert.doesNotMatch(wasm[0], /^\/lab-bundle\//);
  // The Battle Lab is the other bundle: its link is an ordinary page load of that bundle.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Battle Lab', exact: true }).click();
  await page.waitForURL(`${s.url}/lab`);
  await page.locator('body[data-bundle="lab"] h1').waitFor();
  assert.match(wasm.at(-1), /^\/lab-bundle\/app-lab-.*\.wasm$/);
  // The arena, where most visitors go, is a bundle of its own, and so are History and the
  // Archive, which visitors read: none of them waits for the editor or the Lab. The editor
  // links none of the Lab's battle systems.
  for (const [label, path, bundle, folder] of [
    ['Arena', '/arena', 'arena', 'arena-bundle'],
    ['History', '/history', 'history', 'history-bundle'],
    ['Archive', '/archive', 'archive', 'archive-bundle'],
    ['Editor', '/editor', 'editor', 'editor-bundle'],
  ]) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
    await page.waitForURL(`${s.url}${path}`);
    await page.locator(`body[data-bundle="${bundle}"] h1`).waitFor();
    assert.match(wasm.at(-1), new RegExp(`^/${folder}/app-${bundle}-.*\\.wasm$`), label);
    if (bundle !== 'arena') continue;
    // The arena's standings and seasons tabs are a bundle of their own, so a voter's first
    // visit does not wait for them: the tab is a page load there, and the tab between them is not.
    const tabs = page.getByRole('navigation', { name: 'Arena' });
    await tabs.getByRole('link', { name: 'Standings', exact: true }).click();
    await page.waitForURL(`${s.url}/arena/standings`);
    await page.locator('body[data-bundle="standings"] h1', { hasText: 'Standings' }).waitFor();
    assert.match(wasm.at(-1), /^\/standings-bundle\/app-standings-.*\.wasm$/);
    await tabs.getByRole('link', { name: 'Seasons', exact: true }).click();
    await page.waitForURL(`${s.url}/arena/seasons`);
    await page.locator('body[data-bundle="standings"] h1', { hasText: 'Seasons' }).waitFor();
    assert.equal(await tabs.locator('[aria-current="page"]').innerText(), 'Seasons');
    assert.equal(wasm.length, 4, `the seasons tab is the standings bundle's page: ${wasm}`);
  }
  assert.equal(wasm.length, 7, `one wasm a bundle: ${wasm}`);
  // A replay is the replay bundle's page: the list, which visitors read on phones, links no
  // battle system. Its rows' links are ordinary page loads, and the replay's way back too.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History', exact: true }).click();
  await page.locator('body[data-bundle="history"] a.replay-link').first().click();
  await page.waitForURL(/\/history\/\d+$/);
  await page.locator('body[data-bundle="replay"] .battle-result, body[data-bundle="replay"] h1').first().waitFor();
  assert.match(wasm.at(-1), /^\/replay-bundle\/app-replay-.*\.wasm$/);
  await page.locator('p.back a').click();
  await page.waitForURL(`${s.url}/history`);
  await page.locator('body[data-bundle="history"] h1').waitFor();
  assert.equal(wasm.length, 10, `one wasm a page load: ${wasm}`);
  // An unknown path is "not found" in the default bundle, not a reload loop.
  await page.goto(`${s.url}/no-such-page`);
  assert.equal(await page.locator('h1').innerText(), 'Not found');
  assert.equal(await page.locator('body').getAttribute('data-bundle'), 'map');
  assert.deepEqual(errors, []);
  await page.close();
});

test('server_restarts_with_its_data_intact', async () => {
  const dir = tempDir('brickrealm-restart-');
  const db = join(dir.dir, 'realm.db');
  try {
    const first = await startServer({ db });
    assert.match(first.output(), /demo realm seeded/);
    // Rename a faction through the sync protocol, as an editor would.
    const doc = await (await fetch(`${first.url}/api/realm`)).json();
    const pulled = await (await fetch(`${first.url}/api/sync/pull?since=0`)).json();
    const faction = doc.factions[0];
    const stored = pulled.records.find((r) => r.kind === 'faction' && r.id === faction.id);
    const push = await fetch(`${first.url}/api/sync/push`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${EDITOR_KEY}` },
      body: JSON.stringify({ client_id: 'e2e-restart', mutations: [{
        mutation_id: 1, op: 'put', kind: 'faction', id: faction.id, base_revision: stored.revision,
        body: { ...faction, name: 'Renamed Before Restart' },
      }] }),
    });
    assert.equal(push.status, 200);
    assert.equal((await push.json()).results[0].status, 'applied');
    const before = await (await fetch(`${first.url}/api/realm`)).text();
    await first.stop();
    const second = await startServer({ db });
    assert.doesNotMatch(second.output(), /demo realm seeded/, 'the second start does not reseed');
    const after = await (await fetch(`${second.url}/api/realm`)).text();
    await second.stop();
    assert.equal(after, before);
    assert.equal(JSON.parse(after).factions[0].name, 'Renamed Before Restart');
  } finally {
    dir.remove();
  }
});
