// The map page as a test sees it: the terrain canvas, the markers and the faction cards.

export class MapPage {
  constructor(page, baseUrl) { this.page = page; this.baseUrl = baseUrl; }

  async open() {
    await this.page.goto(`${this.baseUrl}/map`);
    await this.page.locator('.markers .marker').first().waitFor();
  }

  markers() { return this.page.locator('.markers .marker'); }
  cards() { return this.page.locator('.faction-card'); }

  /** The canvas's size in cells and how many distinct colours it holds. */
  async terrainSummary() {
    return this.page.locator('canvas.terrain').evaluate((c) => {
      const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      const colours = new Set();
      for (let i = 0; i < data.length; i += 4) colours.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
      return { width: c.width, height: c.height, colours: colours.size, alpha: data[3] };
    });
  }
}

/** The screen position of a faction's marker centre. */
export async function markerCentre(page, factionId) {
  const box = await page.locator(`.marker[data-faction="${factionId}"] circle`).boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Drags one marker onto another with real pointer events, in steps. `release: false` stops while
 * hovering, so the preview can be inspected.
 */
export async function dragMarker(page, fromId, toId, { release = true } = {}) {
  // A first visit draws markers from the summary before the realm has arrived, and a march
  // waits for the realm (the map says so): drag once it is here.
  await page.locator('.arriving').waitFor({ state: 'detached' });
  // Pointer coordinates are the viewport's: bring the map back into view first.
  await page.evaluate(() => window.scrollTo(0, 0));
  const from = await markerCentre(page, fromId);
  const to = await markerCentre(page, toId);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 5 });
  await page.mouse.move(to.x, to.y, { steps: 5 });
  if (release) await page.mouse.up();
}
