import { join } from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { resultsDir } from './paths';
import { watchRequests } from './unanswered-requests';

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  '--auto-select-desktop-capture-source=Entire screen',
  '--autoplay-policy=no-user-gesture-required',
];

/** The browsers this test file launched and has not closed, for harness/on-failure.ts. */
const launched = new Set<Browser>();

/** Debian's headless Chromium with fake camera, microphone and screen capture. Close it in afterAll. */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
  launched.add(browser);
  browser.on('disconnected', () => launched.delete(browser));
  return browser;
}

/** Every page still open in a browser of this test file. */
export function openPages(): Page[] {
  return [...launched].flatMap((browser) => browser.contexts().flatMap((context) => context.pages()));
}

/** A page in a fresh context (its own localStorage and IndexedDB), so tests never share a session. */
export async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  watchRequests(context);
  return context.newPage();
}

/** Saves a full-page screenshot as apps/web-e2e/test-results/<name>.png and returns the path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const path = join(resultsDir(), `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
