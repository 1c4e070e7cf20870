// The editor's people groups: a faction's Leader, Generals and Special people are listed above its
// regiments with their photos; a photo moves from a regiment to the Generals through its form's
// Group picker, a new photo is added straight into Special people, and both reach the server as
// the records' `group`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot } from '../lib/browser.mjs';
import { waitForBadge, unlockEditor, syncNow, closePanel } from '../lib/sync.mjs';
import { PhotosEditor } from '../lib/editor_photos.mjs';
import { suite } from '../lib/suite.mjs';

const s = suite('editor-groups');

/** The ids of a people block's photo cards, sorted. */
async function cardsIn(page, group) {
  const ids = await page.locator(`.people-group[data-group="${group}"] .photo-card`)
    .evaluateAll((cards) => cards.map((c) => Number(c.dataset.photo)));
  return ids.sort((a, b) => a - b);
}

const ofGroup = (doc, faction, group) => doc.photos
  .filter((p) => p.faction === faction && p.group === group).map((p) => p.id).sort((a, b) => a - b);

test('move_a_photo_to_the_generals_and_add_one_to_special_people', async (t) => {
  const { context, page, errors } = await s.fresh();
  t.after(() => context.close());
  const doc = await s.realm();
  // A faction with a leader and a regiment photo to promote.
  const faction = doc.factions.find((f) => ofGroup(doc, f.id, 'leader').length > 0
    && doc.photos.some((p) => p.faction === f.id && p.group.regiment));
  assert.ok(faction, 'the demo realm has a faction with a leader and regiments');
  const soldier = doc.photos.find((p) => p.faction === faction.id && p.group.regiment);

  await page.goto(`${s.url}/editor`);
  await page.locator('.regiments-editor').waitFor();
  await unlockEditor(page);
  const photos = new PhotosEditor(page);
  await photos.pickFaction(faction.id);

  // The people groups show the realm's photos.
  for (const group of ['leader', 'generals', 'special_people']) {
    assert.deepEqual(await cardsIn(page, group), ofGroup(doc, faction.id, group), `${group} lists the realm's photos`);
  }

  // Promote the soldier to the Generals with the form's Group picker.
  await photos.open(soldier.id);
  const form = photos.lightbox().locator('.photo-form');
  assert.equal(await form.locator('select[name="regiment"]').inputValue(), String(soldier.group.regiment));
  await form.locator('select[name="regiment"]').selectOption('generals');
  await form.locator('button.save').click();
  await form.locator('.saved').waitFor();
  await photos.close();
  const generals = [...ofGroup(doc, faction.id, 'generals'), soldier.id].sort((a, b) => a - b);
  assert.deepEqual(await cardsIn(page, 'generals'), generals);
  assert.equal(await photos.regiment(soldier.group.regiment).locator(`.photo-card[data-photo="${soldier.id}"]`).count(), 0,
    'it left its regiment');

  // Add a person of note straight into Special people.
  const before = ofGroup(doc, faction.id, 'special_people');
  await page.locator('.people-group[data-group="special_people"] button.add-photo').click();
  await photos.lightbox().waitFor();
  assert.equal(await photos.lightbox().locator('select[name="regiment"]').inputValue(), 'special_people');
  await photos.close();
  const special = await cardsIn(page, 'special_people');
  assert.equal(special.length, before.length + 1);
  const added = special.find((id) => !before.includes(id));
  await screenshot(page, 'editor-groups-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator('.people-group').first().scrollIntoViewIfNeeded();
  await screenshot(page, 'editor-groups-390');

  // Both edits reach the server.
  await waitForBadge(page, 'synced');
  const stored = await s.realm();
  assert.equal(stored.photos.find((p) => p.id === soldier.id).group, 'generals');
  assert.equal(stored.photos.find((p) => p.id === added).group, 'special_people');
  assert.deepEqual(ofGroup(stored, faction.id, 'generals'), generals);
  assert.deepEqual(errors, []);
});

test('a_regiment_name_follows_a_remote_rename_until_typed_into', async (t) => {
  const { context, page, errors } = await s.fresh();
  t.after(() => context.close());
  const doc = await s.realm();
  // A regiment with a photo: the photo's Group picker shows what the page's store holds.
  const photo = doc.photos.find((p) => p.group.regiment);
  const regiment = doc.regiments.find((g) => g.id === photo.group.regiment);
  await page.goto(`${s.url}/editor`);
  await page.locator('.regiments-editor').waitFor();
  await unlockEditor(page);
  const photos = new PhotosEditor(page);
  await photos.pickFaction(regiment.faction);
  const field = photos.regiment(regiment.id).locator('input[name="regiment-name"]');
  assert.equal(await field.inputValue(), regiment.name);

  // Renamed elsewhere while the form is open and untouched: the field follows the sync.
  await s.remoteEdit('regiment', regiment.id, (body) => ({ ...body, name: 'Renamed Elsewhere' }));
  await syncNow(page);
  await waitForBadge(page, 'synced');
  await closePanel(page);
  await page.waitForFunction(([id, name]) =>
    document.querySelector(`.regiment[data-id="${id}"] input[name="regiment-name"]`)?.value === name,
  [regiment.id, 'Renamed Elsewhere']);
  assert.equal(await field.inputValue(), 'Renamed Elsewhere');

  // Once the user has typed, a remote rename does not overwrite their text.
  await field.fill('Typed Here');
  await s.remoteEdit('regiment', regiment.id, (body) => ({ ...body, name: 'Renamed Again' }));
  await syncNow(page);
  await waitForBadge(page, 'synced');
  await closePanel(page);
  await photos.open(photo.id);
  const option = photos.lightbox().locator(`select[name="regiment"] option[value="${regiment.id}"]`);
  await page.waitForFunction(([id, name]) =>
    document.querySelector(`.lightbox select[name="regiment"] option[value="${id}"]`)?.textContent === name,
  [regiment.id, 'Renamed Again']);
  assert.equal(await option.textContent(), 'Renamed Again', 'the page has pulled the remote rename');
  await photos.close();
  assert.equal(await field.inputValue(), 'Typed Here');
  // Saving it stores the typed name over the remote one, without a conflict.
  await photos.regiment(regiment.id).locator('button.rename-regiment').click();
  await waitForBadge(page, 'synced');
  assert.equal((await s.realm()).regiments.find((g) => g.id === regiment.id).name, 'Typed Here');
  assert.deepEqual(errors, []);
});
