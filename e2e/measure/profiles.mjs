// The profiles the measurement scripts visit with, and a page under one of them.

/** The desktop, and Lighthouse's mobile profile: the CPU 4× slower, 1.6 Mbit/s down, 750 kbit/s
 * up, 150 ms round trip, at 390×844. */
export const PROFILES = {
  desktop: { viewport: { width: 1366, height: 768 }, cpu: 1, network: null },
  phone: {
    viewport: { width: 390, height: 844 },
    cpu: 4,
    network: { latency: 150, downloadThroughput: (1.6e6 / 8), uploadThroughput: (750e3 / 8) },
  },
};

/** A page under `profile`'s throttling that counts the bytes it receives. */
export async function throttledPage(context, profile) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (profile.network) {
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
  }
  if (profile.cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
  const counted = { bytes: 0 };
  cdp.on('Network.loadingFinished', (e) => { counted.bytes += e.encodedDataLength; });
  return { page, counted };
}

/** Waits until the service worker controls the page and the realm is on disk. */
export async function settled(page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller, null, { timeout: 120_000 });
  await page.locator('.realm-status[data-status="synced"]').waitFor({ timeout: 120_000 });
}

/** Opens `url` in `page` and resolves with the milliseconds from navigation to the frame that
 * first draws an element matching `selector` (with a size). The time is taken in the page: a
 * MutationObserver sees the element arrive and the next animation frame, the one that paints it,
 * stamps `performance.now()` (whose origin is the navigation). Waiting with a locator alone would
 * add Playwright's polling backoff, up to half a second between looks, to every figure, and its
 * selector engine's work to the page's main thread. */
export async function shownAt(page, url, selector) {
  await page.addInitScript((sel) => {
    // The size is read in the animation frame, where the browser lays the page out anyway: read
    // on every mutation it would force a layout each time, slowing the page being measured.
    const frame = () => {
      const e = document.querySelector(sel);
      const r = e?.getBoundingClientRect();
      if (r && r.width > 0 && r.height > 0) window.__shownAt = performance.now();
      else requestAnimationFrame(frame);
    };
    const look = () => {
      if (window.__shownAt !== undefined || !document.querySelector(sel)) return;
      window.__shownAt = null;
      requestAnimationFrame(frame);
    };
    new MutationObserver(look).observe(document, { childList: true, subtree: true, attributes: true });
  }, selector);
  await page.goto(url, { waitUntil: 'commit' });
  // One cheap look every 100 ms: a locator's wait runs Playwright's selector engine in the page
  // on every poll, main-thread work that a 4×-slowed CPU pays for and a visitor's never does.
  await page.waitForFunction(() => typeof window.__shownAt === 'number', null, { timeout: 120_000, polling: 100 });
  return page.evaluate(() => window.__shownAt);
}
