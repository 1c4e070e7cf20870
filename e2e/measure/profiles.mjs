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
