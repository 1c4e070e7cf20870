// A faction's page for every visitor: the map's card leads to it, it lists every figure of the
// faction with its Power grouped as the faction is, sums Power per group, shows a war machine's crew
// against its rule, and a figure's card opens (pointer or keyboard) to its numbers explained.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot } from '../lib/browser.mjs';
import { MapPage } from '../lib/map_page.mjs';
import { suite } from '../lib/suite.mjs';

const s = suite('faction_page', { profile: true });

/** The faction that owns a crewed war machine: the demo has one. */
function crewedFaction() {
  const crew = s.doc.photos.find((p) => p.crew_of != null);
  assert.ok(crew, 'the demo crews a war machine');
  const machine = s.doc.photos.find((p) => p.id === crew.crew_of);
  return { faction: machine.faction, machine, crew };
}

test('a_visitor_opens_a_faction_from_the_map_and_sees_its_roster', async () => {
  const { page, errors } = await s.page();
  const { faction, machine, crew } = crewedFaction();
  const map = new MapPage(page, s.url);
  await map.open();
  const card = page.locator(`.faction-card[data-faction="${faction}"]`);
  const mapPower = await card.locator('.power').getAttribute('data-power');
  await card.locator('a.faction-link').click();
  await page.waitForURL(`${s.url}/factions/${faction}`);
  await page.locator('.faction-page .figure-card').first().waitFor();

  const owned = s.doc.photos.filter((p) => p.faction === faction);
  assert.equal(await page.locator('.figure-card').count(), owned.length, 'every figure of the faction is listed');
  assert.equal(await page.locator('.faction-power').getAttribute('data-power'), mapPower,
    'the page and the map card agree on Faction Power');
  const regiments = s.doc.regiments.filter((r) => r.faction === faction);
  for (const r of regiments) {
    assert.match(await page.locator(`#regiment-${r.id} h2`).innerText(), /Regiment: [^]*Power \d/);
  }
  assert.ok(await page.locator('.power-bars tbody tr').count() >= regiments.length, 'Power by group lists each regiment');
  const machineCard = page.locator(`.figure-card[data-photo="${machine.id}"]`);
  const crewText = await machineCard.locator('.figure-crew').innerText();
  assert.ok(crewText.includes(crew.name), `the machine names its crew: ${crewText}`);
  assert.match(crewText, /strength|abandoned/);
  await screenshot(page, 'faction-1366');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a_figure_opens_by_keyboard_to_its_power_explained', async () => {
  const { page, errors } = await s.page();
  const { faction } = crewedFaction();
  await page.goto(`${s.url}/factions/${faction}`);
  const first = page.locator('.figure-card').first();
  await first.waitFor();
  const id = await first.getAttribute('data-photo');
  await first.focus();
  await page.keyboard.press('Enter');
  const dialog = page.locator('.figure-dialog[role="dialog"]');
  await dialog.waitFor();
  for (const part of ['health_mult', 'bracket', 'rating', 'rating_bonus', 'power']) {
    assert.equal(await dialog.locator(`[data-part="${part}"]`).count(), 1, `${part} is explained`);
  }
  // The factors multiply to the Power shown (to the three decimals they are printed with).
  const value = (part) => dialog.locator(`[data-part="${part}"] .part-value`).innerText();
  const health = Number((await value('health_mult')).replace('×', ''));
  const bracket = Number(await value('bracket'));
  const bonus = Number((await value('rating_bonus')).replace('×', ''));
  const power = Number(await dialog.locator('.power-value').getAttribute('data-value'));
  assert.ok(Math.abs(health * bracket * bonus - power) <= power * 0.002 + 0.01, `${health} × ${bracket} × ${bonus} ≈ ${power}`);
  assert.match(await dialog.locator('[data-part="rating"]').innerText(), /judged|never judged/);
  assert.equal(await dialog.locator('.health[role="img"]').count(), 1, 'a Health bar');
  assert.match(await dialog.locator('.photo-kinds').innerText(), /weapon|damage|Melee|Ranged/);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.photo), id, 'the focus goes back to the card');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the_faction_page_fits_a_phone', async () => {
  const { page } = await s.page();
  const { faction } = crewedFaction();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${s.url}/factions/${faction}`);
  await page.locator('.figure-card').first().waitFor();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `no sideways scrolling (${width}px)`);
  await screenshot(page, 'faction-390');
  await page.locator('.figure-card').first().click();
  await page.locator('.figure-dialog').waitFor();
  const inDialog = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(inDialog <= 390, `the open figure fits too (${inDialog}px)`);
  await screenshot(page, 'faction-figure-390');
  await page.close();
});

test('the_factions_page_lists_every_faction_and_an_unknown_one_says_so', async () => {
  const { page } = await s.page();
  await page.goto(`${s.url}/factions`);
  await page.locator('.faction-list .faction-card').first().waitFor();
  assert.equal(await page.locator('.faction-list a.faction-link').count(), s.doc.factions.length);
  await page.locator('.faction-list a.faction-link').nth(1).click();
  await page.waitForURL(`${s.url}/factions/${s.doc.factions[1].id}`);
  await page.locator('.figure-card').first().waitFor();
  await page.goto(`${s.url}/factions/999999`);
  await page.locator('.empty', { hasText: 'No such faction' }).waitFor();
  await page.close();
});
