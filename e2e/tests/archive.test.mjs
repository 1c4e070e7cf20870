// The Archive in a real browser: every table lists the rows of the realm the server serves, a mixed
// material's square is drawn half in each of its colours, the contents' anchors all land on a
// section, Combat Stats Explained shows the engine's numbers, the page fits a phone with its wide
// tables scrolling in their own boxes, and the standings link opens the Minifigure Ratings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot } from '../lib/browser.mjs';
import { ArchivePage, TABLES } from '../lib/archive_page.mjs';
import { suite } from '../lib/suite.mjs';

const s = suite('archive', { profile: true });

test('every_archive_table_lists_the_realms_rows', async () => {
  const { page, errors } = await s.page();
  const archive = await new ArchivePage(page, s.url).open();
  for (const [name, key] of Object.entries(TABLES)) {
    assert.ok(s.doc[key].length > 0, `the demo realm has ${key}`);
    assert.equal(await archive.rows(name).count(), s.doc[key].length, `${name} lists every ${key} record`);
  }
  // Spot-check that rows carry the records' own values, not just the right count.
  const weapon = s.doc.weapons[0];
  assert.equal(await archive.row('weapons', weapon.name).count(), 1);
  const buff = s.doc.buffs[0];
  const buffRow = archive.rows('faction-buffs').filter({ hasText: buff.name });
  assert.ok((await buffRow.locator('.unit').count()) >= 1, 'a buff shows the unit under its effect');
  const species = s.doc.species[0];
  const units = s.doc.photos.filter((p) => p.species === species.id).length;
  const speciesRow = archive.row('species', species.name);
  assert.equal(await speciesRow.locator('td').nth(1).innerText(), String(units), 'Units counts the photos of that species');
  await screenshot(page, 'archive-1366');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a_mixed_material_is_drawn_half_in_each_colour', async () => {
  const { page } = await s.page();
  const archive = await new ArchivePage(page, s.url).open();
  const mixed = s.doc.materials.find((m) => m.colours.mixed);
  assert.ok(mixed, 'the demo realm has a mixed material');
  const hex = (id) => s.doc.colours.find((c) => c.id === id).hex;
  const halves = archive.row('materials', mixed.name).locator('.swatch.mixed .half');
  assert.equal(await halves.count(), 2);
  const drawn = await halves.evaluateAll((els) => els.map((e) => e.dataset.hex));
  assert.deepEqual(drawn, mixed.colours.mixed.map(hex));
  const colours = await halves.evaluateAll((els) => els.map((e) => getComputedStyle(e).backgroundColor));
  assert.notEqual(colours[0], colours[1], 'the two halves are painted in different colours');
  // Each of its colours lists it among the materials that use it.
  for (const id of mixed.colours.mixed) {
    const name = s.doc.colours.find((c) => c.id === id).name;
    assert.match(await archive.row('colours', name).innerText(), new RegExp(mixed.name));
  }
  await page.close();
});

test('contents_links_land_on_sections_and_combat_stats_show_the_engines_numbers', async () => {
  const { page } = await s.page();
  const archive = await new ArchivePage(page, s.url).open();
  const targets = await page.locator('.archive-toc a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  assert.ok(targets.length > 20);
  for (const href of targets) {
    assert.equal(await page.locator(href).count(), 1, `${href} is on the page`);
  }
  await page.locator('.archive-toc a[href="#combat-stats-explained"]').click();
  await page.waitForFunction(() => location.hash === '#combat-stats-explained');
  const health = await archive.explained('Health curve').locator('tbody tr').allInnerTexts();
  assert.deepEqual(health.map((r) => r.replace(/\s+/g, ' ').trim()),
    ['25 ×0.41', '50 ×0.64', '100 ×1', '200 ×1.57', '300 ×2.04', '500 ×2.85']);
  const territory = await archive.explained('Territory examples').locator('tbody td:last-child').allInnerTexts();
  assert.deepEqual(territory, ['46', '87', '95', '86', '126', '256']);
  assert.equal(await archive.explained('Alignment table').locator('tbody tr').count(), 5);
  assert.equal(await archive.explained('Dice').locator('tbody tr').count(), 6);
  await page.close();
});

test('the_archive_fits_a_phone_with_tables_scrolling_in_their_own_box', async () => {
  const { page } = await s.page();
  await page.setViewportSize({ width: 390, height: 844 });
  const archive = await new ArchivePage(page, s.url).open();
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(pageWidth <= 390, `the page does not scroll sideways (${pageWidth}px)`);
  const box = archive.table('war-machines').locator('xpath=..');
  const [scroll, client] = await box.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  assert.ok(scroll > client, 'the wide table scrolls inside its own box');
  await screenshot(page, 'archive-390');
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.close();
});

test('the_standings_link_opens_the_minifigure_ratings', async () => {
  const { page, errors } = await s.page();
  await new ArchivePage(page, s.url).open();
  await page.locator('a.standings-link').click();
  await page.waitForURL(`${s.url}/arena/standings`);
  await page.locator('table.standings tbody tr').first().waitFor();
  assert.deepEqual(errors, []);
  await page.close();
});

test('a_colour_square_opens_by_keyboard_and_pointer_to_what_uses_it', async () => {
  const { page, errors } = await s.page();
  const archive = await new ArchivePage(page, s.url).open();
  // A material some figure carries: the demo's own document says which.
  const slots = ['weapon', 'armor', 'headwear', 'backpiece', 'legwear'];
  const carried = (m) => s.doc.photos.filter((p) =>
    slots.some((k) => p[k]?.item?.material === m.id)
    || p.offhand?.weapon?.material === m.id || p.offhand?.shield?.material === m.id);
  const material = s.doc.materials.find((m) => carried(m).length > 0);
  assert.ok(material, 'the demo fits some material');
  const figure = carried(material)[0].name;
  const row = archive.row('materials', material.name);
  const square = row.locator('button.swatch');
  const uses = row.locator('.swatch-uses');
  assert.equal(await square.getAttribute('aria-expanded'), 'false');
  assert.equal(await uses.isVisible(), false, 'closed at first');

  // By keyboard: focus, Enter opens, Escape closes.
  await square.focus();
  await page.keyboard.press('Enter');
  await uses.waitFor({ state: 'visible' });
  assert.equal(await square.getAttribute('aria-expanded'), 'true');
  const text = await uses.innerText();
  assert.match(text, / on \d+ figures?: /, `a line per piece: ${text}`);
  // The first figure to carry it starts the first line's names.
  assert.ok(text.includes(figure), `it names ${figure}, who carries it: ${text}`);
  await page.keyboard.press('Escape');
  await uses.waitFor({ state: 'hidden' });
  assert.equal(await square.getAttribute('aria-expanded'), 'false');

  // By pointer: a click opens, a second closes.
  await square.click();
  await uses.waitFor({ state: 'visible' });
  await square.click();
  await uses.waitFor({ state: 'hidden' });

  // A LEGO colour's square lists the materials made in it.
  const colourId = material.colours.single ?? material.colours.mixed[0];
  const colour = s.doc.colours.find((c) => c.id === colourId);
  const colourRow = archive.row('colours', colour.name);
  await colourRow.locator('button.swatch').click();
  assert.match(await colourRow.locator('.swatch-uses').innerText(), new RegExp(`^${material.name}: `, 'm'));
  assert.deepEqual(errors, []);
  await page.close();
});
