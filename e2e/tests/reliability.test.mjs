// Reliability in a real browser: names carrying markup render as text on every page; the offline
// queue survives a browser restart (same profile) and syncs exactly once; a push whose answer is
// lost after the server applied it is retried and settles without applying twice.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tempDir, EDITOR_KEY } from '../lib/server.mjs';
import { launchProfile, screenshot } from '../lib/browser.mjs';
import { badge, waitForBadge, syncNow, waitForOfflineShell, FactionForm, unlockEditor } from '../lib/sync.mjs';
import { suite } from '../lib/suite.mjs';

const s = suite('reliability');

async function api(path, init) {
  const res = await fetch(`${s.url}${path}`, init);
  assert.ok(res.ok, `${path}: ${res.status} ${await res.clone().text()}`);
  return res.json();
}

/** The stored record of a faction: its revision and body, as the sync protocol holds it. */
async function factionRecord(id) {
  const pull = await api('/api/sync/pull?since=0');
  return pull.records.find((r) => r.kind === 'faction' && r.id === id);
}

/** Opens the editor on `page`, unlocks it and waits until it is settled. */
async function unlockedEditor(page) {
  const form = new FactionForm(page);
  await form.open(s.url);
  await unlockEditor(page);
  return form;
}

const MARKUP = '<img src=x onerror="window.__xss=1"><b>Bold</b> & <script>window.__xss=2</script>';

test('names_with_markup_render_as_text_on_every_page', async () => {
  const realm = await api('/api/realm');
  const faction = realm.factions[0];
  faction.name = `House ${MARKUP}`.slice(0, 60);
  realm.photos[0].name = `Figure ${MARKUP}`.slice(0, 60);
  realm.seasons[0].name = `Season ${MARKUP}`.slice(0, 60);
  await api('/api/realm', {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${EDITOR_KEY}` },
    body: JSON.stringify(realm),
  });

  const { context, page, errors } = await s.fresh();
  for (const path of ['/map', '/editor', '/arena', '/arena/standings', '/arena/seasons', '/archive', '/history', '/lab']) {
    await page.goto(`${s.url}${path}`);
    await waitForBadge(page, 'synced');
    await page.waitForTimeout(500); // Let the page draw what the synced realm holds.
    const injected = await page.evaluate(() => ({
      flag: window.__xss ?? null,
      imgs: document.querySelectorAll('img[src="x"]').length,
      bolds: [...document.querySelectorAll('b')].filter((b) => b.textContent === 'Bold').length,
    }));
    assert.deepEqual(injected, { flag: null, imgs: 0, bolds: 0 }, `markup was interpreted on ${path}`);
  }
  // The name is shown, literally, where the editor lists factions.
  await page.goto(`${s.url}/editor`);
  await page.locator('.faction-form').waitFor();
  const names = await new FactionForm(page).names();
  assert.equal(names[faction.id], faction.name);
  await screenshot(page, 'markup-as-text-editor');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the_offline_queue_survives_a_browser_restart_and_syncs_once', async () => {
  const profile = tempDir('brickrealm-restart-profile-');
  const target = (await api('/api/realm')).factions[1];
  const before = await factionRecord(target.id);

  let context = await launchProfile(profile.dir);
  let page = context.pages()[0] ?? (await context.newPage());
  let form = await unlockedEditor(page);
  await waitForOfflineShell(page);
  await s.stopServer();
  await form.rename(target.id, 'Renamed Before A Restart');
  await waitForBadge(page, 'offline');
  assert.match(await badge(page).innerText(), /1 pending/);
  await context.close(); // The whole browser goes away with the server still down.

  context = await launchProfile(profile.dir);
  page = context.pages()[0] ?? (await context.newPage());
  form = new FactionForm(page);
  await form.open(s.url);
  await waitForBadge(page, 'offline');
  assert.match(await badge(page).innerText(), /1 pending/);
  assert.equal((await form.names())[target.id], 'Renamed Before A Restart');

  await s.startServer();
  await syncNow(page);
  await waitForBadge(page, 'synced');
  const after = await factionRecord(target.id);
  assert.equal(after.body.name, 'Renamed Before A Restart');
  assert.equal(after.revision, before.revision + 1, 'applied exactly once');
  await context.close();
  profile.remove();
});

test('a_push_whose_answer_is_lost_is_retried_and_applied_exactly_once', async () => {
  const target = (await api('/api/realm')).factions[2];
  const before = await factionRecord(target.id);
  const { context, page } = await s.fresh();
  const form = await unlockedEditor(page);

  // The first push reaches the server and is applied, but its answer never reaches the page.
  let lost = 0;
  let pushes = 0;
  await page.route('**/api/sync/push', async (route) => {
    pushes += 1;
    if (lost === 0) {
      lost = 1;
      await route.fetch();
      await route.abort('connectionreset');
    } else {
      await route.continue();
    }
  });
  await form.rename(target.id, 'Answer Lost In Transit');
  const deadline = Date.now() + 30_000;
  while (pushes < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  await waitForBadge(page, 'synced', 30_000);
  assert.equal(lost, 1, 'the answer of the first push was dropped');
  assert.ok(pushes >= 2, 'the page pushed again');
  const after = await factionRecord(target.id);
  assert.equal(after.body.name, 'Answer Lost In Transit');
  assert.equal(after.revision, before.revision + 1, 'the retry was recognised, not applied again');
  assert.doesNotMatch(await badge(page).innerText(), /pending|conflict/);
  await context.close();
});
