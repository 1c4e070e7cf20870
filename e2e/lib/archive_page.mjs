// Page object for /archive: its tables by name, a table's rows, the colour squares and the links.

/** Which realm collection each Archive table lists (the table's `data-table` name → the document key). */
export const TABLES = {
  weapons: 'weapons',
  armour: 'armor',
  headwear: 'headwear',
  backpieces: 'backpieces',
  legwear: 'legwear',
  offhand: 'shields',
  beastry: 'beasts',
  'movement-types': 'movement_types',
  'unique-items': 'unique_items',
  'war-machines': 'machine_kinds',
  bardings: 'bardings',
  materials: 'materials',
  colours: 'colours',
  species: 'species',
  bestiary: 'creatures',
  'faction-buffs': 'buffs',
};

export class ArchivePage {
  constructor(page, base) {
    this.page = page;
    this.base = base;
  }

  /** Opens /archive and waits until the realm's tables are drawn. */
  async open() {
    await this.page.goto(`${this.base}/archive`);
    await this.table('weapons').waitFor();
    // The first tables are drawn first and the rest once they have painted (`aria-busy` till then).
    await this.page.locator('.archive-parts:not([aria-busy])').waitFor();
    return this;
  }

  /** The `<table>` named `name`. */
  table(name) {
    return this.page.locator(`table[data-table="${name}"]`);
  }

  /** The body rows of table `name`. */
  rows(name) {
    return this.table(name).locator('tbody tr');
  }

  /** The row of table `name` whose first text cell or any cell reads exactly `text`. */
  row(name, text) {
    const exact = new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
    return this.rows(name).filter({ has: this.page.locator("td", { hasText: exact }) });
  }

  /**
   * `locator` scrolled to and drawn, as a visitor reads it: a table off screen is laid out only
   * when it comes near (content-visibility), and until then it has no rendered text.
   */
  async scrolledTo(locator) {
    await locator.scrollIntoViewIfNeeded();
    await this.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    return locator;
  }

  /** A table of Combat Stats Explained by its label. */
  explained(label) {
    return this.page.locator(`table[data-explained="${label}"]`);
  }
}
