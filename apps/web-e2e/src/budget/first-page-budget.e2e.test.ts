import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newSignedInPage } from '../index';
import { describeScripts, recordScripts, totalBytes } from './first-visit-scripts';

/** docs/product.md, Limits: the JavaScript a first visit to `/` downloads, gzip, at most 150 kB. */
const FIRST_PAGE_BUDGET_BYTES = 150_000;

const baseUrl = inject('baseUrl');
const emulatorHost = inject('emulatorHost');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the first page budget', () => {
  it('a first visit to / signed out (which shows the sign-in widget) downloads at most 150 kB of gzip JavaScript', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = recordScripts(page);
    await page.goto(`${baseUrl}/`);
    await page.getByRole('button', { name: 'Sign in with email' }).waitFor();
    const downloaded = await scripts.settle();
    await context.close();

    console.info(`first visit signed out: ${totalBytes(downloaded)} bytes of gzip JavaScript`);
    expect(
      downloaded.every((script) => script.encoding === 'gzip'),
      describeScripts(downloaded),
    ).toBe(true);
    expect(totalBytes(downloaded), describeScripts(downloaded)).toBeLessThanOrEqual(FIRST_PAGE_BUDGET_BYTES);
    // Only the sign-in page's code: not the video service's client, the player or the recorder.
    expect(downloaded.map((script) => script.path).join(' ')).not.toMatch(/record|video-stage|player|phone/);
  });

  it('a first visit to / signed in (the home page in the app layout) stays within the budget too', async () => {
    const { page: signedIn } = await newSignedInPage(browser, { baseUrl, emulatorHost });
    const storageState = await signedIn.context().storageState();
    await signedIn.context().close();

    // A new context: the session, but an empty cache.
    const context = await browser.newContext({ storageState });
    const page = await context.newPage();
    const scripts = recordScripts(page);
    await page.goto(`${baseUrl}/`);
    await page.locator('nav[aria-label="Main"]').waitFor({ state: 'attached' });
    const downloaded = await scripts.settle();
    await context.close();

    console.info(`first visit signed in: ${totalBytes(downloaded)} bytes of gzip JavaScript`);
    expect(totalBytes(downloaded), describeScripts(downloaded)).toBeLessThanOrEqual(FIRST_PAGE_BUDGET_BYTES);
  });
});
