// The Battle Lab's Compare page: pick two factions of the realm, run them under every battle
// system, read five systems' odds side by side with their intervals, and see the balance chart
// drawn with a line per system; the same seed gives the same figures again; a faction that never
// fights is refused in the map's words. Photographed on a laptop and a phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot } from '../lib/browser.mjs';
import { ComparePage } from '../lib/lab_compare_page.mjs';
import { suite } from '../lib/suite.mjs';

const s = suite('lab-compare', { profile: true });

const SYSTEMS = ['v2', 'v1', 'warfare', 'olympia', 'mass_battle'];

test('compare_runs_one_matchup_under_every_system_and_repeats_by_seed', async () => {
  const { page, errors } = await s.page();
  const compare = new ComparePage(page, s.url);
  await compare.open();
  const [a, d] = s.doc.factions.filter((f) => f.kind === 'ordinary').slice(2, 4);
  await compare.pick('attacker', a.id);
  await compare.pick('defender', d.id);
  await page.locator('.compare-setup summary').filter({ hasText: a.name }).waitFor();
  await compare.setSeed(20261130);
  await compare.setRuns(300);

  const first = await compare.runAll();
  assert.deepEqual(first.odds.map((o) => o.system), SYSTEMS, 'a card per system, in the map\'s order');
  for (const o of first.odds) {
    assert.equal(o.runs, 300, `${o.system} fought every battle`);
    assert.ok(o.p >= 0 && o.p <= 1, `${o.system} has a win rate`);
    assert.ok(o.lo <= o.p && o.p <= o.hi, `${o.system}'s interval holds its rate`);
    assert.match(o.text, /\d+\.\d% attacker wins/);
    assert.match(o.text, /95%: \d+\.\d–\d+\.\d%/);
  }
  assert.match(first.odds.find((o) => o.system === 'v2').text, /Mean losses: attacker \d+\.\d, defender \d+\.\d/);
  assert.match(await page.locator('.compare-seed').innerText(), /Seed 20261130, 300 battles per system/);

  assert.equal(first.chart.lines.length, 5, 'five lines');
  for (const l of first.chart.lines) {
    assert.equal(l.n, 11, `${l.system} has a point per ratio`);
    assert.equal(l.points.split(' ').length, 11);
  }
  assert.deepEqual(first.chart.lines.map((l) => l.system), SYSTEMS);
  assert.deepEqual(first.chart.legend, ['Version 2', 'Version 1', 'Warfare', 'Olympia', 'Střet armád']);

  await screenshot(page, 'lab-compare-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'lab-compare-390');
  await page.setViewportSize({ width: 1366, height: 768 });

  // The same seed again: the same figures, card for card and point for point.
  const again = await compare.runAll();
  assert.deepEqual(again.odds.map(({ system, runs, p, lo, hi }) => ({ system, runs, p, lo, hi })),
    first.odds.map(({ system, runs, p, lo, hi }) => ({ system, runs, p, lo, hi })));
  assert.deepEqual(again.chart, first.chart);
  assert.deepEqual(errors, []);
});

test('compare_refuses_a_faction_that_never_fights_in_the_maps_words', async () => {
  const { page, errors } = await s.page();
  const compare = new ComparePage(page, s.url);
  await compare.open();
  const merc = s.doc.factions.find((f) => f.kind === 'mercenary');
  const town = s.doc.factions.find((f) => f.kind === 'townsfolk');
  await compare.pick('attacker', merc.id);
  await page.locator('.compare-pick .field-error').waitFor();
  assert.equal(await compare.refusal('attacker'),
    `${merc.name} is a mercenary company: it fights only when hired by a side that is behind.`);
  assert.ok(await compare.runButton().isDisabled(), 'nothing to run');
  await compare.pick('defender', town.id);
  assert.equal(await compare.refusal('defender'), `${town.name} are townsfolk: they never take part in a battle.`);
  // Back to an ordinary faction: the refusal goes and the set-up is shown.
  const ordinary = s.doc.factions.filter((f) => f.kind === 'ordinary');
  await compare.pick('attacker', ordinary[0].id);
  await compare.pick('defender', ordinary[1].id);
  await page.locator('.compare-setup').waitFor();
  assert.equal(await page.locator('.compare-pick .field-error').count(), 0);
  assert.ok(await compare.runButton().isEnabled());
  // The Lab's tabs lead here.
  await page.goto(`${s.url}/lab`);
  await screenshot(page, 'lab-tabs-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'lab-tabs-390');
  await page.locator('a.lab-compare-link').click();
  await page.locator('.compare select[name="attacker"]').waitFor();
  assert.match(page.url(), /\/lab\/compare$/);
  assert.deepEqual(errors, []);
});
