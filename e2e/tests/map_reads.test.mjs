// The map reads without a guide: every marker has its own two-letter label, the dashed marker is
// in the legend, territory has a solid outline that shows outside the markers, markers are a
// finger wide on a phone, the ground under the pointer is priced for a chosen army without
// dragging, and the battle system can be chosen before the drop.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot } from '../lib/browser.mjs';
import { MapPage, dragMarker } from '../lib/map_page.mjs';
import { suite } from '../lib/suite.mjs';

const s = suite('map-reads', { profile: { viewport: { width: 1366, height: 900 } } });

const ordinary = () => s.doc.factions.filter((f) => f.kind === 'ordinary' && f.marker);

test('marker_labels_are_unique_and_the_dashed_marker_is_in_the_legend', async () => {
  const { page, errors } = await s.page();
  const map = new MapPage(page, s.url);
  await map.open();
  const labels = await map.markers().locator('text').allTextContents();
  assert.equal(labels.length, s.doc.factions.filter((f) => f.marker).length);
  for (const l of labels) assert.equal([...l].length, 2, `"${l}" is two letters`);
  assert.equal(new Set(labels).size, labels.length, `no label repeats: ${labels.join(' ')}`);
  // The legend explains the dashed ring with the very dash the map draws.
  const legend = page.locator('.marker-legend li').filter({ hasText: 'mercenary' });
  assert.equal(await legend.count(), 1);
  const dash = (loc) => loc.evaluate((c) => getComputedStyle(c).strokeDasharray);
  const company = s.doc.factions.find((f) => f.kind === 'mercenary' && f.marker);
  const onMap = await dash(page.locator(`.markers .marker[data-faction="${company.id}"] circle`));
  assert.notEqual(onMap, 'none');
  assert.equal(await dash(legend.locator('circle')), onMap);
  await screenshot(page, 'map-reads-1366');
  assert.deepEqual(errors, []);
  await page.close();
});

test('every_faction_has_a_solid_outline_outside_its_marker', async () => {
  const { page } = await s.page();
  await new MapPage(page, s.url).open();
  const { width, height } = s.doc.map;
  const r = await page.locator('svg.markers').evaluate((el) => Number(getComputedStyle(el).getPropertyValue('--r')));
  assert.ok(r > 0, `a marker radius (${r} cells)`);
  const discs = s.doc.factions.filter((f) => f.marker).map((f) => [f.marker.x * width, f.marker.y * height]);
  for (const f of ordinary()) {
    const rgb = [1, 3, 5].map((i) => parseInt(f.colour.slice(i, i + 2), 16));
    const outside = await page.locator('canvas.territory').evaluate((c, [rgb, discs, r, width]) => {
      const scale = c.width / width;
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let y = 0; y < c.height; y++) {
        for (let x = 0; x < c.width; x++) {
          const i = (y * c.width + x) * 4;
          if (d[i + 3] !== 255 || d[i] !== rgb[0] || d[i + 1] !== rgb[1] || d[i + 2] !== rgb[2]) continue;
          const cx = (x + 0.5) / scale, cy = (y + 0.5) / scale;
          if (discs.every(([mx, my]) => Math.hypot(cx - mx, cy - my) > r)) n++;
        }
      }
      return n;
    }, [rgb, discs, r, width]);
    assert.ok(outside >= 40, `${f.name}: ${outside} opaque outline pixels show outside the markers`);
  }
  await page.close();
});

test('on_a_phone_markers_are_a_finger_wide_and_the_map_does_not_scroll_sideways', async () => {
  const { page } = await s.page();
  await page.setViewportSize({ width: 390, height: 844 });
  const map = new MapPage(page, s.url);
  await map.open();
  // The radius follows the layer's measured width.
  await page.waitForFunction(() => getComputedStyle(document.querySelector('svg.markers')).getPropertyValue('--r').trim() !== '3');
  const sizes = await map.markers().locator('circle').evaluateAll((cs) => cs.map((c) => c.getBoundingClientRect().width));
  for (const w of sizes) assert.ok(w >= 23.5, `a marker is ${w.toFixed(1)} px wide`);
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(pageWidth <= 390, `the page does not scroll sideways (${pageWidth}px)`);
  await screenshot(page, 'map-reads-390');
  await page.close();
});

test('the_ground_is_priced_for_a_chosen_army_and_the_system_is_chosen_before_the_drop', async () => {
  const { page, errors } = await s.page();
  await new MapPage(page, s.url).open();
  await page.locator('.arriving').waitFor({ state: 'detached' });
  const [a, b] = ordinary();
  await page.locator('select.crossing-army').selectOption(String(a.id));
  const box = await page.locator('svg.markers').boundingBox();
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5);
  await page.mouse.move(box.x + box.width * 0.52, box.y + box.height * 0.5);
  const line = page.locator('.hover-info');
  await page.waitForFunction((name) => document.querySelector('.hover-info').innerText.includes(`for ${name}:`), a.name);
  assert.match(await line.innerText(), /for .+: ×[\d.]+ crossing, [\d.]+% a square/);
  // Version 1 chosen above the map before the drop is the set-up's system after it.
  await page.locator('select.system-pick').selectOption('v1');
  await dragMarker(page, a.id, b.id);
  await page.locator('.system-switch').waitFor();
  assert.equal(await page.locator('.system-switch input[value="v1"]').isChecked(), true);
  assert.equal(await page.locator('select.system-pick').inputValue(), 'v1');
  assert.deepEqual(errors, []);
  await page.close();
});
