// What the web benchmark measures in one page: the scripts it downloaded and when it became
// interactive, under Chromium's CPU throttling (CDP Emulation.setCPUThrottlingRate).

/* global window, performance -- page.evaluate runs these in the page */

/** Recorded in the page from its first moment: every long task (> 50 ms of main thread). */
const LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push(entry.startTime + entry.duration);
  }).observe({ type: 'longtask', buffered: true });
`;

/**
 * Opens `url` in a new context (an empty cache; `storageState` for a session) with the CPU slowed
 * `cpuSlowdown` times, waits until `isReady` (a function run in the page) holds and the network is
 * quiet, then returns:
 * - `readyMs`: when `isReady` first held, from navigation start;
 * - `interactiveMs`: that, or the end of the last long task after it, whichever is later (the main
 *   thread is free from then on: a simplified Lighthouse TTI, for a page that is quiet afterwards);
 * - `fcpMs`: first contentful paint;
 * - `scripts`: every script downloaded, with the bytes that crossed the network.
 */
export async function timePage(browser, { url, storageState, cpuSlowdown, isReady }) {
  // bypassCSP: waitForFunction evaluates its check as a string, which the app's CSP forbids.
  const context = await browser.newContext({ storageState, bypassCSP: true, viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript(LONG_TASKS);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    const requests = [];
    page.on('request', (request) => request.resourceType() === 'script' && requests.push(request));

    await page.goto(url);
    const readyMs = await (
      await page.waitForFunction(`(${isReady})() ? performance.now() : false`, undefined, { timeout: 60_000 })
    ).jsonValue();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    const { lastLongTask, fcpMs } = await page.evaluate(() => ({
      lastLongTask: Math.max(0, ...window.__longTasks),
      fcpMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    }));
    const scripts = await Promise.all(
      requests.map(async (request) => ({
        path: new URL(request.url()).pathname,
        bytes: (await request.sizes()).responseBodySize,
      })),
    );
    return { readyMs, interactiveMs: Math.max(readyMs, lastLongTask), fcpMs, scripts };
  } finally {
    await context.close();
  }
}
