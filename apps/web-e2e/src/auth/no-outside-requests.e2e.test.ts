import type { BrowserContext, Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { createTestUser } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signInThroughUi } from '../harness/accounts';
import { launchBrowser, newPage } from '../harness/browser';

// A self-hosted instance contacts nobody else on a page load: the sign-in page and a signed-in
// page ask only this machine, and Google's sign-in script (apis.google.com) loads only when
// someone picks Google. Every request for another host is blocked and recorded.

const baseUrl = inject('baseUrl');
const emulatorHost = inject('emulatorHost');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Blocks every request of `context` whose host is not 127.0.0.1; answers the list of those blocked. */
async function blockOutside(context: BrowserContext): Promise<string[]> {
  const outside: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (new URL(url).hostname === '127.0.0.1') return route.continue();
    outside.push(url);
    return route.abort('blockedbyclient');
  });
  return outside;
}

/**
 * Lets what a page starts once it is shown get under way: the SDK asked for Google's script while
 * starting, before the page showed anything, so a second is plenty for a request to be recorded.
 */
const settle = (page: Page) => page.waitForTimeout(1500);

/**
 * A phone's Safari. Firebase's popup helper starts at once, on every page, where the browser is
 * Safari or a phone's (`_shouldInitProactively`): that is where a resolver given at start loaded
 * apis.google.com for every visitor. Desktop Chromium waits for the first popup either way.
 */
const PHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe('no request leaves this machine', () => {
  it.each([
    ['desktop Chromium', undefined],
    ['a phone’s Safari', PHONE_SAFARI],
  ])(
    'on the sign-in page and signed-in pages (%s); email and password sign-in still works',
    async (_, userAgent) => {
      const user = await createTestUser(emulatorHost);
      const page = await newPage(browser, userAgent ? { userAgent } : {});
      const outside = await blockOutside(page.context());

      await page.goto(`${baseUrl}/login`);
      await page.getByRole('button', { name: 'Sign in with Google' }).waitFor();
      await page.getByRole('button', { name: 'Sign in with email' }).waitFor();
      await settle(page);
      expect(outside).toEqual([]);

      await signInThroughUi(page, baseUrl, user.email, user.password);
      expect(new URL(page.url()).pathname).toBe('/');
      expect(await page.evaluate(() => localStorage.getItem('authToken'))).not.toBeNull();
      for (const path of ['/videos', '/profile']) {
        await page.goto(`${baseUrl}${path}`);
        await page.locator('nav[aria-label="Main"]').waitFor({ state: 'attached' });
        await settle(page);
      }
      await page.getByText(user.email).waitFor();
      expect(outside).toEqual([]);
      await page.context().close();
    },
    90_000,
  );

  it('asks for Google’s script only once someone picks Google', async () => {
    const page = await newPage(browser, { userAgent: PHONE_SAFARI });
    const outside = await blockOutside(page.context());
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('button', { name: 'Sign in with Google' }).waitFor();
    await settle(page);
    expect(outside).toEqual([]);
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await expect
      .poll(() => outside.some((url) => new URL(url).hostname === 'apis.google.com'), { timeout: 30_000 })
      .toBe(true);
    await page.context().close();
  }, 60_000);
});
