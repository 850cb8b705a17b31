import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from '../harness/browser';

const baseUrl = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('popup providers offline', () => {
  // Offline the SDK cannot load Google's helper script, so it fails before opening the popup
  // (auth/internal-error): the person gets the generic message (docs/product.md, Messages) and
  // stays on the sign-in page.
  it.each(['Google', 'Facebook'])(
    'says Something went wrong when %s cannot be reached',
    async (provider) => {
      const page = await newPage(browser);
      await page.goto(`${baseUrl}/login`);
      await page.getByRole('button', { name: `Sign in with ${provider}` }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: /^(Something went wrong\. Please try again\.|A network error has occurred)$/ })
        .waitFor({ timeout: 40_000 });
      expect(new URL(page.url()).pathname).toBe('/login');
      expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
      await page.getByRole('button', { name: 'Sign in with email' }).waitFor();
      await page.context().close();
    },
    60_000,
  );
});
