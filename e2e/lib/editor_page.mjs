// The editor's faction form with its buffs, the Armory and the Toolbox, as a test drives them.

export class EditorPage {
  constructor(page, baseUrl) { this.page = page; this.baseUrl = baseUrl; }

  async open() {
    await this.page.goto(`${this.baseUrl}/editor`);
    await this.page.locator('.faction-form').waitFor();
  }

  /** Picks the faction whose form and buffs are shown. */
  async pickFaction(id) {
    await this.page.locator('select[name="faction"]').selectOption(String(id));
    await this.page.locator(`.buffs-editor[data-faction="${id}"]`).waitFor();
  }

  buffs(factionId) { return this.page.locator(`.buffs-editor[data-faction="${factionId}"]`); }

  /**
   * Adds a buff to the picked faction through the form: `effect` is its display name; for a
   * Grudge, `target` is the faction id picked in the Grudge picker.
   */
  async addBuff(factionId, { name, effect, amount, target }) {
    const section = this.buffs(factionId);
    await section.locator('button.add-buff').click();
    const form = section.locator('.buff-form.fresh');
    await form.locator('input[name="name"]').fill(name);
    await form.locator('select[name="effect"]').selectOption(effect);
    if (target !== undefined) await form.locator('select[name="grudge_target"]').selectOption(String(target));
    await form.locator('input[name="amount"]').fill(String(amount));
    await form.locator('button.save').click();
    // A saved buff leaves the new-buff form for a form of its own.
    await form.waitFor({ state: 'detached' });
  }

  /** Opens one Armory row: `kind` is the record kind's name (`material`), `id` the row's id. */
  async openRow(kind, id) {
    await this.page.locator('select[name="armory-table"]').selectOption(kind);
    await this.page.locator('select[name="armory-row"]').selectOption(String(id));
    const form = this.page.locator(`.armory-row[data-kind="${kind}"][data-id="${id}"]`);
    await form.waitFor();
    return form;
  }

  /** Sets one field of an open Armory row and saves. */
  async editRow(kind, id, field, value) {
    const form = await this.openRow(kind, id);
    await form.locator(`[name="${field}"]`).fill(String(value));
    await form.locator('button.save').click();
    return form;
  }

  /** The rows of the push-down report shown after an Armory save: photo id → Power from and to. */
  async pushDownReport() {
    await this.page.locator('.push-down-report').waitFor();
    return this.reportRows('.push-down-report');
  }

  /** Presses Toolbox → Recalculate Unit Stats and reads its report. */
  async recalculate() {
    await this.page.locator('button.recalculate').click();
    const report = this.page.locator('.recalc-report');
    await report.waitFor();
    return { changed: Number(await report.getAttribute('data-changed')), rows: await this.reportRows('.recalc-report') };
  }

  async reportRows(scope) {
    return this.page.locator(`${scope} tr.stat-change`).evaluateAll((rows) => rows.map((r) => ({
      photo: Number(r.dataset.photo),
      faction: Number(r.dataset.faction),
      from: Number(r.dataset.powerFrom),
      to: Number(r.dataset.powerTo),
      moves: r.querySelector('.moves').textContent,
    })));
  }
}

/** Whether a photo of the realm document wears material `m` in any slot. */
export function wearsMaterial(photo, m) {
  const slots = [photo.weapon, photo.armor, photo.headwear, photo.backpiece, photo.legwear];
  if (slots.some((s) => s?.item?.material === m)) return true;
  const off = photo.offhand;
  return off?.weapon?.material === m || off?.shield?.material === m;
}

/** Each faction card's Power on the map, by faction id. */
export async function cardPowers(page) {
  return page.locator('.faction-card').evaluateAll((cards) => Object.fromEntries(cards.map((c) => [
    c.dataset.faction, Number(c.querySelector('.power').dataset.power)])));
}

/** How many pixels of the territory layer are drawn in `hex` (a faction's colour). */
export async function territoryPixels(page, hex) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return page.locator('canvas.territory').evaluate((c, [r, g, b]) => {
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    // Translucent pixels are stored premultiplied, so a channel may come back a step or two off.
    const near = (x, y) => Math.abs(x - y) <= 3;
    for (let i = 0; i < d.length; i += 4) if (d[i + 3] > 0 && near(d[i], r) && near(d[i + 1], g) && near(d[i + 2], b)) n++;
    return n;
  }, [r, g, b]);
}
