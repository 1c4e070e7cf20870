// The offline-first client in a real browser: edits made with the server down survive a reload
// and sync when it returns; two editors of one record see a conflict and the choice wins
// everywhere; a wrong key locks the queue and the right one resumes it; the app opens with the
// network cut after one online visit, and at once on a network that answers no page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EDITOR_KEY } from '../lib/server.mjs';
import { screenshot } from '../lib/browser.mjs';
import { badge, waitForBadge, unlock, syncNow, openPanel, waitForOfflineShell, FactionForm, unlockEditor } from '../lib/sync.mjs';
import { suite } from '../lib/suite.mjs';

const s = suite('offline');

async function factions() {
  return (await s.realm()).factions;
}

/** A fresh browser (its own storage) on the editor, unlocked with `key` and settled. */
async function editor(key = EDITOR_KEY, settled = 'synced') {
  const { context, page, errors } = await s.fresh();
  const form = new FactionForm(page);
  await form.open(s.url);
  await unlockEditor(page, { key, settled });
  return { context, page, form, errors };
}

/** Console errors other than the failed requests expected while the network is down. */
function unexpected(errors) {
  return errors.filter((e) => !/Failed to load resource|ERR_CONNECTION_REFUSED|ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e));
}

test('offline_edits_survive_a_reload_and_sync_when_the_server_returns', async () => {
  const [a, b] = (await factions()).slice(0, 2);
  const { context, page, form, errors } = await editor();
  await waitForOfflineShell(page);

  await s.stopServer();
  await form.rename(a.id, 'Renamed While Offline');
  await form.rename(b.id, 'Also Renamed Offline');
  await waitForBadge(page, 'offline');
  assert.match(await badge(page).innerText(), /2 pending/);
  await screenshot(page, 'editor-offline-2-pending');

  // The server is still down: the service worker serves the app, the store the edits.
  await page.reload();
  await page.locator('.faction-form').waitFor();
  await waitForBadge(page, 'offline');
  assert.match(await badge(page).innerText(), /2 pending/);
  const names = await form.names();
  assert.equal(names[a.id], 'Renamed While Offline');
  assert.equal(names[b.id], 'Also Renamed Offline');

  await s.startServer();
  await syncNow(page);
  await waitForBadge(page, 'synced');
  const stored = await factions();
  assert.equal(stored.find((f) => f.id === a.id).name, 'Renamed While Offline');
  assert.equal(stored.find((f) => f.id === b.id).name, 'Also Renamed Offline');

  // A second, fresh browser sees them too.
  const other = await s.fresh();
  const fresh = new FactionForm(other.page);
  await fresh.open(s.url);
  await waitForBadge(fresh.page, 'synced');
  assert.equal((await fresh.names())[a.id], 'Renamed While Offline');
  assert.equal((await fresh.names())[b.id], 'Also Renamed Offline');
  await other.context.close();
  assert.deepEqual(unexpected(errors), []);
  await context.close();
});

test('two_editors_of_one_record_see_a_conflict_and_the_choice_wins_everywhere', async () => {
  const target = (await factions())[2];
  const first = await editor();
  const second = await editor();
  // The second editor goes offline before the first one's edit reaches the server.
  await second.context.setOffline(true);
  await first.form.rename(target.id, 'The First Name');
  await waitForBadge(first.page, 'synced');
  await second.form.rename(target.id, 'The Second Name');
  await waitForBadge(second.page, 'offline');

  await second.context.setOffline(false);
  await syncNow(second.page);
  await waitForBadge(second.page, 'conflict');
  await openPanel(second.page);
  const conflict = second.page.locator(`.conflict[data-kind="faction"][data-id="${target.id}"]`);
  await conflict.waitFor();
  const row = conflict.locator('tr', { has: second.page.locator('th', { hasText: /^name$/ }) });
  assert.equal(await row.locator('td.mine').innerText(), 'The Second Name');
  assert.equal(await row.locator('td.theirs').innerText(), 'The First Name');
  await screenshot(second.page, 'sync-conflict');

  await conflict.locator('button.keep-mine').click();
  await waitForBadge(second.page, 'synced');
  assert.equal((await factions()).find((f) => f.id === target.id).name, 'The Second Name');
  await syncNow(first.page);
  await waitForBadge(first.page, 'synced');
  await first.page.waitForFunction(
    (id) => document.querySelector(`select[name="faction"] option[value="${id}"]`)?.textContent === 'The Second Name',
    target.id);
  for (const e of [first, second]) {
    assert.deepEqual(unexpected(e.errors), []);
    await e.context.close();
  }
});

test('a_wrong_key_locks_the_queue_and_the_right_key_resumes_it', async () => {
  const target = (await factions())[3];
  const { context, page, form, errors } = await editor('not-the-key', 'locked');
  await form.rename(target.id, 'Waiting For The Key');
  await waitForBadge(page, 'locked');
  assert.match(await badge(page).innerText(), /locked · 1 pending/);
  await openPanel(page);
  assert.match(await page.locator('.sync-explain').innerText(), /enter the editor key/);
  assert.notEqual((await factions()).find((f) => f.id === target.id).name, 'Waiting For The Key',
    'nothing reached the server');
  await unlock(page, EDITOR_KEY);
  await waitForBadge(page, 'synced');
  assert.equal((await factions()).find((f) => f.id === target.id).name, 'Waiting For The Key');
  assert.deepEqual(errors.filter((e) => !/401/.test(e)), []);
  await context.close();
});

test('without_a_key_the_editor_is_read_only', async () => {
  const { context, page } = await s.fresh();
  await new FactionForm(page).open(s.url);
  await page.locator('.read-only-note').waitFor();
  assert.equal(await page.locator('.faction-form input[name="name"]').isDisabled(), true);
  assert.equal(await page.locator('.faction-form button.save').isDisabled(), true);
  await context.close();
});

test('the_app_opens_with_the_network_cut_after_one_online_visit', async () => {
  const { context, page, errors } = await s.fresh();
  await page.goto(`${s.url}/map`);
  await page.locator('.markers .marker').first().waitFor();
  await waitForBadge(page, 'synced');
  await waitForOfflineShell(page);
  const markers = await page.locator('.markers .marker').count();

  await context.setOffline(true);
  await page.reload();
  await page.locator('.markers .marker').first().waitFor();
  assert.equal(await page.locator('.markers .marker').count(), markers);
  await waitForBadge(page, 'offline');
  // A deep link the browser never opened online works too.
  await page.goto(`${s.url}/history`);
  assert.equal(await page.locator('h1').innerText(), 'History');
  assert.equal(await page.locator('body').getAttribute('data-bundle'), 'history');
  await screenshot(page, 'map-offline');
  // And back to the map's bundle through the navigation bar, still offline.
  await page.locator('nav[aria-label="Main"] a', { hasText: 'Map' }).click();
  await page.waitForURL(`${s.url}/map`);
  await page.locator('.markers .marker').first().waitFor();
  assert.equal(await page.locator('.markers .marker').count(), markers);
  assert.equal(await page.locator('body').getAttribute('data-bundle'), 'map');
  await context.setOffline(false);
  assert.deepEqual(unexpected(errors), []);
  await context.close();
});

test('a_repeat_visit_opens_from_the_kept_shell_while_the_network_answers_no_page', async () => {
  // A phone on a connection that takes requests and answers none: the page the browser has kept
  // opens without waiting for the network, and a new build's shell is read behind it.
  const { context, page, errors } = await s.fresh();
  await page.goto(`${s.url}/arena`);
  await page.locator('.arena-pair').waitFor();
  await waitForBadge(page, 'synced');
  await waitForOfflineShell(page);
  const held = [];
  // Pages, shells and the bundle table (every path without a file name) get no answer.
  await context.route((url) => !url.pathname.startsWith('/api/'), (route) => {
    const { pathname } = new URL(route.request().url());
    if (!pathname.includes('.') || pathname === '/bundles.json') {
      held.push(pathname);
      return new Promise(() => {});
    }
    return route.continue();
  });
  await page.goto(`${s.url}/arena`, { timeout: 10_000 });
  await page.locator('.arena-pair').waitFor({ timeout: 10_000 });
  assert.equal(await page.locator('body').getAttribute('data-bundle'), 'arena');
  // The service worker went to the network for the shells (the table first), and the page did
  // not wait for it.
  assert.ok(held.includes('/bundles.json'), `asked behind the page: ${held}`);
  assert.deepEqual(unexpected(errors), []);
  await context.close();
});
