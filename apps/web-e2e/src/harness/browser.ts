import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { chromium, type Browser, type BrowserContextOptions, type Download, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { chromiumArgs, executablePath } from './chromium';
import { resultsDir } from './paths';
import { watchRequests } from './unanswered-requests';

/** The browsers this test file launched and has not closed, for harness/on-failure.ts. */
const launched = new Set<Browser>();

/**
 * A connection to the run's Chromium (a Chromium of its own where the run has none, or where it is
 * gone: a crash fails the file that saw it, not every file after). Close it in afterAll: that
 * closes every context this file made, and leaves the browser to the next file.
 */
export async function launchBrowser(): Promise<Browser> {
  const endpoint = inject('browserEndpoint');
  const ownChromium = () => chromium.launch({ executablePath, args: chromiumArgs });
  const browser = endpoint
    ? await chromium.connect(endpoint).catch((error: unknown) => {
        console.warn(`The run's Chromium did not answer (${String(error)}); this file starts its own.`);
        return ownChromium();
      })
    : await ownChromium();
  launched.add(browser);
  browser.on('disconnected', () => launched.delete(browser));
  return browser;
}

/**
 * The bytes of a finished download. `download.path()` has no answer over a connection (the file
 * is on the browser's side), a stream has.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  return buffer(await download.createReadStream());
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
