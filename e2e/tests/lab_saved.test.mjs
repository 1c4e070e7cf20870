// Saved lab line-ups in a real browser: a Book of Contests team with an action and a modifier is
// saved by name, comes back the same after a reload, a refused save names its field, a save made
// offline is kept and synced when the server returns, and without the editor key the list still
// loads but cannot be changed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot } from '../lib/browser.mjs';
import { badge, waitForBadge, syncNow, closePanel, waitForOfflineShell, unlockEditor } from '../lib/sync.mjs';
import { LabPage } from '../lib/lab_page.mjs';
import { suite } from '../lib/suite.mjs';

const s = suite('lab-saved');

async function savedOnServer() {
  return (await s.realm()).lab_setups ?? [];
}

/** The saved line-ups panel of the open tab, opened. */
async function savedPanel(page) {
  const panel = page.locator('.lab-saved');
  if (!(await panel.evaluate((d) => d.open))) await panel.locator('summary').click();
  return panel;
}

/** The lab's current input as its "Edit as JSON" box shows it. */
async function inputJson(page) {
  await page.locator('.lab-json button.json-toggle').click();
  const text = await page.locator('.lab-json textarea.json').inputValue();
  await page.locator('.lab-json button.json-toggle').click();
  return JSON.parse(text);
}

async function saveAs(page, name) {
  const panel = await savedPanel(page);
  await panel.locator('input[name="setup-name"]').fill(name);
  await panel.locator('button.save-setup').click();
}

function row(page, name) {
  return page.locator('.lab-saved .saved-setup').filter({ has: page.locator('.saved-name', { hasText: name }) });
}

/** Console errors other than the failed requests expected while the network is down. */
function unexpected(errors) {
  return errors.filter((e) => !/Failed to load resource|ERR_CONNECTION_REFUSED|ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e));
}

test('save_a_contest_team_reload_and_load_it_back', async () => {
  const { context, page, errors } = await s.fresh();
  const lab = new LabPage(page, s.url);
  await lab.open();
  await unlockEditor(page);
  await lab.tab('Book of Contests', 'contests');

  // A team: a renamed fighter with a new action and a new modifier, and a seed.
  const at = 'team1[0]';
  const sheet = page.locator(`.sheet[data-path="${at}"]`);
  await lab.fill(`${at}.name`, 'Ragna Ironhand');
  await lab.fill(`${at}.ws`, 57);
  await sheet.locator('button.open-actions').click();
  await sheet.locator('.actions-window button.add-action').click();
  const n = await sheet.locator('.actions-window .lab-row.action').count();
  await lab.fill(`${at}.actions[${n - 1}].name`, 'Heavy blow');
  await lab.fill(`${at}.actions[${n - 1}].damage`, '1d10+SL');
  await sheet.locator('button.open-modifiers').click();
  await sheet.locator('.modifiers-window button.add-modifier').click();
  const m = await sheet.locator('.modifiers-window .lab-row.modifier').count();
  await lab.fill(`${at}.modifiers[${m - 1}].name`, 'Round shield');
  await lab.fill(`${at}.modifiers[${m - 1}].value`, 'SL+1');
  await lab.setSeed(4242);
  const built = await inputJson(page);
  assert.equal(built.team1[0].actions.at(-1).damage, '1d10+SL');
  assert.equal(built.team1[0].modifiers.at(-1).value, 'SL+1');

  // A blank name is refused next to the name box, and nothing is saved.
  const before = (await savedOnServer()).length;
  await saveAs(page, '   ');
  const nameError = page.locator('.lab-save .lab-field .field-error');
  await nameError.waitFor();
  assert.match(await nameError.innerText(), /blank/);
  assert.equal(await row(page, 'Ragna').count(), 0);

  await saveAs(page, "Ragna's duel");
  await row(page, "Ragna's duel").waitFor();
  await nameError.waitFor({ state: 'detached' });
  await waitForBadge(page, 'synced');
  const stored = (await savedOnServer()).find((s) => s.name === "Ragna's duel");
  assert.equal((await savedOnServer()).length, before + 1);
  assert.equal(stored.system, 'contests');
  assert.equal(stored.version, 1);
  assert.deepEqual(stored.body, built);
  await screenshot(page, 'lab-saved-contests');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'lab-saved-contests-390');
  await page.setViewportSize({ width: 1366, height: 768 });

  // After a reload the lab opens on the example; loading brings the same sheet back.
  await page.reload();
  await lab.tab('Book of Contests', 'contests');
  assert.notEqual(await lab.field(`${at}.name`).inputValue(), 'Ragna Ironhand');
  await savedPanel(page);
  await row(page, "Ragna's duel").locator('button.load-setup').click();
  await page.locator(`.sheet[data-path="${at}"] [data-path="${at}.name"]`).waitFor();
  assert.equal(await lab.field(`${at}.name`).inputValue(), 'Ragna Ironhand');
  assert.equal(await lab.field(`${at}.ws`).inputValue(), '57');
  assert.equal(await page.locator('input[name="seed"]').inputValue(), '4242');
  await sheet.locator('button.open-actions').click();
  assert.equal(await lab.field(`${at}.actions[${n - 1}].damage`).inputValue(), '1d10+SL');
  await sheet.locator('button.open-modifiers').click();
  assert.equal(await lab.field(`${at}.modifiers[${m - 1}].name`).inputValue(), 'Round shield');
  assert.deepEqual(await inputJson(page), built);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a_line_up_saved_offline_is_kept_and_synced_when_the_server_returns', async () => {
  const { context, page, errors } = await s.fresh();
  const lab = new LabPage(page, s.url);
  await lab.open();
  await unlockEditor(page);
  await waitForOfflineShell(page);
  await lab.tab('Book of Contests', 'contests');

  await s.stopServer();
  await lab.fill('team2[0].name', 'Offline fighter');
  await saveAs(page, 'Saved offline');
  await row(page, 'Saved offline').waitFor();
  await waitForBadge(page, 'offline');
  assert.match(await badge(page).innerText(), /1 pending/);

  // Still offline: the app and the saved line-up come back from the browser.
  await page.reload();
  await lab.tab('Book of Contests', 'contests');
  await savedPanel(page);
  await row(page, 'Saved offline').waitFor();
  await waitForBadge(page, 'offline');

  await s.startServer();
  await syncNow(page);
  await waitForBadge(page, 'synced');
  await closePanel(page);
  const synced = (await savedOnServer()).find((s) => s.name === 'Saved offline');
  assert.equal(synced?.body.team2[0].name, 'Offline fighter');

  // Deleting goes the same way.
  await row(page, 'Saved offline').locator('button.delete-setup').click();
  await row(page, 'Saved offline').waitFor({ state: 'detached' });
  await waitForBadge(page, 'synced');
  assert.equal((await savedOnServer()).some((s) => s.name === 'Saved offline'), false);
  assert.deepEqual(unexpected(errors), []);
  await context.close();
});

test('without_the_key_saved_armies_load_but_cannot_be_changed', async () => {
  for (const viewport of [{ width: 1366, height: 768 }, { width: 390, height: 844 }]) {
    const { context, page } = await s.fresh({ viewport });
    const lab = new LabPage(page, s.url);
    await lab.open();
    await lab.tab('Střet armád', 'mass_battle');
    const panel = await savedPanel(page);
    await row(page, 'The example armies').waitFor();
    assert.ok(await panel.locator('button.save-setup').isDisabled());
    assert.ok(await row(page, 'The example armies').locator('button.delete-setup').isDisabled());
    await lab.fill('a.name', 'Changed');
    await row(page, 'The example armies').locator('button.load-setup').click();
    await page.locator('.lab-saved .saved-note').waitFor();
    assert.notEqual(await lab.field('a.name').inputValue(), 'Changed');
    await screenshot(page, `lab-saved-mass-battle-${viewport.width}`);
    await context.close();
  }
});
