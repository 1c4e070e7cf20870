// A battle goes into Realm History by reference: the browser names the revision of the realm it
// fought on, and the server fights it again there. Fought offline while the realm moved on, it is
// still recorded as it was fought; with an edit of the user's own not yet synced, Fight asks for a
// sync first, since the server could not fight that realm; one an older app queued without its
// revision is refused as realm_changed, with the map offered to fight it again.
// The victory screen's history link opens a battle still waiting in the queue, offline.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { beyondOffline, screenshot } from '../lib/browser.mjs';
import { MapPage, dragMarker } from '../lib/map_page.mjs';
import { waitForBadge, syncNow, unlockEditor, waitForOfflineShell, FactionForm, storedQueue } from '../lib/sync.mjs';
import { suite } from '../lib/suite.mjs';

const s = suite('battle-record');

const ordinary = () => s.doc.factions.filter((f) => f.kind === 'ordinary' && f.marker);


async function history(faction) {
  return (await fetch(`${s.url}/api/history?faction=${faction}`)).json();
}

test('a_battle_fought_offline_is_recorded_on_the_realm_it_was_fought_on', async () => {
  const [a, b] = ordinary();
  const { context, page, errors } = await s.fresh();
  await new MapPage(page, s.url).open();
  await waitForBadge(page, 'synced');

  await context.setOffline(true);
  await dragMarker(page, a.id, b.id);
  await page.locator('.battle-panel').waitFor();
  await page.getByRole('button', { name: 'Fight' }).click();
  const result = page.locator('.result');
  await result.waitFor();
  const winner = await result.getAttribute('data-winner');
  await waitForBadge(page, 'offline');

  // Meanwhile the realm moves on: another editor renames the attacker.
  await s.remoteEdit('faction', a.id, (body) => ({ ...body, name: 'Renamed While You Fought' }));

  await context.setOffline(false);
  await syncNow(page);
  await waitForBadge(page, 'synced');
  const listed = await history(a.id);
  assert.equal(listed.entries.length, 1, JSON.stringify(listed));
  const entry = listed.entries[0];
  assert.deepEqual([entry.attacker, entry.defender, entry.winner], [a.id, b.id, winner]);
  const stored = await (await fetch(`${s.url}/api/history/${entry.id}`)).json();
  assert.equal(stored.record.input.setup.attacker.name, a.name, 'fought on the realm before the rename');
  await screenshot(page, 'battle-fought-offline');
  assert.deepEqual(beyondOffline(errors), []);
  await context.close();
});

test('with_an_edit_not_yet_synced_fight_asks_for_a_sync_first', async () => {
  const [a, b] = ordinary();
  const { context, page, errors } = await s.fresh();
  const form = new FactionForm(page);
  await form.open(s.url);
  await unlockEditor(page);
  await waitForOfflineShell(page);
  const before = (await history(a.id)).entries.length;

  await context.setOffline(true);
  await form.rename(b.id, 'Renamed But Not Synced');
  await waitForBadge(page, 'offline');
  // The service worker serves the map's shell; the store brings the queued edit along.
  await page.goto(`${s.url}/map`);
  await page.locator('.markers .marker').first().waitFor();
  await dragMarker(page, a.id, b.id);
  await page.locator('.battle-panel').waitFor();
  await page.getByRole('button', { name: 'Fight' }).click();
  const notice = page.locator('.battle-panel .sync-first');
  await notice.waitFor();
  assert.match(await notice.innerText(), /Sync your edits first/);
  assert.equal(await page.locator('.result').count(), 0, 'nothing was fought');
  await screenshot(page, 'battle-sync-first');

  await context.setOffline(false);
  await syncNow(page);
  await waitForBadge(page, 'synced');
  await dragMarker(page, a.id, b.id);
  await page.locator('.battle-panel').waitFor();
  await page.getByRole('button', { name: 'Fight' }).click();
  await page.locator('.result').waitFor();
  await waitForBadge(page, 'synced');
  const after = await history(a.id);
  assert.equal(after.entries.length, before + 1);
  const stored = await (await fetch(`${s.url}/api/history/${after.entries[0].id}`)).json();
  assert.equal(stored.record.input.setup.defender.name, 'Renamed But Not Synced');
  assert.deepEqual(beyondOffline(errors), []);
  await context.close();
});

test('a_battle_queued_by_an_older_app_is_refused_as_realm_changed_with_an_offer_to_fight_again', async () => {
  const [a, b] = ordinary();
  const { context, page, errors } = await s.fresh();
  await new MapPage(page, s.url).open();
  await waitForBadge(page, 'synced');
  // An older app queued battles without the revision they were fought on, in localStorage.
  await page.evaluate(([att, def]) => {
    localStorage.setItem('brickrealm.queue.v1', JSON.stringify({
      client_id: 'older-app', next_id: 1, mutations: [], votes: [], conflicts: [], refused: [],
      battles: [{ id: 4242, timestamp: Date.now(), source: 'map', attacker: att, defender: def, system: 'v2', seed: 5 }],
    }));
  }, [a.id, b.id]);
  await page.reload();
  await page.locator('.markers .marker').first().waitFor();
  await syncNow(page);
  const refused = page.locator('.sync-panel .refused li');
  await refused.first().waitFor();
  assert.match(await refused.first().innerText(), /battle 4242: .*fight it again/i);
  const again = refused.first().locator('a.fight-again');
  assert.equal(await again.getAttribute('href'), '/map');
  await screenshot(page, 'battle-realm-changed');
  assert.equal((await fetch(`${s.url}/api/history/4242`)).status, 404, 'nothing was recorded');
  assert.equal((await storedQueue(page)).battles.length, 0, 'the refused battle left the queue');
  assert.equal(await page.evaluate(() => localStorage.getItem('brickrealm.queue.v1')), null, 'the older copy moved to disk');
  assert.deepEqual(errors.filter((e) => !/422/.test(e)), []);
  await context.close();
});

test('the_victory_screens_history_link_opens_the_battle_offline_before_it_has_synced', async () => {
  const [, , a, b] = ordinary();
  const { context, page, errors } = await s.fresh();
  await new MapPage(page, s.url).open();
  await waitForBadge(page, 'synced');
  await waitForOfflineShell(page);

  await context.setOffline(true);
  await dragMarker(page, a.id, b.id);
  await page.locator('.battle-panel').waitFor();
  await page.getByRole('button', { name: 'Fight' }).click();
  const result = page.locator('.result');
  await result.waitFor();
  const winner = await result.getAttribute('data-winner');
  const link = page.locator('p.history-link a');
  const href = await link.getAttribute('href');
  await link.click();
  await page.waitForURL(`${s.url}${href}`);
  // The replay bundle, from the service worker, shows the battle from the queue.
  const replay = page.locator('article.replay');
  await replay.waitFor();
  assert.equal(await page.locator('body').getAttribute('data-bundle'), 'replay');
  assert.match(await page.locator('.queued-note').innerText(), /waits in your browser/);
  assert.equal(await replay.getAttribute('data-same'), 'true');
  assert.match(await page.locator('article.replay h1').innerText(), new RegExp(`${a.name} against ${b.name}`));
  assert.equal(await page.locator('article.replay .result').getAttribute('data-winner'), winner);
  await screenshot(page, 'replay-queued-offline');

  // Online again, the battle is sent, and the same page from the server shows the same result.
  await context.setOffline(false);
  await syncNow(page);
  await waitForBadge(page, 'synced');
  await page.reload();
  await replay.waitFor();
  assert.equal(await page.locator('.queued-note').count(), 0, 'from Realm History now');
  assert.equal(await page.locator('article.replay .result').getAttribute('data-winner'), winner);
  assert.deepEqual(beyondOffline(errors), []);
  await context.close();
});
