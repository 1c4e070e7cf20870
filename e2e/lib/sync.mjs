// The sync badge and its panel, and the editor's faction form, as a test drives them.

/** The badge in the navigation bar. */
export function badge(page) { return page.locator('.realm-status'); }

/** Waits until the badge shows `status` (its data-status: synced, offline, pending, conflict, locked…). */
export async function waitForBadge(page, status, timeout = 20_000) {
  await page.locator(`.realm-status[data-status="${status}"]`).waitFor({ timeout });
}

/** Opens the badge's panel unless it is open. */
export async function openPanel(page) {
  if (!(await page.locator('.sync-panel').isVisible())) await badge(page).click();
  await page.locator('.sync-panel').waitFor();
}

/** Closes the badge's panel if it is open. */
export async function closePanel(page) {
  if (await page.locator('.sync-panel').isVisible()) await page.locator('.sync-panel .sync-close').click();
}

/** Enters an editor key in the panel. */
export async function unlock(page, key) {
  await openPanel(page);
  await page.locator('.key-form input[name="editor-key"]').fill(key);
  await page.locator('.key-form button.unlock').click();
}

/** Asks for a sync now. */
export async function syncNow(page) {
  await openPanel(page);
  await page.locator('.sync-panel .sync-now').click();
}

/** Waits until the service worker controls the page and has stored the whole shell. */
export async function waitForOfflineShell(page) {
  await page.waitForFunction(async () => {
    if (!navigator.serviceWorker.controller) return false;
    const cache = await caches.open('brickrealm-shell-v1');
    const keys = (await cache.keys()).map((r) => new URL(r.url).pathname);
    // Every bundle's shell (the table the service worker keeps) with a wasm for each.
    const table = await cache.match('/bundles.json');
    if (!table) return false;
    const bases = (await table.json()).bundles.map((b) => b.base);
    return bases.every((b) => keys.includes(b)) && keys.filter((k) => k.endsWith('.wasm')).length >= bases.length
      && keys.some((k) => k.endsWith('.css'));
  }, null, { timeout: 30_000, polling: 250 });
}

/** The editor page's faction form. */
export class FactionForm {
  constructor(page) { this.page = page; }

  async open(baseUrl) {
    await this.page.goto(`${baseUrl}/editor`);
    await this.page.locator('.faction-form').waitFor();
  }

  /** Picks a faction by id, renames it and saves. */
  async rename(id, name) {
    await this.page.locator('select[name="faction"]').selectOption(String(id));
    const form = this.page.locator(`.faction-form[data-id="${id}"]`);
    await form.locator('input[name="name"]').fill(name);
    await form.locator('button.save').click();
  }

  /** The faction names the picker lists, by id. */
  async names() {
    return this.page.locator('select[name="faction"] option').evaluateAll(
      (opts) => Object.fromEntries(opts.map((o) => [o.value, o.textContent])));
  }
}
