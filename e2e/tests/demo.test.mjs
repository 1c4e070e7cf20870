// A fresh install as a visitor first meets it: the demo realm comes with its own activity, cast
// through the same paths as real votes and battles (server/src/fixture.rs), so Realm History has
// battles to show and the standings rank figures with judgements behind them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot } from '../lib/browser.mjs';
import { suite } from '../lib/suite.mjs';
import { tableComplete } from '../lib/arena_page.mjs';

const s = suite('demo', { demoActivity: true });

test('a_fresh_install_shows_its_battles_in_history_and_ranks_its_standings', async () => {
  assert.match(s.server.output(), /demo activity seeded: \d+ votes counted, 36 battles/);
  const { page, errors } = await s.fresh();

  await page.goto(`${s.url}/history`);
  const rows = page.locator('.history-row');
  await rows.first().waitFor();
  assert.ok(await rows.count() >= 30, `History shows the demo's battles (${await rows.count()})`);
  const systems = new Set(await page.locator('.history-row .system-tag').allInnerTexts());
  assert.ok(systems.size >= 4, `battles under several systems: ${[...systems].join(', ')}`);
  await screenshot(page, 'demo-history-1366');

  await page.goto(`${s.url}/arena/standings`);
  await page.locator('.fit-note[data-fitting="false"]').waitFor({ timeout: 60_000 });
  await page.locator('table.standings tbody td.bt-score').first().waitFor();
  await tableComplete(page);
  const ranks = await page.locator('table.standings tbody td.rank').allInnerTexts();
  const judged = (await page.locator('table.standings tbody td.judged').allInnerTexts()).map(Number);
  const numbered = ranks.filter((r) => /^\d+$/.test(r.trim())).length;
  assert.ok(numbered >= ranks.length * 0.8, `nearly every row ranked: ${numbered} of ${ranks.length}`);
  assert.ok(judged.filter((n) => n >= 10).length >= judged.length / 2,
    'most demo figures have ten judgements or more behind their rating');
  await screenshot(page, 'demo-standings-1366');
  assert.deepEqual(errors, []);
});
