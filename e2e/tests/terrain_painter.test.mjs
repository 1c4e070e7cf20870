// The terrain painter: read-only without the editor key; with it, a mountain range painted across
// the road between two factions bends the next route around it, undo and redo take the stroke back
// and forth whole, and the painted map survives a reload and reaches the server as one edit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot } from '../lib/browser.mjs';
import { badge, waitForBadge, closePanel, syncNow, waitForOfflineShell, unlockEditor } from '../lib/sync.mjs';
import { MapPage, dragMarker } from '../lib/map_page.mjs';
import { TerrainPainter, territoryCells } from '../lib/terrain_painter.mjs';
import { suite } from '../lib/suite.mjs';

const s = suite('painter');

const ordinary = () => s.doc.factions.filter((f) => f.kind === 'ordinary' && f.marker);

/** Console errors other than the failed requests expected while the network is down. */
function unexpected(errors) {
  return errors.filter((e) => !/Failed to load resource|ERR_CONNECTION_REFUSED|ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e));
}

/** Drags `a` onto `b` on the map and returns the settled route's cells as "x,y" strings. */
async function routeOnMap(page, a, b) {
  await new MapPage(page, s.url).open();
  await dragMarker(page, a.id, b.id);
  const line = page.locator('polyline.route.settled');
  await line.waitFor();
  const points = (await line.getAttribute('points')).trim().split(/\s+/);
  return points.map((p) => p.split(',').map((v) => Math.floor(Number(v))).join(','));
}

/** A faction's marker cell, as the engine places it (`FactionRef::of`: the fraction times the size, floored). */
function markerCell(f) {
  return [Math.floor(f.marker.x * s.doc.map.width), Math.floor(f.marker.y * s.doc.map.height)];
}

/** The territory the map page draws, read like the painter's (`territoryCells`). */
async function territoryOnMap(page) {
  await new MapPage(page, s.url).open();
  const canvas = page.locator('.map-page canvas.territory');
  await page.waitForFunction(() => document.querySelector('.map-page canvas.territory')?.width > 0);
  return canvas.evaluate(territoryCells);
}

/** The cells whose terrain differs between two row sets, as "x,y" strings. */
function changedCells(before, after) {
  const out = [];
  for (let y = 0; y < before.length; y++) {
    for (let x = 0; x < before[y].length; x++) if (before[y][x] !== after[y][x]) out.push(`${x},${y}`);
  }
  return out;
}

test('without_the_key_the_painter_is_read_only_and_says_so', async (t) => {
  const { context, page, errors } = await s.fresh();
  t.after(() => context.close());
  const painter = new TerrainPainter(page, s.url);
  await painter.open();
  await waitForBadge(page, 'synced');
  assert.match(await page.locator('.painter-locked').innerText(), /Read-only: enter the editor key/);
  // A disabled <fieldset> disables the controls inside it (Playwright's isDisabled on the
  // fieldset itself is always false): every one of them is locked.
  for (const control of ['input[name="terrain"][value="water"]', 'select[name="brush-size"]']) {
    assert.equal(await page.locator(`fieldset.painter-tools ${control}`).isDisabled(), true, `${control} is locked`);
  }
  const before = await painter.rows();
  assert.equal(before.length, s.doc.map.height);
  assert.deepEqual(before, s.doc.map.rows, 'the painter shows the realm\'s map');
  await painter.stroke([[20, 20], [60, 40]]);
  assert.match(await painter.status().innerText(), /Read-only/);
  assert.deepEqual(await painter.rows(), before, 'a stroke without the key changes nothing');
  await screenshot(page, 'terrain-painter-read-only-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'terrain-painter-read-only-390');
  // The editor links to the painter.
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`${s.url}/editor`);
  await page.locator('a.open-painter').click();
  await page.locator('.paint-surface').waitFor();
  assert.equal(new URL(page.url()).pathname, '/editor/terrain');
  assert.deepEqual(errors, []);
});

test('paint_a_mountain_range_and_the_next_route_bends_around_it', async (t) => {
  const { context, page, errors } = await s.fresh({ viewport: { width: 1366, height: 1000 } });
  t.after(() => context.close());
  // The demo realm is grown from a fixed seed: Aldermere's road to Brennock runs over open
  // ground with room to go round a short range.
  const [a, b] = [ordinary()[0], ordinary()[4]];
  const route = await routeOnMap(page, a, b);
  assert.ok(route.length > 10, 'a route with steps');

  const painter = new TerrainPainter(page, s.url);
  await painter.open();
  await unlockEditor(page);
  assert.equal(await page.locator('.painter-locked').count(), 0);
  const original = await painter.rows();

  // A range 25 cells long and 7 wide, square across the route's middle.
  const [mx, my] = route[Math.floor(route.length / 2)].split(',').map(Number);
  const [sx, sy] = route[0].split(',').map(Number);
  const [gx, gy] = route[route.length - 1].split(',').map(Number);
  const len = Math.hypot(gx - sx, gy - sy);
  const [px, py] = [-(gy - sy) / len, (gx - sx) / len];
  const end = (t) => [Math.round(mx + px * t), Math.round(my + py * t)];
  await painter.choose('mountain');
  await painter.brush(7);
  await painter.stroke([end(-12), end(0), end(12)]);
  await page.locator('.painter-status .saved').waitFor();
  assert.match(await painter.status().innerText(), /Painted \d+ cells/);
  const painted = await painter.rows();
  const wall = changedCells(original, painted);
  assert.ok(wall.length > 100, `the stroke painted a range (${wall.length} cells)`);
  for (const c of wall) {
    const [x, y] = c.split(',').map(Number);
    assert.equal(painted[y][x], 'M', `cell ${c} is mountain`);
  }
  assert.ok(route.some((c) => wall.includes(c)), 'the range lies across the old route');
  await screenshot(page, 'terrain-painter-painted');

  // Undo takes the whole stroke back, redo paints it again.
  await page.locator('button.undo').click();
  await painter.waitForRows(original);
  assert.equal(await page.locator('button.undo').isDisabled(), true);
  await page.locator('button.redo').click();
  await painter.waitForRows(painted);

  // The territory follows the brush while the stroke is still being painted. The range above lies
  // on open ground between the two factions' land (the demo factions hold a few dozen squares
  // each), where no claim reaches and so nothing can change; a stroke of water across a third
  // faction's own land, beside its marker, must move its borders.
  const [, third] = ordinary();
  const [cx, cy] = markerCell(third);
  const heldBefore = await painter.held();
  const mine = heldBefore[cy][cx];
  let underWater = 0;
  for (let y = cy - 5; y <= cy + 5; y++) for (let x = cx + 1; x <= cx + 3; x++) if (heldBefore[y][x] === mine) underWater++;
  assert.ok(mine !== '.' && underWater >= 5, `${third.name} holds land just east of its marker (${underWater} squares)`);
  await painter.choose('water');
  await painter.brush(3);
  let heldMid;
  const flooded = [[cx + 2, cy - 4], [cx + 2, cy], [cx + 2, cy + 4]];
  await painter.stroke(flooded, {
    pause: 300,
    beforeUp: async () => {
      for (let i = 0; i < 30; i++) {
        heldMid = await painter.held();
        if (heldMid.join('\n') !== heldBefore.join('\n')) break;
        await page.waitForTimeout(100);
      }
    },
  });
  assert.notDeepEqual(heldMid, heldBefore, 'the territory was redrawn mid-stroke');
  await page.locator('.painter-status .saved').waitFor();
  const heldAfter = await painter.held();
  const lost = [];
  for (let y = 0; y < heldBefore.length; y++) {
    for (let x = 0; x < heldBefore[y].length; x++) {
      if (heldBefore[y][x] !== '.' && heldAfter[y][x] === '.') lost.push(`${x},${y}`);
    }
  }
  assert.ok(lost.length > 0, `${third.name}'s claim gave up squares to the water`);
  const floodedMap = await painter.rows();
  await screenshot(page, 'terrain-painter-territory');

  // The painted map survives a reload and reaches the server.
  await waitForBadge(page, 'synced');
  const stored = await (await fetch(`${s.url}/api/realm`)).json();
  assert.deepEqual(stored.map.rows, floodedMap);
  await page.reload();
  await page.locator('.paint-surface').waitFor();
  await painter.waitForRows(floodedMap);
  // The painter's territory is the realm's: the map page draws the same borders.
  assert.deepEqual(await territoryOnMap(page), heldAfter, 'the map shows the territory the painter showed');

  // The next route goes round the range.
  const bent = await routeOnMap(page, a, b);
  assert.notDeepEqual(bent, route);
  assert.deepEqual(bent.filter((c) => wall.includes(c)), [], 'the new route crosses none of the range');
  await screenshot(page, 'terrain-painter-route-bends');
  assert.deepEqual(errors, []);
});

test('strokes_painted_offline_survive_a_reload_and_sync_later', async (t) => {
  const { context, page, errors } = await s.fresh();
  t.after(() => context.close());
  const painter = new TerrainPainter(page, s.url);
  await painter.open();
  await unlockEditor(page);
  await waitForOfflineShell(page);

  await s.stopServer();
  const before = await painter.rows();
  await painter.choose('water');
  await painter.brush(3);
  await painter.stroke([[10, 150], [40, 150], [40, 130]]);
  await page.locator('.painter-status .saved').waitFor();
  await painter.choose('road');
  await painter.stroke([[200, 10], [230, 20]]);
  await waitForBadge(page, 'offline');
  // Each stroke is at most one queued edit of the map record, never one per cell (two strokes
  // fold into one when the second comes before a push was tried).
  const pending = Number((await badge(page).innerText()).match(/(\d+) pending/)[1]);
  const painted = await painter.rows();
  const cells = changedCells(before, painted).length;
  assert.ok(cells > 60, `the strokes painted ${cells} cells`);
  assert.ok(pending >= 1 && pending <= 2, `${pending} pending for two strokes`);
  await page.reload();
  await page.locator('.paint-surface').waitFor();
  await painter.waitForRows(painted);

  await s.startServer();
  await syncNow(page);
  await waitForBadge(page, 'synced');
  const stored = await (await fetch(`${s.url}/api/realm`)).json();
  assert.deepEqual(stored.map.rows, painted);
  await page.setViewportSize({ width: 390, height: 844 });
  await closePanel(page);
  await screenshot(page, 'terrain-painter-390');
  assert.deepEqual(unexpected(errors), []);
});
