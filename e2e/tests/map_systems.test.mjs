// The map's further battle systems in a real browser: one battle under each of Warfare, Olympia
// and Střet armád names a winner and shows the system's own chronicle; each adds one Realm
// History entry whose replay page shows the same winner; the set-up and result screens are
// photographed on a laptop and a phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot } from '../lib/browser.mjs';
import { MapPage, dragMarker } from '../lib/map_page.mjs';
import { waitForBadge } from '../lib/sync.mjs';
import { suite } from '../lib/suite.mjs';

const s = suite('map-systems', { profile: true });

const ordinary = () => s.doc.factions.filter((f) => f.kind === 'ordinary' && f.marker);

const SYSTEMS = [
  { key: 'warfare', label: 'Warfare' },
  { key: 'olympia', label: 'Olympia' },
  { key: 'mass_battle', label: 'Střet armád' },
];

/** Marches `a` on `b`, picks `system` on the set-up screen, fights, and reads the result. */
async function fight(page, a, b, system) {
  await dragMarker(page, a.id, b.id);
  await page.locator('.battle-panel').waitFor();
  await page.locator(`.system-switch input[value="${system}"]`).check();
  await page.locator('.mapping-note').waitFor();
  await page.getByRole('button', { name: 'Fight' }).click();
  const result = page.locator(`.battle-panel .result[data-system="${system}"]`);
  await result.waitFor();
  const href = await result.locator('.history-link a').getAttribute('href');
  return {
    winner: await result.getAttribute('data-winner'),
    heading: await result.locator('h3').innerText(),
    summary: await result.locator('.system-summary').innerText(),
    chronicle: await result.locator('.system-chronicle').count(),
    id: href.replace('/history/', ''),
  };
}

test('each_further_system_fights_on_the_map_and_replays_from_history', async () => {
  const { page, errors } = await s.page();
  await new MapPage(page, s.url).open();
  const [a, b, c, d] = ordinary();
  const pairs = [[a, b], [c, d], [b, c]];
  const fought = [];
  for (const [k, sys] of SYSTEMS.entries()) {
    const [att, def] = pairs[k];
    const r = await fight(page, att, def, sys.key);
    assert.match(r.winner, /^(attacker|defender)$/, sys.key);
    const named = r.winner === 'attacker' ? att.name : def.name;
    assert.equal(r.heading, `${named} wins`, `${sys.key} names its winner`);
    assert.equal(r.chronicle, 1, `${sys.key} shows its chronicle`);
    assert.ok(r.summary.startsWith(sys.label), r.summary);
    fought.push({ ...r, sys });
  }
  await waitForBadge(page, 'synced');

  await page.goto(`${s.url}/history`);
  const rows = page.locator('.history-row');
  await rows.first().waitFor();
  assert.equal(await rows.count(), 3, 'one history entry per battle');
  assert.deepEqual(
    await page.locator('.history-row .system-tag').allInnerTexts(),
    ['Střet armád', 'Olympia', 'Warfare'],
    'newest first, named',
  );
  for (const sys of SYSTEMS) {
    assert.equal(await page.locator(`.system-tallies tr[data-system="${sys.key}"] td`).first().innerText(), '1');
  }

  for (const r of fought) {
    await page.goto(`${s.url}/history/${r.id}`);
    const result = page.locator('.replay .result');
    await result.waitFor();
    assert.equal(await page.locator('.replay').getAttribute('data-same'), 'true', r.sys.key);
    assert.equal(await result.getAttribute('data-system'), r.sys.key);
    assert.equal(await result.getAttribute('data-winner'), r.winner, `${r.sys.key}: the same winner`);
    assert.equal(await result.locator('h3').innerText(), r.heading);
    assert.equal(await result.locator('.system-summary').innerText(), r.summary);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('hover_odds_say_where_the_further_systems_odds_are', async () => {
  const { page, errors } = await s.page();
  await new MapPage(page, s.url).open();
  const [a, b] = ordinary();
  await dragMarker(page, a.id, b.id);
  await page.locator('.battle-panel').waitFor();
  await page.locator('.system-switch input[value="olympia"]').check();
  // The set-up screen runs the odds for Olympia, in chunks, with a progress bar.
  await page.locator('.battle-panel .odds').waitFor();
  await dragMarker(page, a.id, b.id, { release: false });
  await page.locator('.hover-odds .odds-later').waitFor();
  assert.match(await page.locator('.hover-odds .odds-later').innerText(), /under Olympia/);
  await page.mouse.up();
  assert.deepEqual(errors, []);
  await page.close();
});

for (const viewport of [{ width: 1366, height: 768 }, { width: 390, height: 844 }]) {
  test(`setup_and_result_screens_at_${viewport.width}x${viewport.height}`, async () => {
    const { context, page, errors } = await s.fresh({ viewport });
    await new MapPage(page, s.url).open();
    const [a, b] = ordinary();
    await dragMarker(page, a.id, b.id);
    const panel = page.locator('.battle-panel');
    await panel.waitFor();
    await page.locator('.system-switch input[value="olympia"]').check();
    await page.locator('.mapping-note').waitFor();
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, `map-olympia-setup-${viewport.width}`);
    await page.getByRole('button', { name: 'Fight' }).click();
    await page.locator('.battle-panel .result[data-system="olympia"]').waitFor();
    await screenshot(page, `map-olympia-result-${viewport.width}`);
    await page.locator('.system-switch input[value="mass_battle"]').check();
    await page.getByRole('button', { name: 'Fight' }).click();
    await page.locator('.battle-panel .result[data-system="mass_battle"]').waitFor();
    await screenshot(page, `map-mass-battle-result-${viewport.width}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('v2_odds_that_favour_the_weaker_side_are_explained_from_the_battles_numbers', async () => {
  const { page, errors } = await s.page();
  await new MapPage(page, s.url).open();
  const named = (n) => ordinary().find((f) => f.name === n);
  // The matchup players asked about: Aldermere marches on Morgrath with a little less Power.
  const [a, d] = [named('Kingdom of Aldermere'), named('Dominion of Morgrath')];
  await dragMarker(page, a.id, d.id);
  await page.locator('.battle-panel').waitFor();
  await page.locator('.system-switch input[value="v2"]').check();
  await page.locator('.battle-panel .odds[data-runs="2000"]').waitFor({ timeout: 90_000 });
  const p = Number(await page.locator('.battle-panel .odds').getAttribute('data-p'));
  assert.ok(p > 0.5, `Version 2 favours the attacker: ${p}`);
  assert.match(await page.locator('.mapping-note').innerText(), /figure by figure over five rounds/);
  const why = await page.locator('.odds-why').innerText();
  assert.match(why, /^Kingdom of Aldermere is favoured with less Power \(\d+\.\d against \d+\.\d\) because Version 2 fights figure by figure: /);
  assert.match(why, /of its figures reach in round 1, against \d+/);
  await page.locator('.battle-panel').scrollIntoViewIfNeeded();
  await screenshot(page, 'map-v2-odds-explained');
  // Version 1 follows the strengths: there is nothing to explain.
  await page.locator('.system-switch input[value="v1"]').check();
  await page.locator('.battle-panel .odds[data-runs="2000"]').waitFor({ timeout: 90_000 });
  assert.equal(await page.locator('.odds-why').count(), 0);
  assert.match(await page.locator('.mapping-note').innerText(), /Version 1 is one roll/);
  assert.deepEqual(errors, []);
});
