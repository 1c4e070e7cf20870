// Launches Debian's Chromium headless through playwright-core (never a downloaded browser).
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from './server.mjs';

/**
 * Every Content-Security-Policy violation any page of this process raised, as
 * `{ page, directive, blocked, sample }`. The server sends its policy on every answer, and the
 * suite fails a test file in which any page raised one (`lib/suite.mjs`), so the app provably
 * runs under the policy.
 */
export const cspViolations = [];

/** Reports each violation from inside the page, as a console message the watcher reads. */
function reportViolations() {
  document.addEventListener('securitypolicyviolation', (e) => {
    console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} `
      + `${e.sample ? `(${e.sample})` : ''} on ${location.pathname}`);
  });
}

/** Watches every page of `context`, now and later, for policy violations. */
async function watchPolicy(context) {
  await context.addInitScript(reportViolations);
  const watch = (page) => page.on('console', (m) => {
    const text = m.text();
    if (text.startsWith('CSP violation:') || text.includes('Content Security Policy')) {
      cspViolations.push(`${page.url()}: ${text}`);
    }
  });
  context.pages().forEach(watch);
  context.on('page', watch);
  return context;
}

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
export async function launchProfile(dir, { viewport = { width: 1366, height: 768 } } = {}) {
  return watchPolicy(await chromium.launchPersistentContext(dir, {
    executablePath: process.env.BRICKREALM_CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ARGS,
    viewport,
  }));
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
    newContext: async ({ viewport = { width: 1366, height: 768 } } = {}) =>
      watchPolicy(await browser.newContext({ viewport })),
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

/** Console errors other than the failed requests expected while the network is down. */
export function beyondOffline(errors) {
  return errors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e));
}
