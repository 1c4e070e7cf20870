// The Battle Lab: under each system build (or keep) two sides, fight them with a shown seed and
// read the chronicle; the same seed replays the same battle; bad input is refused next to its
// field; the odds run a thousand battles with a progress bar.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot } from '../lib/browser.mjs';
import { LabPage } from '../lib/lab_page.mjs';
import { suite } from '../lib/suite.mjs';
import { storedQueue } from '../lib/sync.mjs';

const s = suite('lab', { profile: { viewport: { width: 1366, height: 900 } } });

async function openLab() {
  const { page, errors } = await s.page();
  const lab = new LabPage(page, s.url);
  await lab.open();
  return { page, errors, lab };
}

/** Runs, reruns with the same seed, and checks the chronicle is identical. */
async function replays(lab, seed) {
  await lab.setSeed(seed);
  const first = await lab.run();
  assert.ok(first.length > 0, 'a chronicle is shown');
  const again = await lab.run();
  assert.equal(again, first, 'the same seed replays the same chronicle');
  return first;
}

test('warfare_fights_a_battle_and_a_siege_and_replays_by_seed', async () => {
  const { page, errors, lab } = await openLab();
  await lab.tab('Warfare', 'warfare');
  // The example's third conflict is a siege; make the besiegers a little stronger.
  assert.equal(await lab.field('conflicts[2].kind').inputValue(), 'siege');
  await lab.fill('armies[3].might', 6);
  const text = await replays(lab, 4242);
  assert.match(text, /Siege of Greywatch/);
  assert.match(text, /Ashen Fields/);
  await screenshot(page, 'lab-warfare');
  assert.deepEqual(errors, []);
  await page.close();
});

test('olympia_fights_against_a_castle_and_replays_by_seed', async () => {
  const { page, errors, lab } = await openLab();
  await lab.tab('Olympia', 'olympia');
  assert.equal(await lab.field('defender.structure.kind').inputValue(), 'castle');
  await lab.select('weather', 'rain');
  await lab.page.locator('.lab-side[data-side="attacker"] button.add-unit').click();
  const text = await replays(lab, 31337);
  assert.match(text, /Cycle 1/);
  assert.match(await lab.winner(), /wins/);
  await screenshot(page, 'lab-olympia');
  assert.deepEqual(errors, []);
  await page.close();
});

test('mass_battle_builds_two_armies_and_replays_by_seed', async () => {
  const { page, errors, lab } = await openLab();
  await lab.tab('Střet armád', 'mass_battle');
  await page.locator('.lab-side[data-side="a"] button.add-unit').click();
  const n = await page.locator('.lab-side[data-side="a"] .lab-row.unit').count();
  const at = `a.units[${n - 1}]`;
  await lab.fill(`${at}.name`, 'Veteran knights');
  await lab.fill(`${at}.level`, 4);
  await lab.select(`${at}.armour`, 'plate');
  await lab.select(`${at}.mount`, 'heavy_warhorse');
  await lab.select(`${at}.missile`, '');
  // A level past the table is refused next to its field, and nothing can be fought.
  await lab.fill(`${at}.level`, 9);
  await lab.errorFor(`${at}.level`).waitFor();
  assert.ok(await lab.runButton().isDisabled());
  await lab.fill(`${at}.level`, 4);
  const text = await replays(lab, 77);
  assert.match(text, /Veteran knights/);
  const other = await replays(lab, 78);
  assert.notEqual(other, text, 'another seed fights another battle');
  await lab.setSeed(77);
  assert.equal(await lab.run(), text);
  // New seed draws one from the browser and shows it.
  await page.locator('button.new-seed').click();
  assert.notEqual(await page.locator('input[name="seed"]').inputValue(), '77');
  await screenshot(page, 'lab-mass-battle');
  assert.deepEqual(errors, []);
  await page.close();
});

test('mass_battle_json_error_names_the_field', async () => {
  const { page, errors, lab } = await openLab();
  await lab.tab('Střet armád', 'mass_battle');
  await page.locator('button.json-toggle').click();
  const json = JSON.parse(await page.locator('textarea.json').inputValue());
  json.b.units[1].level = 12;
  await page.locator('textarea.json').fill(JSON.stringify(json));
  await page.locator('button.json-apply').click();
  assert.match(await page.locator('.json-error').innerText(), /b\.units\[1\]\.level/);
  json.b.units[1].level = 6;
  json.b.units[1].name = 'Pike veterans';
  await page.locator('textarea.json').fill(JSON.stringify(json));
  await page.locator('button.json-apply').click();
  assert.equal(await lab.field('b.units[1].name').inputValue(), 'Pike veterans');
  assert.equal(await lab.field('b.units[1].level').inputValue(), '6');
  assert.deepEqual(errors, []);
  await page.close();
});

test('contest_teams_with_actions_and_modifiers_fight_to_a_winner', async () => {
  const { page, errors, lab } = await openLab();
  await lab.tab('Book of Contests', 'contests');
  assert.equal(await page.locator('.chronicle-empty').innerText(), 'No hits rolled yet.');
  for (const team of ['team1', 'team2']) {
    const at = `${team}[0]`;
    const sheet = page.locator(`.sheet[data-path="${at}"]`);
    await sheet.locator('button.more-toggle').click();
    await lab.fill(`${at}.ag`, 41);
    await sheet.locator('button.open-actions').click();
    const actions = sheet.locator('.actions-window');
    await actions.waitFor();
    await actions.locator('button.add-action').click();
    const n = await sheet.locator('.actions-window .lab-row.action').count();
    const act = `${at}.actions[${n - 1}]`;
    await lab.fill(`${act}.name`, 'Heavy blow');
    await lab.select(`${act}.condition`, 'every_2_turns');
    await lab.fill(`${act}.damage`, '1d10+SL');
    await sheet.locator('button.open-modifiers').click();
    await sheet.locator('.modifiers-window button.add-modifier').click();
    const m = await sheet.locator('.modifiers-window .lab-row.modifier').count();
    const mod = `${at}.modifiers[${m - 1}]`;
    await lab.fill(`${mod}.name`, 'Shield');
    await lab.select(`${mod}.active_when`, 'parry');
    await lab.fill(`${mod}.value`, 'SL+1');
  }
  // Bad damage notation: the error points at the column, and the battle cannot start.
  await lab.fill('team1[0].actions[0].damage', '1d10+SX');
  const err = lab.errorFor('team1[0].actions[0].damage');
  await err.waitFor();
  assert.match(await err.innerText(), /^column 7: expected 'L' \(of SL\), found 'X'$/);
  assert.ok(await lab.runButton().isDisabled());
  await screenshot(page, 'lab-contests-error');
  await lab.fill('team1[0].actions[0].damage', '1d10+SL');
  await err.waitFor({ state: 'detached' });
  await lab.setSeed(2024);
  const first = await lab.run();
  assert.match(first, /Heavy blow|Round 1/);
  const end = await page.locator('.chronicle-end').innerText();
  assert.match(end, /^Team [12] wins after \d+ rounds\.$/);
  assert.equal(await lab.run(), first, 'the same seed replays');
  await screenshot(page, 'lab-contests');
  assert.deepEqual(errors, []);
  await page.close();
});

test('run_a_thousand_times_shows_progress_and_odds', async () => {
  const { page, errors, lab } = await openLab();
  await lab.tab('Book of Contests', 'contests');
  const lines = await lab.runOdds();
  assert.equal(await page.locator('.lab-odds').getAttribute('data-runs'), '1000');
  assert.match(lines[0], /^Team 1 wins \d+\.\d% \(95%: \d+\.\d–\d+\.\d%\)$/);
  assert.match(lines[1], /^Team 2 wins /);
  await screenshot(page, 'lab-odds');
  // Lab runs are experiments: nothing was queued for Realm History.
  const queued = await storedQueue(page);
  assert.deepEqual(queued?.battles ?? [], []);
  assert.deepEqual(errors, []);
  await page.close();
});

/** A word or print that is code, not English: `BothFled`, `both_fled`, `Fled { loser: A }`,
 *  `Some(…)`, a list of numbers in brackets. (Names in the data, such as `[gx56]` or a
 *  contestant's place `[2.1]`, are not.) */
function rawCode(text) {
  const word = text.match(/\b\w*[a-z][A-Z]\w*\b|\b\w+_\w+\b/);
  if (word) return word[0];
  const print = text.match(/[{}]|\bSome\(|\bNone\b|\[\d[^\]]*, [^\]]*\]/);
  return print ? print[0] : null;
}

test('every_lab_result_reads_as_words_with_one_run_button_and_the_rules', async () => {
  const { page, errors, lab } = await openLab();
  for (const [label, key] of [['Warfare', 'warfare'], ['Olympia', 'olympia'], ['Střet armád', 'mass_battle'], ['Book of Contests', 'contests']]) {
    await lab.tab(label, key);
    const system = page.locator(`.lab-system[data-system="${key}"]`);
    assert.equal(await lab.runButton().innerText(), 'Fight', `${label}: one name for the run button`);
    const rules = await system.locator('.lab-rules').innerText();
    assert.ok(rules.length > 300, `${label} explains how it decides: ${rules}`);
    for (const seed of [1, 2, 3, 4242]) {
      await lab.setSeed(seed);
      await lab.run();
      const shown = `${await lab.winner()}\n${await lab.chronicle()}`;
      assert.equal(rawCode(shown), null, `${label} seed ${seed}: "${rawCode(shown)}" in the result`);
    }
    if (key === 'olympia') {
      const row = lab.field('attacker.units[0].noble.behind');
      assert.deepEqual(await row.locator('option').allInnerTexts(), ['Front', 'Rear'], 'Olympia rows are front or rear');
    }
    await screenshot(page, `lab-words-${key}`);
  }
  assert.deepEqual(errors, []);
});
