// The whole collection by form, as an editor does it: a siege train is added, a war machine put in
// it and crewed until its crew rule is met, and the machine fights in the next battle's set-up and
// rounds; a season is created, renamed, made current and given 20 photos at once; and the Armory,
// buff and faction forms hold no JSON box or raw id (a machine's lines are rows of pickers, a
// faction's marker is dragged on a small map, removals ask first).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot } from '../lib/browser.mjs';
import { waitForBadge, unlockEditor } from '../lib/sync.mjs';
import { MapPage, dragMarker } from '../lib/map_page.mjs';
import { suite } from '../lib/suite.mjs';

const s = suite('editor-forms', { profile: { viewport: { width: 1366, height: 900 } } });
const ordinary = () => s.doc.factions.filter((f) => f.kind === 'ordinary' && f.marker);

let unlocked = false;

/** The shared profile's page on /editor, unlocked (the profile keeps the key) and synced. */
async function editor() {
  const { page, errors } = await s.page();
  await page.goto(`${s.url}/editor`);
  await page.locator('.regiments-editor').waitFor();
  if (unlocked) {
    await waitForBadge(page, 'synced');
  } else {
    await unlockEditor(page);
    unlocked = true;
  }
  return { page, errors };
}

test('an_editor_adds_a_war_machine_crews_it_and_it_fights_in_the_next_battle', async () => {
  const { page, errors } = await editor();
  const [a, , b] = ordinary();
  const section = page.locator('.regiments-editor');
  await page.locator('select[name="photos-faction"]').selectOption(String(a.id));
  const trains = section.locator('.equipment-group');
  const before = await trains.count();
  await section.locator('input[name="new-equipment"]').fill('Test Siege Train');
  await section.locator('.add-equipment-button').click();
  await page.waitForFunction((n) => document.querySelectorAll('.regiments-editor .equipment-group').length === n, before + 1);
  const train = trains.last();
  assert.equal(await train.locator('input[name="equipment-name"]').inputValue(), 'Test Siege Train');

  // A war machine of the Armory's first kind; its form opens at once.
  await train.locator('.add-photo').click();
  const box = page.locator('.lightbox');
  await box.waitFor();
  const kind = s.doc.machine_kinds[0];
  assert.equal(await box.locator('select[name="machine_kind"]').inputValue(), String(kind.id));
  await box.locator('.photo-form input[name="name"]').fill('Test Trebuchet');
  await box.locator('.photo-form button.save').click();
  await box.locator('.photo-form .saved').waitFor();

  // Crew it from the faction's free figures, one tick at a time, until the rule is met.
  const panel = box.locator('.crew-panel');
  await panel.waitFor();
  const need = Math.max(kind.crew_work ?? 0, kind.crew_min ?? 0, 1);
  const healthy = new Set(s.doc.photos.filter((p) => p.faction === a.id && p.health > 0 && p.machine_kind == null
    && p.crew_of == null).map((p) => String(p.id)));
  const free = [];
  for (const label of await panel.locator('.crew-choice').all()) {
    if (healthy.has(await label.getAttribute('data-photo')) && await label.locator('.crews-other').count() === 0) {
      free.push(await label.getAttribute('data-photo'));
    }
  }
  assert.ok(free.length >= need, `the faction has ${need} free figures to crew it`);
  const state = panel.locator('.crew-state .figure-crew');
  for (const [i, id] of free.slice(0, need).entries()) {
    await panel.locator(`.crew-choice[data-photo="${id}"] input`).check();
    await page.waitForFunction((n) => (document.querySelector('.crew-panel .crew-state')?.textContent.match(/Crew: /) ?? null)
      && document.querySelectorAll('.crew-panel .crew-choice input:checked').length === n, i + 1);
    if (i + 1 < (kind.crew_min ?? 0)) assert.equal(await state.getAttribute('data-crew'), 'unmet', 'too few crew: abandoned');
  }
  assert.equal(await state.getAttribute('data-crew'), 'met');
  assert.match(await state.innerText(), /fires at 100% strength/);
  await screenshot(page, 'editor-siege-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'editor-siege-390');
  await page.setViewportSize({ width: 1366, height: 900 });
  await box.locator('.lightbox-close').click();

  // The server holds the machine, its kind and its crew.
  await waitForBadge(page, 'synced');
  const doc = await s.realm();
  const machine = doc.photos.find((p) => p.name === 'Test Trebuchet');
  assert.ok(machine, 'the machine reached the server');
  assert.equal(machine.machine_kind, kind.id);
  const type = doc.equipment_types.find((t) => t.name === 'Test Siege Train');
  assert.deepEqual(machine.group, { equipment: type.id });
  assert.deepEqual(doc.photos.filter((p) => p.crew_of === machine.id).map((p) => String(p.id)).sort(),
    free.slice(0, need).sort());

  // The next battle: the machine is in the set-up and on the round screen.
  await new MapPage(page, s.url).open();
  await dragMarker(page, a.id, b.id);
  const setup = page.locator('.battle-panel .setup-table');
  await setup.waitFor();
  const row = setup.locator('tr', { hasText: 'War machines' });
  assert.match(await row.locator('td').first().innerText(), /Test Trebuchet/);
  await page.getByRole('button', { name: 'Fight' }).click();
  await page.locator('.result').waitFor();
  assert.equal(await page.locator('.round-side[data-side="attacker"] .figure.machine[title^="Test Trebuchet"]').count(), 1,
    'the round screen shows the machine');
  // The battle reaches Realm History before the page goes.
  await waitForBadge(page, 'synced');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a_season_is_created_renamed_made_current_and_given_twenty_photos_at_once', async () => {
  const { page, errors } = await editor();
  const section = page.locator('.seasons-editor');
  const number = Math.max(0, ...s.doc.seasons.map((x) => x.number)) + 1;
  await section.locator('input[name="new-season"]').fill('The Iron Spring');
  await section.locator('.add-season-button').click();
  const row = section.locator(`.season-row[data-number="${number}"]`);
  await row.waitFor();
  await row.locator('input[name="season-name"]').fill('The Iron Spring, renewed');
  await row.locator('.rename-season').click();
  await row.locator('input[type="radio"]').check();
  await row.locator('.season-badge').waitFor();

  const faction = s.doc.factions.find((f) => s.doc.photos.filter((p) => p.faction === f.id).length >= 20);
  const form = section.locator('.season-assign');
  await form.locator('select[name="assign-season"]').selectOption(String(number));
  await form.locator('select[name="assign-faction"]').selectOption(String(faction.id));
  await form.locator('.tick-none').click();
  const boxes = form.locator('.assign-photo input');
  for (let i = 0; i < 20; i++) await boxes.nth(i).check();
  assert.match(await form.locator('.assign-count').innerText(), /^20 of \d+ ticked/);
  const picked = await form.locator('.assign-photo:has(input:checked)').evaluateAll((ls) => ls.map((l) => Number(l.dataset.photo)));
  await form.locator('.assign-button').click();
  assert.match(await form.locator('.saved').innerText(), new RegExp(`Put 20 photos in season ${number}`));
  assert.equal(await row.locator('.season-held').innerText(), '20 photos');
  await screenshot(page, 'editor-seasons-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await section.scrollIntoViewIfNeeded();
  await screenshot(page, 'editor-seasons-390');
  await page.setViewportSize({ width: 1366, height: 900 });

  await waitForBadge(page, 'synced');
  const doc = await s.realm();
  assert.equal(doc.seasons.find((x) => x.number === number)?.name, 'The Iron Spring, renewed');
  assert.equal(doc.settings.current_season, number);
  assert.deepEqual(doc.photos.filter((p) => p.season === number).map((p) => p.id).sort(), picked.sort());
  assert.deepEqual(errors, []);
  await page.close();
});

test('no_json_box_or_raw_id_is_left_and_removals_ask_first', async () => {
  const { page, errors } = await editor();
  const armory = page.locator('.armory-editor');
  const tables = await armory.locator('select[name="armory-table"] option').evaluateAll((os) => os.map((o) => o.value));
  for (const t of tables) {
    await armory.locator('select[name="armory-table"]').selectOption(t);
    await armory.locator(`.armory-row[data-kind="${t}"]`).waitFor();
    assert.equal(await armory.locator('textarea').count(), 0, `${t}: no JSON box`);
    const labels = await armory.locator('.armory-field').evaluateAll((ls) => ls.map((l) => l.firstChild?.textContent ?? ''));
    for (const l of labels) assert.doesNotMatch(l, /^(Bl|Crew min|Crew work|Crew move|Stop round)$/, `${t}: "${l}" is a raw name`);
  }
  assert.equal(await page.locator('.editor-section textarea.json').count(), 0);

  // A species' movement type and a unique item's "Built from" are pickers.
  await armory.locator('select[name="armory-table"]').selectOption('species');
  assert.equal(await armory.locator('select[name="movement_type"]').count(), 1);
  await armory.locator('select[name="armory-table"]').selectOption('unique_item');
  await armory.locator('select[name="built_from.table"]').selectOption('weapon');
  assert.ok(await armory.locator('select[name="built_from.row"] option').count() > 1, 'the weapons to pick from');

  // A war machine's lines: change one's amount, add one on a terrain, save; the server has both.
  const kind = s.doc.machine_kinds.find((k) => k.lines.length > 0);
  await armory.locator('select[name="armory-table"]').selectOption('machine_kind');
  await armory.locator('select[name="armory-row"]').selectOption(String(kind.id));
  const form = armory.locator(`.armory-row[data-id="${kind.id}"]`);
  assert.equal(await form.locator('.line-row').count(), kind.lines.length);
  await form.locator('input[name="lines[0].amount"]').fill('7.5');
  await form.locator('.add-line').click();
  const n = kind.lines.length;
  await form.locator(`select[name="lines[${n}].effect"]`).selectOption('forest_crossing');
  await form.locator(`input[name="lines[${n}].amount"]`).fill('25');
  await form.locator(`select[name="lines[${n}].condition"]`).selectOption('on_terrain');
  await form.locator(`select[name="lines[${n}].terrain"]`).selectOption('forest');
  await screenshot(page, 'editor-armory-lines-1366');
  await form.locator('button.save').click();
  await armory.locator('.push-down-report').waitFor();
  // A removal asks first, and "Keep it" keeps the row.
  await form.locator('button.delete').click();
  await form.locator('button.delete-confirm').waitFor();
  assert.ok(await form.locator('button.delete-confirm').evaluate((b) => b === document.activeElement), 'the question takes the focus');
  await form.locator('button.delete-cancel').click();
  assert.equal(await form.count(), 1, 'kept');

  // The buff effects come in their three families.
  if (await page.locator('.buff-form').count() === 0) await page.locator('.add-buff').click();
  assert.equal(await page.locator('.buff-form select[name="effect"]').first().locator('optgroup').count(), 3);

  // The faction's marker is placed by pressing on the small map.
  const faction = ordinary()[0];
  await page.locator('select[name="faction"]').selectOption(String(faction.id));
  const factionForm = page.locator(`.faction-form[data-id="${faction.id}"]`);
  const mini = factionForm.locator('.marker-map');
  await mini.scrollIntoViewIfNeeded();
  const rect = await mini.boundingBox();
  await page.mouse.move(rect.x + rect.width * 0.2, rect.y + rect.height * 0.3);
  await page.mouse.down();
  await page.mouse.move(rect.x + rect.width * 0.25, rect.y + rect.height * 0.75, { steps: 5 });
  await page.mouse.up();
  const x = Number(await factionForm.locator('input[name="marker.x"]').inputValue());
  const y = Number(await factionForm.locator('input[name="marker.y"]').inputValue());
  assert.ok(Math.abs(x - 0.25) < 0.02 && Math.abs(y - 0.75) < 0.02, `dragged to (${x}, ${y})`);
  await factionForm.locator('.marker-handle').focus();
  await page.keyboard.press('ArrowRight');
  assert.ok(Math.abs(Number(await factionForm.locator('input[name="marker.x"]').inputValue()) - (x + 0.01)) < 1e-9);
  await factionForm.locator('button.save').click();
  await factionForm.locator('.saved').waitFor();

  await waitForBadge(page, 'synced');
  const doc = await s.realm();
  const saved = doc.machine_kinds.find((k) => k.id === kind.id);
  assert.equal(saved.lines[0].amount, 7.5);
  assert.deepEqual(saved.lines[n], { effect: 'forest_crossing', amount: 25, scope: 'self', condition: { on_terrain: 'forest' } });
  const marker = doc.factions.find((f) => f.id === faction.id).marker;
  assert.ok(Math.abs(marker.x - (x + 0.01)) < 1e-9 && Math.abs(marker.y - y) < 1e-9, 'the marker moved on the server');
  assert.deepEqual(errors, []);
  await page.close();
});
