// Launches Debian's Chromium headless through playwright-core (never a downloaded browser).
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from './server.mjs';

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** A fresh browser profile; `close()` ends it and removes the profile. */
export async function launch({ viewport = { width: 1366, height: 768 } } = {}) {
  const profile = tempDir('brickrealm-profile-');
  const context = await launchProfile(profile.dir, { viewport });
  return {
    context,
    close: async () => { await context.close(); profile.remove(); },
  };
}

/**
 * A browser on the profile in `dir`, kept when it closes: launching again on the same directory
 * is a browser restart with its storage, cache and service worker intact.
 */
export function launchProfile(dir, { viewport = { width: 1366, height: 768 } } = {}) {
  return chromium.launchPersistentContext(dir, {
    executablePath: process.env.BRICKREALM_CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ARGS,
    viewport,
  });
}

/**
 * A browser whose contexts are isolated from each other (each its own storage, cache and service
 * worker), for tests with two users or a fresh visitor. `close()` ends it.
 */
export async function launchBrowser() {
  const browser = await chromium.launch({
    executablePath: process.env.BRICKREALM_CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ARGS,
  });
  return {
    newContext: ({ viewport = { width: 1366, height: 768 } } = {}) => browser.newContext({ viewport }),
    close: () => browser.close(),
  };
}

/** Opens a page that records every console error and uncaught exception. */
export async function watchedPage(context) {
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  return { page, errors };
}

/** Writes a screenshot under e2e/artifacts/ and returns its path. */
export async function screenshot(page, name) {
  const dir = process.env.BRICKREALM_ARTIFACTS || 'artifacts';
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
