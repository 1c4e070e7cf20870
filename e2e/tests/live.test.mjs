// Live updates in real browsers: an edit made in one browser shows in another open page within a
// second, carried by the server's poke stream (`GET /api/live`); with the stream blocked, the
// fallback poll still brings it, within its interval.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot } from '../lib/browser.mjs';
import { FactionForm, unlockEditor } from '../lib/sync.mjs';
import { MapPage } from '../lib/map_page.mjs';
import { suite } from '../lib/suite.mjs';

const s = suite('live');

/** How often a page pulls while its stream is down (`app/src/store/live.rs`). */
const FALLBACK_MS = 30_000;

/** A fresh browser on the editor, unlocked and synced. */
async function editor() {
  const { context, page } = await s.fresh();
  const form = new FactionForm(page);
  await form.open(s.url);
  await unlockEditor(page, { settled: 'synced' });
  return { context, form };
}

/** A fresh visitor on the map, optionally with the poke stream blocked. */
async function viewer({ blockStream = false } = {}) {
  const { context, page, errors } = await s.fresh();
  if (blockStream) await context.route('**/api/live', (route) => route.abort());
  const map = new MapPage(page, s.url);
  await map.open();
  return { context, page, errors };
}

function cardName(page, id) {
  return page.locator(`.faction-card[data-faction="${id}"] h3`);
}

/** Milliseconds until the card of faction `id` on `page` reads `name`. */
async function untilShown(page, id, name, timeout) {
  const t0 = Date.now();
  await page.waitForFunction(
    ([id, name]) => document.querySelector(`.faction-card[data-faction="${id}"] h3`)?.textContent === name,
    [id, name], { timeout, polling: 20 });
  return Date.now() - t0;
}

test('an_edit_in_one_browser_shows_in_another_open_page_within_a_second', async () => {
  const faction = (await s.realm()).factions[0];
  const watching = await viewer();
  // The page has its stream open before the edit.
  await watching.page.locator('.realm-status[data-live="true"]').waitFor({ timeout: 10_000 });
  assert.equal(await cardName(watching.page, faction.id).innerText(), faction.name);
  const { context, form } = await editor();
  await form.rename(faction.id, 'Renamed Live');
  const ms = await untilShown(watching.page, faction.id, 'Renamed Live', 5_000);
  console.log(`# the edit showed in the other page ${ms} ms after it was made`);
  assert.ok(ms <= 1_000, `shown after ${ms} ms`);
  await screenshot(watching.page, 'live-edit-shown');
  await context.close();
  await watching.context.close();
});

test('with_the_stream_blocked_the_fallback_poll_brings_the_edit', async () => {
  const faction = (await s.realm()).factions[1];
  const watching = await viewer({ blockStream: true });
  assert.equal(await watching.page.locator('.realm-status').getAttribute('data-live'), 'false');
  const { context, form } = await editor();
  await form.rename(faction.id, 'Renamed Without Stream');
  const ms = await untilShown(watching.page, faction.id, 'Renamed Without Stream', FALLBACK_MS + 5_000);
  console.log(`# without the stream the edit showed after ${ms} ms`);
  await context.close();
  await watching.context.close();
});
