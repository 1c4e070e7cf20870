// A battle fought with the keyboard alone: the markers are one Tab stop, each names itself, Enter
// picks one up, the arrow keys choose the target (route and odds as while dragging, said to a
// screen reader), Enter marches, the set-up takes the focus, Fight, the rounds and the history
// link follow in order, and the result is announced. No pointer event is sent.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot } from '../lib/browser.mjs';
import { suite } from '../lib/suite.mjs';

const s = suite('keyboard', { profile: { viewport: { width: 1366, height: 900 } } });

const ordinary = () => s.doc.factions.filter((f) => f.kind === 'ordinary' && f.marker);

/** What has the focus: its tag, classes, faction and text, for asserting and for messages. */
const focused = (page) => page.evaluate(() => {
  const el = document.activeElement;
  return {
    tag: el?.tagName.toLowerCase(),
    cls: el?.getAttribute('class') ?? '',
    faction: el?.getAttribute('data-faction'),
    label: el?.getAttribute('aria-label'),
    text: (el?.innerText ?? el?.textContent ?? '').slice(0, 80),
  };
});

/** Presses `key` until `done(focused)` holds, at most `limit` times; fails with what it saw. */
async function pressUntil(page, key, done, limit = 40) {
  const seen = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(key);
    const f = await focused(page);
    if (done(f)) return f;
    seen.push(`${f.tag}.${f.cls}${f.faction ? `#${f.faction}` : ''}`);
  }
  assert.fail(`${key} ×${limit} never got there: ${seen.join(' → ')}`);
}

/** Opens the map and waits until the figures are here (a battle needs them). */
async function openMap(page) {
  await page.goto(`${s.url}/map`);
  await page.locator('.markers .marker').first().waitFor();
  await page.locator('.arriving').waitFor({ state: 'detached' });
}

const isMarker = (f) => f.tag === 'g' && f.cls.split(' ').includes('marker');

test('a_whole_battle_is_fought_with_the_keyboard_alone', async () => {
  const { page, errors } = await s.page();
  await openMap(page);
  const ids = new Set(ordinary().map((f) => String(f.id)));

  // One Tab stop for the marker layer: Tab reaches a marker, and the next Tab leaves the layer.
  let f = await pressUntil(page, 'Tab', isMarker);
  assert.equal(await page.locator('.markers .marker[tabindex="0"]').count(), 1, 'a roving tabindex');
  // Arrow keys go from marker to marker; each names its faction, Power and alignment.
  f = isMarker(f) && ids.has(f.faction) ? f : await pressUntil(page, 'ArrowRight', (g) => isMarker(g) && ids.has(g.faction));
  const attacker = s.doc.factions.find((x) => String(x.id) === f.faction);
  assert.match(f.label, new RegExp(`^${attacker.name}, marked [A-Z][A-Za-z0-9], Power \\d+\\.\\d, \\w+`));
  await screenshot(page, 'keyboard-marker-focused-1366');

  await page.keyboard.press('Enter');
  const carried = page.locator(`.marker[data-faction="${attacker.id}"]`);
  assert.equal(await carried.getAttribute('aria-pressed'), 'true', 'picked up');
  assert.match(await page.locator('.notice').innerText(), /picked up: the arrow keys choose/);

  // Choose an ordinary faction as the target: the route is previewed as while dragging.
  f = await pressUntil(page, 'ArrowRight', (g) => isMarker(g) && ids.has(g.faction) && g.faction !== String(attacker.id));
  const defender = s.doc.factions.find((x) => String(x.id) === f.faction);
  await page.locator('.march-panel[data-settled="false"]').waitFor();
  assert.equal(await page.locator('polyline.route').count(), 1);
  // Said as well as drawn, once the odds run is complete (not on every chunk).
  const announce = page.locator('.map-announce');
  await page.waitForFunction(() => /Attacker wins \d+(\.\d)?%/.test(document.querySelector('.map-announce')?.textContent ?? ''));
  assert.match(await announce.textContent(), new RegExp(`^${attacker.name} on ${defender.name}: \\d+\\.\\d squares, march penalty \\d+(\\.\\d)?%\\. Attacker wins`));
  assert.equal(await announce.getAttribute('aria-live'), 'polite');
  await screenshot(page, 'keyboard-target-chosen-1366');

  // Enter marches; the set-up takes the focus.
  await page.keyboard.press('Enter');
  await page.locator('.march-panel[data-settled="true"]').waitFor();
  assert.match(await page.locator('.march-panel h2').innerText(), new RegExp(`${attacker.name} marches on ${defender.name}`));
  f = await focused(page);
  assert.equal(f.tag, 'h2');
  assert.match(f.text, new RegExp(`${attacker.name} against ${defender.name}`));
  assert.equal(await carried.getAttribute('aria-pressed'), 'false', 'put down');

  // Fight is reached by Tab and pressed with Enter; the result is announced and focused.
  await pressUntil(page, 'Tab', (g) => g.tag === 'button' && g.cls.includes('fight'), 20);
  await page.keyboard.press('Enter');
  await page.locator('.battle-panel .result').waitFor();
  const said = await page.locator('.battle-said').textContent();
  assert.match(said, new RegExp(`^(${attacker.name}|${defender.name}) wins the battle\\.$`));
  assert.equal(await page.locator('.battle-said').getAttribute('role'), 'status');
  f = await focused(page);
  assert.ok(f.cls.includes('result'), `the result has the focus: ${JSON.stringify(f)}`);
  assert.match(f.text, /wins/);

  // The round screen (Version 2 by default) steps with the keyboard.
  const round = await pressUntil(page, 'Tab', (g) => g.cls.includes('round-step') && !/Round 1$/.test(g.text), 20);
  await page.keyboard.press('Enter');
  assert.equal(await page.locator('.round-step[aria-pressed="true"]').innerText(), round.text);
  await screenshot(page, 'keyboard-rounds-1366');

  // Then the history entry.
  await pressUntil(page, 'Tab', (g) => g.tag === 'a' && /^\/history\/\d+$/.test(g.text), 40);
  const href = await page.evaluate(() => document.activeElement.getAttribute('href'));
  assert.match(href, /^\/history\/\d+$/);
  await page.keyboard.press('Enter');
  await page.waitForURL(`${s.url}${href}`);
  await page.locator('.replay .result').waitFor();
  assert.deepEqual(errors, []);
  await page.close();
});

test('escape_puts_the_marker_back_and_keeps_the_focus_on_it', async () => {
  const { page, errors } = await s.page();
  await openMap(page);
  const ids = new Set(ordinary().map((f) => String(f.id)));
  let f = await pressUntil(page, 'Tab', isMarker);
  if (!ids.has(f.faction)) f = await pressUntil(page, 'ArrowLeft', (g) => isMarker(g) && ids.has(g.faction));
  const home = await page.locator(`.marker[data-faction="${f.faction}"]`).getAttribute('transform');
  await page.keyboard.press(' ');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  assert.notEqual(await page.locator(`.marker[data-faction="${f.faction}"]`).getAttribute('transform'), home, 'carried away');
  await page.keyboard.press('Escape');
  assert.equal(await page.locator(`.marker[data-faction="${f.faction}"]`).getAttribute('transform'), home, 'back home');
  assert.equal((await focused(page)).faction, f.faction, 'the focus is on it again');
  assert.equal(await page.locator('.march-panel').count(), 0, 'no march');
  // A faction that cannot fight says why when picked up, and nothing is carried.
  const town = s.doc.factions.find((x) => x.kind === 'townsfolk' && x.marker);
  await pressUntil(page, 'ArrowRight', (g) => g.faction === String(town.id));
  await page.keyboard.press('Enter');
  assert.match(await page.locator('.notice').innerText(), /townsfolk/);
  assert.equal(await page.locator('.marker[aria-pressed="true"]').count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a_focused_marker_shows_its_ring_on_a_phone', async () => {
  const { context, page, errors } = await s.fresh({ viewport: { width: 390, height: 844 } });
  await openMap(page);
  const f = await pressUntil(page, 'Tab', isMarker);
  const stroke = await page.locator(`.marker[data-faction="${f.faction}"] circle`).evaluate((c) => getComputedStyle(c).stroke);
  assert.equal(stroke, 'rgb(11, 87, 208)', 'the focus ring colour');
  await screenshot(page, 'keyboard-marker-focused-390');
  assert.deepEqual(errors, []);
  await context.close();
});
