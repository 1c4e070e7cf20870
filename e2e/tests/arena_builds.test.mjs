// The arena judges builds: "Compare the builds" (or B) opens each contender's build under its
// photo — species, every stat after buffs in the same rows on both sides, the gear by name, Power
// and rating — without leaving the pair; the arrows still vote with the builds open, the next pair
// shows its builds too, and the choice outlives a reload. The Power shown is the faction page's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot } from '../lib/browser.mjs';
import { ArenaPage } from '../lib/arena_page.mjs';
import { suite } from '../lib/suite.mjs';

const s = suite('arena_builds', { profile: true, args: ['--vote-min-ms', '0'] });

/** The build of the contender on `side`, as the page shows it. */
async function build(page, side) {
  const b = page.locator(`#build-${side}`);
  return {
    photo: Number(await b.getAttribute('data-photo')),
    power: Number(await b.locator('.power-value').getAttribute('data-value')),
    stats: await b.locator('.build-stats > div').evaluateAll((rows) => rows.map((r) => r.dataset.stat)),
    gear: await b.locator('.outfit dd').allInnerTexts(),
    kinds: await b.locator('.photo-kinds').innerText(),
  };
}

test('each_contender_shows_its_build_and_the_keyboard_still_votes', async () => {
  const { page, errors } = await s.page();
  const arena = new ArenaPage(page, s.url);
  await arena.open();
  const toggle = page.locator('button.build-toggle');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  assert.ok(await page.locator('#build-left').isHidden(), 'builds start closed');
  await page.keyboard.press('b');
  await page.locator('#build-left .build-stats').waitFor();
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true');

  const [leftId, rightId] = await arena.pair();
  const left = await build(page, 'left');
  const right = await build(page, 'right');
  assert.equal(left.photo, leftId);
  assert.equal(right.photo, rightId);
  assert.deepEqual(left.stats, right.stats, 'both builds list the same stats in the same order');
  assert.ok(left.stats.includes('attack_power') && left.stats.includes('movement'));
  // The build names what the realm says the figure wears, and its species.
  for (const [b, id] of [[left, leftId], [right, rightId]]) {
    const photo = s.doc.photos.find((p) => p.id === id);
    const weapon = photo.weapon?.item && s.doc.weapons.find((w) => w.id === photo.weapon.item.row);
    if (weapon) assert.ok(b.gear.some((g) => g.startsWith(weapon.name)), `${photo.name} wields ${weapon.name}: ${b.gear}`);
    const species = photo.species != null && s.doc.species.find((x) => x.id === photo.species);
    if (species) assert.ok(b.kinds.includes(species.name), `${photo.name} is a ${species.name}: ${b.kinds}`);
  }
  await screenshot(page, 'arena-builds-1366');

  // The arrows vote with the builds open, and the next pair opens with its builds shown.
  const before = await arena.pair();
  await arena.voteWithKey('left');
  const next = await arena.pair();
  assert.notDeepEqual(next, before);
  await page.locator('#build-left .build-stats').waitFor();
  assert.equal((await build(page, 'left')).photo, next[0]);

  // A reload remembers that the judge compares builds.
  await page.reload();
  await page.locator('.arena-pair').waitFor();
  await page.locator('#build-right .build-stats').waitFor();
  await toggle.click();
  assert.ok(await page.locator('#build-right').isHidden(), 'the button closes them');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the_build_power_is_the_one_the_faction_page_shows', async () => {
  const { page, errors } = await s.page();
  const arena = new ArenaPage(page, s.url);
  await arena.open();
  await page.keyboard.press('b');
  await page.locator('#build-left .build-stats').waitFor();
  const left = await build(page, 'left');
  const photo = s.doc.photos.find((p) => p.id === left.photo);
  await page.goto(`${s.url}/factions/${photo.faction}`);
  const card = page.locator(`.figure-card[data-photo="${photo.id}"]`);
  await card.click();
  const shown = Number(await page.locator('.figure-dialog .power-value').getAttribute('data-value'));
  assert.equal(left.power, shown, `${photo.name}: arena ${left.power}, faction page ${shown}`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the_builds_fit_a_phone', async () => {
  const { page } = await s.page();
  await page.setViewportSize({ width: 390, height: 844 });
  const arena = new ArenaPage(page, s.url);
  await arena.open();
  if (await page.locator('#build-left').isHidden()) await page.keyboard.press('b');
  await page.locator('#build-left .build-stats').waitFor();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `no sideways scrolling (${width}px)`);
  await screenshot(page, 'arena-builds-390');
  await page.close();
});
