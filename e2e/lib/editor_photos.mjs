// The editor's regiments-and-photos section and a photo's lightbox, as a test drives them.

/** The regiments-and-photos section of /editor. */
export class PhotosEditor {
  constructor(page) { this.page = page; }

  section() { return this.page.locator('.regiments-editor'); }

  /** Picks the faction whose regiments are listed. */
  async pickFaction(id) {
    await this.page.locator('select[name="photos-faction"]').selectOption(String(id));
    await this.section().locator('.regiment').first().waitFor();
  }

  regiment(id) { return this.section().locator(`.regiment[data-id="${id}"]`); }

  card(id) { return this.section().locator(`.photo-card[data-photo="${id}"]`); }

  /** Opens photo `id`'s lightbox. */
  async open(id) {
    await this.card(id).locator('.photo-open').click();
    await this.lightbox().waitFor();
  }

  lightbox() { return this.page.locator('.lightbox'); }

  /** A stat of the open lightbox, `column` raw or buffed, as the number on the page. */
  async stat(key, column = 'buffed') {
    const v = await this.lightbox().locator(`tr[data-stat="${key}"] td.${column}`).getAttribute('data-value');
    return v === null ? null : Number(v);
  }

  /** The open lightbox's Power, as the number on the page. */
  async power() {
    return Number(await this.lightbox().locator('.power-value').getAttribute('data-value'));
  }

  /** Waits until the lightbox's Power is no longer `old`, and returns it. */
  async powerChangedFrom(old) {
    await this.page.waitForFunction(
      (o) => Number(document.querySelector('.lightbox .power-value')?.dataset.value) !== o, old);
    return this.power();
  }

  /** The error shown next to the photo form's field `name`. */
  fieldError(name) {
    return this.lightbox().locator(`.photo-form label:has([name="${name}"]) .field-error`);
  }

  async close() {
    await this.lightbox().locator('.lightbox-close').click();
    await this.lightbox().waitFor({ state: 'detached' });
  }
}
