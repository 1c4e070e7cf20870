// Realm History in a real browser: battles fought on the map appear with the right tallies; a
// replay shows the same winner and the same rounds, still after the factions are edited; the
// share link opens the same battle in a fresh browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot } from '../lib/browser.mjs';
import { MapPage, dragMarker } from '../lib/map_page.mjs';
import { waitForBadge, unlockEditor, FactionForm } from '../lib/sync.mjs';
import { suite } from '../lib/suite.mjs';

const s = suite('history', { profile: true });

const ordinary = () => s.doc.factions.filter((f) => f.kind === 'ordinary' && f.marker);

/** Fights one battle on the map under `system` and returns what the result screen showed. */
async function fight(page, a, b, system) {
  await dragMarker(page, a.id, b.id);
  await page.locator('.battle-panel').waitFor();
  if (system === 'v1') await page.getByLabel('Version 1 (one roll)').check();
  await page.getByRole('button', { name: 'Fight' }).click();
  const result = page.locator('.result');
  await result.waitFor();
  return { winner: await result.getAttribute('data-winner'), text: await result.innerText() };
}

/** The record download the replay page adds after the seed (the map links here for it). */
const RECORD_LINK = ' Battle record (JSON)';

/** What a replay page shows, once it has loaded: its result's text without the record link,
 * so it compares with what the map showed. */
async function replayed(page, url) {
  await page.goto(url);
  await page.locator('.replay .result').waitFor();
  const text = await page.locator('.replay .result').innerText();
  assert.ok(text.endsWith(RECORD_LINK), 'the replay offers the battle record');
  assert.equal(await page.locator('.replay a.record-link').count(), 1);
  return {
    same: await page.locator('.replay').getAttribute('data-same'),
    winner: await page.locator('.replay .result').getAttribute('data-winner'),
    text: text.slice(0, -RECORD_LINK.length),
    title: await page.locator('.replay h1').innerText(),
  };
}

test('battles_appear_with_tallies_and_replay_identically_even_after_an_edit', async () => {
  const { page, errors } = await s.page();
  await new MapPage(page, s.url).open();
  const [a, b, c] = ordinary();
  const first = await fight(page, a, b, 'v2');
  const second = await fight(page, a, c, 'v1');
  await waitForBadge(page, 'synced');

  await page.goto(`${s.url}/history`);
  const rows = page.locator('.history-row');
  await rows.first().waitFor();
  assert.equal(await rows.count(), 2);
  // Newest first: the Version 1 battle, then the Version 2 one.
  assert.deepEqual(await page.locator('.history-row .system-tag').allInnerTexts(), ['Version 1', 'Version 2']);
  const tallyOf = (id) => page.locator(`.faction-tallies tr[data-faction="${id}"]`);
  const won = Number(await tallyOf(a.id).locator('.won').innerText());
  const lost = Number(await tallyOf(a.id).locator('.lost').innerText());
  assert.equal(won + lost, 2, 'the attacker fought both');
  const aWins = [first, second].filter((r) => r.winner === 'attacker').length;
  assert.equal(won, aWins);
  for (const sys of ['v1', 'v2']) {
    assert.equal(await page.locator(`.system-tallies tr[data-system="${sys}"] td`).first().innerText(), '1');
  }
  await page.locator('select[name="faction"]').first().selectOption(String(a.id));
  await page.locator(`.record-chart[data-faction="${a.id}"]`).waitFor();
  assert.equal(Number(await page.locator('.record-chart').getAttribute('data-net')), won - lost);
  await screenshot(page, 'history');

  // The Version 2 battle replays with the same winner and the same rounds.
  const v2 = page.locator('.history-row', { has: page.locator('.system-tag[data-system="v2"]') });
  const id = await v2.getAttribute('data-id');
  const url = `${s.url}/history/${id}`;
  const again = await replayed(page, url);
  assert.equal(again.same, 'true');
  assert.equal(again.winner, first.winner);
  assert.equal(again.text, first.text);
  assert.ok(await page.locator('.route-map polyline').count() === 1, 'the route is drawn');
  await screenshot(page, 'history-replay');

  // Rename the attacker: the replay is still the battle as it was fought.
  const form = new FactionForm(page);
  await form.open(s.url);
  await unlockEditor(page);
  await form.rename(a.id, 'Renamed After The Battle');
  await waitForBadge(page, 'synced');
  const afterEdit = await replayed(page, url);
  assert.equal(afterEdit.text, first.text);
  assert.equal(afterEdit.title, again.title);
  assert.doesNotMatch(afterEdit.title, /Renamed After The Battle/);

  // The share link, in a fresh browser.
  const fresh = await s.fresh();
  const shared = await replayed(fresh.page, url);
  assert.equal(shared.text, first.text);
  assert.equal(shared.winner, first.winner);
  await fresh.context.close();
  assert.deepEqual(errors, []);
  await page.close();
});

test('an_unknown_battle_says_so', async () => {
  const { page } = await s.page();
  await page.goto(`${s.url}/history/123456789`);
  await page.locator('.load-error').waitFor();
  assert.equal(await page.locator('h1').innerText(), 'Battle not found');
  await page.close();
});

test('the_victory_screen_link_opens_the_replay_from_the_other_bundle', async () => {
  const { page, errors } = await s.page();
  await new MapPage(page, s.url).open();
  const [a, b] = ordinary();
  await fight(page, a, b, 'v2');
  await waitForBadge(page, 'synced');
  const link = page.locator('.history-link a');
  const href = await link.getAttribute('href');
  assert.match(href, /^\/history\/\d+$/);
  // The map bundle has no replay page: the router's link becomes a load of the replay bundle.
  await link.click();
  await page.waitForURL(`${s.url}${href}`);
  await page.locator('.replay .result').waitFor();
  assert.equal(await page.locator('body').getAttribute('data-bundle'), 'replay');
  assert.equal(await page.locator('.replay').getAttribute('data-same'), 'true');
  // Back returns to the map.
  await page.goBack();
  await page.waitForURL(`${s.url}/map`);
  await page.locator('.markers .marker').first().waitFor();
  assert.deepEqual(errors, []);
  await page.close();
});
