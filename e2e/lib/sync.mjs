// The sync badge and its panel, and the editor's faction form, as a test drives them.
import { EDITOR_KEY } from './server.mjs';

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

/**
 * Unlocks an open page with the editor key and waits until it is settled: synced first (so the
 * key is not typed into a page still loading), then `settled` (`locked` for a refused key), and
 * the panel closed again.
 */
export async function unlockEditor(page, { key = EDITOR_KEY, settled = 'synced' } = {}) {
  await waitForBadge(page, 'synced');
  await unlock(page, key);
  await waitForBadge(page, settled);
  await closePanel(page);
}

/** Asks for a sync now. */
export async function syncNow(page) {
  await openPanel(page);
  await page.locator('.sync-panel .sync-now').click();
}

/**
 * Waits until the service worker controls the page, then checks that it has stored the whole
 * offline site: the bundle table, every bundle's shell and every file each shell names (its wasm,
 * its JavaScript, the styles, the icons).
 *
 * The worker claims pages in its `activate` step, which runs only once `install` — storing every
 * shell — has finished; so the controller appearing is the real condition, and the cache is then
 * complete or the install failed (reported here by what is missing). The wait is a synchronous
 * predicate on purpose: `waitForFunction` takes a returned Promise as a truthy answer at once, so
 * an async predicate would not wait at all.
 */
export async function waitForOfflineShell(page, timeout = 60_000) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout });
  const missing = await page.evaluate(async () => {
    const cache = await caches.open('brickrealm-shell-v1');
    const table = await cache.match('/bundles.json');
    if (!table) return ['/bundles.json'];
    const lacking = [];
    for (const { base } of (await table.json()).bundles) {
      const shell = await cache.match(base);
      if (!shell) { lacking.push(base); continue; }
      const html = await shell.text();
      // The same file references app/sw.js stores for each shell.
      const named = [...html.matchAll(/["'](\/[^"'\s]+\.(?:js|wasm|css|svg|png|webmanifest))["']/g)].map((m) => m[1]);
      if (!named.some((p) => p.endsWith('.wasm'))) lacking.push(`${base} names no wasm`);
      for (const path of named) if (!(await cache.match(path))) lacking.push(path);
    }
    return lacking;
  });
  if (missing.length) throw new Error(`the service worker is active but did not store: ${missing.join(', ')}`);
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

/**
 * Reads one object store of the app's IndexedDB database (`app/src/store/disk.rs`) in the page:
 * `key` given, that entry (parsed) or null; else every entry's text. Never creates the database:
 * if it does not exist yet the open is aborted and the answer is null.
 */
async function readDisk(page, store, key) {
  return page.evaluate(([store, key]) => new Promise((resolve, reject) => {
    const open = indexedDB.open('brickrealm');
    open.onupgradeneeded = () => open.transaction.abort();
    open.onerror = () => resolve(null);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains(store)) { db.close(); resolve(null); return; }
      const s = db.transaction(store).objectStore(store);
      const req = key === null ? s.getAll() : s.get(key);
      req.onsuccess = () => {
        db.close();
        if (key === null) resolve(req.result);
        else resolve(req.result === undefined ? null : JSON.parse(req.result));
      };
      req.onerror = () => reject(req.error);
    };
  }), [store, key ?? null]);
}

/** The queue as the app stored it on disk (edits, votes, battles, conflicts), or null. */
export async function storedQueue(page) {
  return readDisk(page, 'meta', 'queue');
}

/** The snapshot on disk: its cursor, its number of records and their total length in characters. */
export async function storedSnapshot(page) {
  const head = await readDisk(page, 'meta', 'snapshot');
  const records = (await readDisk(page, 'records')) ?? [];
  return { cursor: head?.cursor ?? null, records: records.length, chars: records.reduce((n, t) => n + t.length, 0) };
}
