// The Archive in a real browser: every table lists the rows of the realm the server serves, a mixed
// material's square is drawn half in each of its colours, the contents' anchors all land on a
// section, Combat Stats Explained shows the engine's numbers, the page fits a phone with its wide
// tables scrolling in their own boxes, the standings link opens the Minifigure Ratings, and unique
// items and war machines show uploaded pictures that enlarge.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot } from '../lib/browser.mjs';
import { ArchivePage, TABLES } from '../lib/archive_page.mjs';
import { suite } from '../lib/suite.mjs';
import { EDITOR_KEY } from '../lib/server.mjs';

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
  await archive.scrolledTo(speciesRow);
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
    assert.match(await (await archive.scrolledTo(archive.row('colours', name))).innerText(), new RegExp(mixed.name));
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

/** A PNG of `w`×`h` drawn in the page (a canvas), as base64, to upload. */
async function drawnPng(page, w, h, colour) {
  return page.evaluate(async ({ w, h, colour }) => {
    const c = new OffscreenCanvas(w, h);
    const g = c.getContext('2d');
    g.fillStyle = colour; g.fillRect(0, 0, w, h);
    g.fillStyle = '#fff'; g.fillRect(w / 4, h / 4, w / 2, h / 2);
    const bytes = new Uint8Array(await (await c.convertToBlob({ type: 'image/png' })).arrayBuffer());
    let s = '';
    for (const b of bytes) s += String.fromCharCode(b);
    return btoa(s);
  }, { w, h, colour });
}

test('unique_items_and_war_machines_show_pictures_that_enlarge', async () => {
  const { page, errors } = await s.page();
  const archive = await new ArchivePage(page, s.url).open();
  const unique = s.doc.unique_items[0];
  // A machine kind with machines on the table: pictured only through one machine's photo.
  const machine = s.doc.machine_kinds.find((m) => s.doc.photos.some((p) => p.machine_kind === m.id));
  const machinePhoto = s.doc.photos.find((p) => p.machine_kind === machine.id);
  const bare = s.doc.machine_kinds.find((m) => m.id !== machine.id);
  assert.ok(machine && bare, 'the demo has at least two machine kinds, one with machines');
  assert.equal(await archive.row('unique-items', unique.name).locator('.no-picture').count(), 1, 'no picture before one is uploaded');

  const upload = async (path, b64) => (await fetch(`${s.url}${path}`, {
    method: 'PUT', body: Buffer.from(b64, 'base64'),
    headers: { 'content-type': 'image/png', authorization: `Bearer ${EDITOR_KEY}` },
  })).status;
  assert.equal(await upload(`/api/images/unique_item/${unique.id}`, await drawnPng(page, 1200, 800, '#8a2be2')), 204);
  assert.equal(await upload(`/api/photos/${machinePhoto.id}/image`, await drawnPng(page, 640, 480, '#2e8b57')), 204);

  await archive.open();
  const thumb = archive.row('unique-items', unique.name).locator('button.thumb');
  await thumb.waitFor();
  assert.equal(await thumb.getAttribute('aria-label'), `Enlarge the picture of ${unique.name}`);
  // Thumbnails load lazily: the one in view has loaded.
  await thumb.scrollIntoViewIfNeeded();
  await thumb.locator('img').evaluate((i) => i.decode());
  const small = await thumb.locator('img').evaluate((i) => [i.getAttribute('src'), i.naturalWidth]);
  assert.match(small[0], new RegExp(`^/api/images/unique_item/${unique.id}/display\\?v=\\w+$`));
  assert.equal(small[1], 480, 'the thumbnail loads the display image');
  const machineThumb = archive.row('war-machines', machine.name).locator('button.thumb img');
  assert.match(await machineThumb.getAttribute('src'), new RegExp(`^/api/images/photo/${machinePhoto.id}/display`), 'a machine kind without a picture shows its machine\'s photo');
  assert.equal(await archive.row('war-machines', bare.name).locator('.no-picture').innerText(), 'No picture yet');
  await screenshot(page, 'archive-pictures-1366');

  // By keyboard: Enter enlarges to the original; Escape closes and the focus comes back.
  await thumb.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: unique.name });
  await dialog.waitFor();
  await page.waitForFunction(() => document.querySelector('.image-viewer img')?.naturalWidth > 0);
  assert.equal(await dialog.locator('img').evaluate((i) => i.naturalWidth), 1200, 'the enlarged view is the original');
  assert.match(await dialog.locator('a.photo-original').getAttribute('href'), new RegExp(`^/api/images/unique_item/${unique.id}\\?v=`));
  await screenshot(page, 'archive-picture-open-1366');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('thumb')), true, 'focus is back on the thumbnail');
  // By pointer: a click opens, a click outside closes.
  await thumb.click();
  await dialog.waitFor();
  await page.mouse.click(5, 5);
  await dialog.waitFor({ state: 'detached' });
  assert.deepEqual(errors, []);
  await page.close();
});
