// The terrain painter (/editor/terrain) as a test drives it: pick a terrain and a brush, paint a
// stroke in cell coordinates with real pointer events, undo and redo, and read the map it shows.

/** The terrain colours of components/terrain_canvas.rs, by the map rows' one-char code. */
export const TERRAIN_RGB = {
  R: [0xc9, 0xa8, 0x6a], P: [0xa7, 0xc9, 0x6b], F: [0x3f, 0x7a, 0x3a],
  S: [0x6f, 0x8a, 0x6a], W: [0x3b, 0x79, 0xb8], M: [0x8d, 0x83, 0x7a],
};

export class TerrainPainter {
  constructor(page, baseUrl) { this.page = page; this.baseUrl = baseUrl; }

  async open() {
    await this.page.goto(`${this.baseUrl}/editor/terrain`);
    await this.page.locator('.paint-surface').waitFor();
    await this.page.waitForFunction(() => document.querySelector('.terrain-painter canvas.terrain')?.width > 0);
  }

  surface() { return this.page.locator('.paint-surface'); }
  status() { return this.page.locator('.painter-status'); }

  async choose(terrain) {
    await this.page.locator(`input[name="terrain"][value="${terrain}"]`).check({ force: true });
  }

  async brush(size) {
    await this.page.locator('select[name="brush-size"]').selectOption(String(size));
  }

  /** The map as the painter's canvas shows it: one row string of terrain codes per row. */
  async rows() {
    return this.page.locator('.terrain-painter canvas.terrain').evaluate((c, rgb) => {
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      const code = new Map(Object.entries(rgb).map(([k, [r, g, b]]) => [(r << 16) | (g << 8) | b, k]));
      const rows = [];
      for (let y = 0; y < c.height; y++) {
        let row = '';
        for (let x = 0; x < c.width; x++) {
          const i = (y * c.width + x) * 4;
          row += code.get((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]) ?? '?';
        }
        rows.push(row);
      }
      return rows;
    }, TERRAIN_RGB);
  }

  /** Waits until the canvas shows exactly `rows`. */
  async waitForRows(rows, timeout = 10_000) {
    const deadline = Date.now() + timeout;
    for (;;) {
      const now = await this.rows();
      if (now.join('\n') === rows.join('\n')) return;
      if (Date.now() > deadline) throw new Error('the painter never showed the expected map');
      await this.page.waitForTimeout(100);
    }
  }

  /** Who holds each cell as the painter's territory layer draws it (see `territoryCells`). */
  async held() {
    return this.page.locator('.terrain-painter canvas.territory').evaluate(territoryCells);
  }

  /** The viewport position of the centre of cell (x, y). */
  async screenOf(x, y, box) {
    const [w, h] = await this.page.locator('.terrain-painter canvas.terrain').evaluate((c) => [c.width, c.height]);
    return { x: box.x + ((x + 0.5) / w) * box.width, y: box.y + ((y + 0.5) / h) * box.height };
  }

  /**
   * Paints one stroke through the cells `points` ([[x, y], …]) with mouse, down to up. With
   * `pause` (ms) it waits that long before each move after the first; `beforeUp` runs while the
   * button is still down, to look at the painter mid-stroke.
   */
  async stroke(points, { pause = 0, beforeUp } = {}) {
    await this.surface().evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const box = await this.surface().boundingBox();
    const at = [];
    for (const [x, y] of points) at.push(await this.screenOf(x, y, box));
    await this.page.mouse.move(at[0].x, at[0].y);
    await this.page.mouse.down();
    for (const [i, p] of at.slice(1).entries()) {
      if (pause && i > 0) await this.page.waitForTimeout(pause);
      await this.page.mouse.move(p.x, p.y, { steps: 8 });
    }
    if (beforeUp) await beforeUp();
    await this.page.mouse.up();
  }
}

/**
 * In the page: the cells of a territory canvas drawn at `canvas.width / 240` pixels a cell, one
 * row string per map row, "." for unclaimed and otherwise a letter per holder colour (given in
 * order of first appearance, so two canvases of the same territory read the same).
 */
export function territoryCells(c) {
  const scale = c.width / 240;
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  const letters = new Map();
  const rows = [];
  for (let y = 0; y < c.height / scale; y++) {
    let row = '';
    for (let x = 0; x < c.width / scale; x++) {
      // The middle of the cell, away from the border pixels.
      const i = ((y * scale + scale / 2) * c.width + x * scale + scale / 2) * 4;
      if (!d[i + 3]) { row += '.'; continue; }
      const rgb = (d[i] << 16) | (d[i + 1] << 8) | d[i + 2];
      if (!letters.has(rgb)) letters.set(rgb, String.fromCharCode(65 + letters.size));
      row += letters.get(rgb);
    }
    rows.push(row);
  }
  return rows;
}
