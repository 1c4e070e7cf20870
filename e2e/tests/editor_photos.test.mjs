// The editor's regiments and photos in a real browser: fitting a sword of a better material raises
// the photo's Attack and Power on the page at once and the change reaches the server and survives a
// reload; a photo is added (with a season from the dropdown) and deleted; a bad value is refused
// with its message next to its field; an image uploads, a wrong file says why, and with the server
// gone the section says uploads need it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot } from '../lib/browser.mjs';
import { waitForBadge, unlockEditor } from '../lib/sync.mjs';
import { PhotosEditor } from '../lib/editor_photos.mjs';
import { suite } from '../lib/suite.mjs';

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const s = suite('editor-photos');

/** A fresh browser on /editor, unlocked with the editor key and synced. */
async function editor(viewport) {
  const { context, page, errors } = await s.fresh();
  await page.goto(`${s.url}/editor`);
  await page.locator('.regiments-editor').waitFor();
  await unlockEditor(page);
  // Narrowed only after unlocking: the sync panel's close button sits off a phone's screen.
  if (viewport) await page.setViewportSize(viewport);
  return { context, page, errors, photos: new PhotosEditor(page) };
}

/** A regiment photo with Health holding a sword in a material some other material beats. */
function swordsman(doc) {
  const swords = new Set(doc.weapons.filter((w) => /sword/i.test(w.name) && w.attack_power > 0).map((w) => w.id));
  const pct = new Map(doc.materials.map((m) => [m.id, m.stat_impact_pct]));
  const best = Math.max(...pct.values());
  const p = doc.photos.find((x) => x.group.regiment && x.health > 0 && x.weapon?.item
    && swords.has(x.weapon.item.row) && pct.get(x.weapon.item.material) < best);
  assert.ok(p, 'the demo realm has a swordsman in a regiment');
  const better = doc.materials.find((m) => m.stat_impact_pct === best);
  return { photo: p, better };
}

test('fit_a_better_sword_and_see_attack_and_power_rise_and_stay', async () => {
  const { photo, better } = swordsman(await s.realm());
  const { context, page, errors, photos } = await editor();
  await photos.pickFaction(photo.faction);
  await screenshot(page, 'editor-photos-1366');
  await photos.open(photo.id);
  const attackBefore = await photos.stat('attack_power');
  const rawBefore = await photos.stat('attack_power', 'raw');
  const powerBefore = await photos.power();
  assert.ok(powerBefore > 0, 'a photo with Health has Power');

  await photos.lightbox().locator('select[name="weapon-material"]').selectOption(String(better.id));
  const powerAfter = await photos.powerChangedFrom(powerBefore);
  const attackAfter = await photos.stat('attack_power');
  assert.ok(attackAfter > attackBefore, `Attack ${attackBefore} → ${attackAfter}`);
  assert.ok(await photos.stat('attack_power', 'raw') > rawBefore, 'the gear-derived Attack rises too');
  assert.ok(powerAfter > powerBefore, `Power ${powerBefore} → ${powerAfter}`);
  // The card in the regiment follows.
  const cardAttack = await photos.card(photo.id).locator('.card-attack').innerText();
  assert.equal(Number(cardAttack), Math.round(attackAfter * 100) / 100);
  await screenshot(page, 'editor-photos-lightbox-1366');

  // The fitting reaches the server …
  await waitForBadge(page, 'synced');
  const stored = (await s.realm()).photos.find((p) => p.id === photo.id);
  assert.deepEqual(stored.weapon, { item: { row: photo.weapon.item.row, material: better.id } });
  assert.ok(stored.stats.attack_power > photo.stats.attack_power, 'the server re-derived the higher Attack');

  // … and survives a reload.
  await page.reload();
  await photos.pickFaction(photo.faction);
  await photos.open(photo.id);
  assert.equal(await photos.lightbox().locator('select[name="weapon-material"]').inputValue(), String(better.id));
  assert.equal(await photos.stat('attack_power'), attackAfter);
  assert.equal(await photos.power(), powerAfter);
  assert.deepEqual(errors, []);
  await context.close();
});

test('add_a_photo_with_a_season_then_delete_it', async () => {
  const doc = await s.realm();
  const regiment = doc.regiments[0];
  const season = doc.seasons[doc.seasons.length - 1];
  const { context, page, errors, photos } = await editor();
  await photos.pickFaction(regiment.faction);
  const cards = photos.regiment(regiment.id).locator('.photo-card');
  const before = await cards.count();

  await photos.regiment(regiment.id).locator('button.add-photo').click();
  await photos.lightbox().waitFor();
  const id = Number(await photos.lightbox().getAttribute('data-photo'));
  assert.equal(await cards.count(), before + 1);
  const form = photos.lightbox().locator('.photo-form');
  await form.locator('input[name="name"]').fill('Sergeant Testwell');
  await form.locator('select[name="season"]').selectOption(String(season.number));
  await form.locator('button.save').click();
  await form.locator('.saved').waitFor();
  await waitForBadge(page, 'synced');
  let stored = (await s.realm()).photos.find((p) => p.id === id);
  assert.equal(stored?.name, 'Sergeant Testwell');
  assert.equal(stored.season, season.number);
  assert.deepEqual(stored.group, { regiment: regiment.id });
  assert.match(await photos.card(id).innerText(), /Sergeant Testwell/);

  await form.locator('button.delete-photo').click();
  await form.locator('button.delete-photo-confirm').click();
  await photos.lightbox().waitFor({ state: 'detached' });
  await photos.card(id).waitFor({ state: 'detached' });
  assert.equal(await cards.count(), before);
  await waitForBadge(page, 'synced');
  stored = (await s.realm()).photos.find((p) => p.id === id);
  assert.equal(stored, undefined, 'the server deleted it');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a_bad_value_shows_its_message_next_to_its_field_and_nothing_is_written', async () => {
  const doc = await s.realm();
  const photo = doc.photos.find((p) => p.group.regiment && p.health > 0);
  const { context, page, errors, photos } = await editor();
  await photos.pickFaction(photo.faction);
  await photos.open(photo.id);
  const form = photos.lightbox().locator('.photo-form');

  await form.locator('input[name="health"]').fill('900');
  await form.locator('button.save').click();
  await assert.doesNotReject(photos.fieldError('health').waitFor());
  assert.match(await photos.fieldError('health').innerText(), /0 to 500/);

  await form.locator('input[name="health"]').fill('lots');
  await form.locator('button.save').click();
  assert.match(await photos.fieldError('health').innerText(), /not a number/);

  await form.locator('input[name="health"]').fill(String(photo.health));
  await form.locator('input[name="name"]').fill('   ');
  await form.locator('button.save').click();
  await photos.fieldError('name').waitFor();
  assert.match(await photos.fieldError('name').innerText(), /cannot be blank/);
  assert.equal(await photos.fieldError('health').count(), 0, 'only the bad field is marked');
  await screenshot(page, 'editor-photos-field-error-1366');
  await photos.close();

  // A regiment cannot be renamed to nothing either.
  const head = photos.regiment(photo.group.regiment).locator('.regiment-head');
  await head.locator('input[name="regiment-name"]').fill('');
  await head.locator('button.rename-regiment').click();
  assert.match(await head.locator('.field-error').innerText(), /cannot be blank/);

  // Nothing was queued or written.
  await waitForBadge(page, 'synced');
  const after = await s.realm();
  assert.equal(after.photos.find((p) => p.id === photo.id).name, photo.name);
  assert.equal(after.photos.find((p) => p.id === photo.id).health, photo.health);
  assert.equal(after.regiments.find((g) => g.id === photo.group.regiment).name,
    doc.regiments.find((g) => g.id === photo.group.regiment).name);
  assert.deepEqual(errors, []);
  await context.close();
});

test('upload_an_image_and_see_why_a_wrong_file_or_no_server_cannot', async () => {
  const doc = await s.realm();
  const photo = doc.photos.find((p) => p.group.regiment);
  const { context, page, errors, photos } = await editor({ width: 390, height: 844 });
  await photos.pickFaction(photo.faction);
  await screenshot(page, 'editor-photos-390');
  await photos.open(photo.id);
  const input = photos.lightbox().locator('input[name="photo-image"]');

  await input.setInputFiles({ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  assert.match(await photos.lightbox().locator('.upload-status').innerText(), /Upload failed: .*not a PNG, JPEG or WebP/);

  await input.setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: PNG });
  await photos.lightbox().locator('.upload-status.uploaded').waitFor();
  const img = photos.lightbox().locator('img.photo-image');
  await img.waitFor();
  assert.match(await img.getAttribute('src'), new RegExp(`/api/images/photo/${photo.id}\\?v=`));
  await page.waitForFunction(() => document.querySelector('.lightbox img.photo-image')?.naturalWidth === 1);
  await photos.card(photo.id).locator('img.photo-image').waitFor();
  await screenshot(page, 'editor-photos-lightbox-390');

  // With the server gone editing still works, and the section says uploads need the server.
  await s.stopServer();
  const form = photos.lightbox().locator('.photo-form');
  await form.locator('input[name="name"]').fill('Renamed Offline');
  await form.locator('button.save').click();
  await form.locator('.saved').waitFor();
  assert.match(await photos.card(photo.id).innerText(), /Renamed Offline/);
  await waitForBadge(page, 'offline');
  await photos.lightbox().locator('.upload-offline').waitFor();
  assert.match(await photos.lightbox().locator('.upload-offline').innerText(), /Uploads need the server/);
  assert.ok(await input.isDisabled(), 'the upload control is disabled offline');
  await screenshot(page, 'editor-photos-offline-390');
  const expected = /Failed to load resource|ERR_CONNECTION_REFUSED|Failed to fetch/;
  assert.deepEqual(errors.filter((e) => !expected.test(e)), []);
  await context.close();
});
