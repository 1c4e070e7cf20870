// The editor's Armory, buffs and Toolbox in a real browser: a material edit reaches every photo
// wearing it (the push-down report, the map's Power, the server's copy, and the Toolbox offline);
// a Grudge picked from the realm's factions shows on the faction card and in the next battle's
// set-up; a buff change moves its faction's Power and territory on the map at once, offline; a war
// machine's picture is uploaded from its Armory form.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot } from '../lib/browser.mjs';
import { waitForBadge, closePanel, syncNow, unlockEditor } from '../lib/sync.mjs';
import { MapPage, dragMarker } from '../lib/map_page.mjs';
import { EditorPage, wearsMaterial, cardPowers, territoryPixels } from '../lib/editor_page.mjs';
import { suite } from '../lib/suite.mjs';

const s = suite('armory', { profile: true });

/** Console errors other than the failed requests expected while the network is cut. */
const unexpected = (errors) => errors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e));

/** The editor, unlocked and settled. */
async function editor() {
  const { page, errors } = await s.page();
  const ed = new EditorPage(page, s.url);
  await ed.open();
  await waitForBadge(page, 'synced');
  if (await page.locator('.read-only-note').count()) await unlockEditor(page);
  await closePanel(page);
  return { page, errors, ed };
}

test('edit_a_material_and_every_photo_wearing_it_follows', async () => {
  const before = await s.realm();
  // The material the most photos wear.
  const worn = (m) => before.photos.filter((p) => wearsMaterial(p, m.id)).map((p) => p.id);
  let material = before.materials[0];
  for (const m of before.materials) if (worn(m).length >= worn(material).length) material = m;
  const wearers = worn(material);
  assert.ok(wearers.length > 1, 'the demo material is worn by several photos');

  const { page, errors, ed } = await editor();
  await new MapPage(page, s.url).open();
  const powersBefore = await cardPowers(page);
  await ed.open();
  await ed.editRow('material', material.id, 'stat_impact_pct', material.stat_impact_pct + 60);
  const report = await ed.pushDownReport();
  assert.deepEqual(report.map((r) => r.photo).sort((a, b) => a - b), [...wearers].sort((a, b) => a - b),
    'the push-down reaches exactly the photos wearing the material');
  for (const r of report) {
    assert.ok(r.to > r.from, `photo ${r.photo}: a better material raises Power (${r.from} → ${r.to})`);
    assert.match(r.moves, /(Attack|Defense)/);
  }
  await screenshot(page, 'editor-armory-push-down');

  // The map's faction cards follow at once: a faction with a wearer in its roster moves, one
  // without keeps its Power.
  await new MapPage(page, s.url).open();
  const powersAfter = await cardPowers(page);
  const touched = new Set(report.map((r) => String(r.faction)));
  let moved = 0;
  for (const [id, p] of Object.entries(powersBefore)) {
    if (!touched.has(id)) assert.equal(powersAfter[id], p, `faction ${id} wears none of it`);
    else if (powersAfter[id] > p) moved++;
  }
  assert.ok(moved > 0, 'the wearers\' factions gain Power');

  // The server stores the same re-derived stats once the edit syncs.
  await waitForBadge(page, 'synced');
  const after = await s.realm();
  const changed = after.photos.filter((p) => {
    const old = before.photos.find((q) => q.id === p.id);
    return JSON.stringify(old.stats) !== JSON.stringify(p.stats);
  }).map((p) => p.id);
  assert.deepEqual(changed.sort((a, b) => a - b), [...wearers].sort((a, b) => a - b));

  // Offline, the Toolbox sees the stored copies go stale after another edit and says what
  // recalculating gives; once synced, everything is up to date again.
  await ed.open();
  assert.equal((await ed.recalculate()).changed, 0, 'all synced: nothing stale');
  await page.context().setOffline(true);
  await ed.editRow('material', material.id, 'stat_impact_pct', material.stat_impact_pct + 90);
  const pushed = await ed.pushDownReport();
  const offline = await ed.recalculate();
  assert.equal(offline.changed, wearers.length);
  assert.deepEqual(offline.rows.map((r) => r.photo).sort(), pushed.map((r) => r.photo).sort());
  await screenshot(page, 'editor-toolbox-report');
  await page.context().setOffline(false);
  await syncNow(page);
  await waitForBadge(page, 'synced');
  await closePanel(page);
  assert.equal((await ed.recalculate()).changed, 0);
  assert.deepEqual(unexpected(errors), []);
  await page.close();
});

test('a_bad_armory_value_is_refused_next_to_its_field', async () => {
  const doc = await s.realm();
  const weapon = doc.weapons[0];
  const { page, ed } = await editor();
  const form = await ed.openRow('weapon', weapon.id);
  await form.locator('input[name="name"]').fill('');
  await form.locator('button.save').click();
  const err = form.locator('label.armory-field', { has: page.locator('input[name="name"]') }).locator('.field-error');
  await err.waitFor();
  assert.match(await err.innerText(), /blank/);
  assert.equal((await s.realm()).weapons[0].name, weapon.name, 'nothing was written');
  await page.close();
});

test('add_a_grudge_with_the_picker_and_see_it_on_the_card_and_in_the_battle_set_up', async () => {
  const doc = await s.realm();
  const ordinary = doc.factions.filter((f) => f.kind === 'ordinary' && f.marker);
  const [a, b] = ordinary;
  const { page, errors, ed } = await editor();
  await ed.pickFaction(a.id);
  const section = ed.buffs(a.id);
  await section.locator('button.add-buff').click();
  await section.locator('.buff-form.fresh select[name="effect"]').selectOption('Grudge');
  // The picker offers the realm's ordinary factions other than the holder, by name.
  const offered = await section.locator('.buff-form.fresh select[name="grudge_target"] option').evaluateAll(
    (os) => os.map((o) => Number(o.value)));
  assert.deepEqual(offered.sort((x, y) => x - y),
    doc.factions.filter((f) => f.kind === 'ordinary' && f.id !== a.id).map((f) => f.id).sort((x, y) => x - y));
  assert.match(await section.locator('.buff-form.fresh .unit').innerText(), /percent/);
  await section.locator('.buff-form.fresh button.delete').click();
  await ed.addBuff(a.id, { name: 'Old Feud', effect: 'Grudge', target: b.id, amount: 30 });
  await screenshot(page, 'editor-buffs');

  await new MapPage(page, s.url).open();
  const card = page.locator(`.faction-card[data-faction="${a.id}"]`);
  assert.match(await card.locator('.card-buffs').innerText(), new RegExp(`Grudge against ${b.name} \\+30%`));
  await dragMarker(page, a.id, b.id);
  await page.locator('.battle-panel').waitFor();
  const grudge = page.locator('.setup-table tr', { hasText: 'Grudge' });
  // Grudges the demo already holds against the same faction stack with the new one.
  const held = doc.buffs.filter((x) => x.faction === a.id && x.effect?.grudge?.target === b.id)
    .reduce((sum, x) => sum + x.amount, 0);
  assert.ok((await grudge.innerText()).includes(`+${(held + 30).toFixed(1)}%`), await grudge.innerText());
  await waitForBadge(page, 'synced');
  const stored = (await s.realm()).buffs.find((x) => x.name === 'Old Feud');
  assert.deepEqual(stored.effect, { grudge: { target: b.id } });
  assert.deepEqual(errors, []);
  await page.close();
});

test('a_buff_change_moves_power_and_territory_on_the_map_at_once', async () => {
  const doc = await s.realm();
  const a = doc.factions.filter((f) => f.kind === 'ordinary' && f.marker)[2];
  const { page, errors, ed } = await editor();
  const map = new MapPage(page, s.url);
  await map.open();
  const power0 = (await cardPowers(page))[a.id];
  const land0 = await territoryPixels(page, a.colour);
  assert.ok(land0 > 0);
  // Offline: the change is the browser's store alone, shown without the server.
  await page.context().setOffline(true);
  await page.locator('a[href="/editor"]').first().click();
  await page.locator('.faction-form').waitFor();
  await ed.pickFaction(a.id);
  await ed.addBuff(a.id, { name: 'Forged in Fire', effect: 'Attack Power', amount: 4 });
  await ed.addBuff(a.id, { name: 'Far Banners', effect: 'Territory Reach', amount: 60 });
  await page.locator('a[href="/map"]').first().click();
  await page.locator('.markers .marker').first().waitFor();
  const power1 = (await cardPowers(page))[a.id];
  assert.ok(power1 > power0, `Power rises with Attack (${power0} → ${power1})`);
  const land1 = await territoryPixels(page, a.colour);
  assert.ok(land1 > land0, `territory grows (${land0} → ${land1} pixels)`);
  assert.match(await page.locator(`.faction-card[data-faction="${a.id}"] .card-buffs`).innerText(), /Territory Reach \+60 squares/);
  await screenshot(page, 'editor-buff-map');
  await page.context().setOffline(false);
  assert.deepEqual(unexpected(errors), []);
  await page.close();
});

test('editor_sections_at_two_sizes', async () => {
  const { page, ed } = await editor();
  await ed.openRow('unique_item', (await s.realm()).unique_items[0].id);
  await screenshot(page, 'editor-1366x768');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'editor-390x844');
  await page.close();
});

test('a_war_machine_gets_its_picture_from_the_armory_form', async () => {
  const doc = await s.realm();
  const machine = doc.machine_kinds[0];
  const { page, errors, ed } = await editor();
  const form = await ed.openRow('machine_kind', machine.id);
  const picture = page.locator(`.record-picture[data-kind="machine_kind"]`);
  assert.ok(await form.isVisible());
  assert.equal(await picture.locator('.no-picture').count(), 1);
  const input = picture.locator('input[name="machine_kind-image"]');
  await input.setInputFiles({ name: 'engine.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  assert.match(await picture.locator('.upload-status').innerText(), /Upload failed: .*not a PNG, JPEG or WebP/);
  const png = Buffer.from(await page.evaluate(async () => {
    const c = new OffscreenCanvas(300, 200);
    const g = c.getContext('2d');
    g.fillStyle = '#a0522d'; g.fillRect(0, 0, 300, 200);
    const bytes = new Uint8Array(await (await c.convertToBlob({ type: 'image/png' })).arrayBuffer());
    return [...bytes];
  }));
  await input.setInputFiles({ name: 'engine.png', mimeType: 'image/png', buffer: png });
  await picture.locator('.upload-status.uploaded').waitFor();
  const thumb = picture.locator('button.thumb img');
  await thumb.waitFor();
  assert.match(await thumb.getAttribute('src'), new RegExp(`^/api/images/machine_kind/${machine.id}/display\\?v=`));
  await screenshot(page, 'editor-armory-picture');
  // The server has it, as sent.
  const res = await fetch(`${s.url}/api/images/machine_kind/${machine.id}`);
  assert.equal(res.status, 200);
  assert.deepEqual(Buffer.from(await res.arrayBuffer()), png);
  assert.deepEqual(unexpected(errors), []);
  await page.close();
});
