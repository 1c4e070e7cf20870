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
