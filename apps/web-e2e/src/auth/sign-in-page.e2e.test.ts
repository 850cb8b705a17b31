import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { docsScreensDir } from '../harness/paths';
import { launchBrowser, newPage } from '../index';

const baseUrl = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('a signed-out visitor at the root', () => {
  for (const [name, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    it(`is sent to /login, which says what Stream is and how to watch a link, ${name}`, async () => {
      const page = await newPage(browser, { viewport, colorScheme: 'light' });
      await page.goto(`${baseUrl}/`);
      await page.waitForURL(/\/login/);
      const about = page.getByRole('region', { name: 'About Stream' });
      await about.getByText(/Someone sent you a link\? Open it: watching needs no account/).waitFor();
      expect(await about.locator('li strong').allInnerTexts()).toEqual([
        'Quick Recording.',
        'Easy Sharing.',
        'Organised Library.',
        'Basic Editing.',
      ]);
      const picture = about.getByRole('img', { name: /watch page/ });
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Sign in with email' }).waitFor();
      // Without OIDC settings there is no organisation sign-in to offer.
      expect(await page.getByRole('link', { name: /^Continue with/ }).count()).toBe(0);
      await page.screenshot({ path: join(docsScreensDir(), `sign-in-${name}.png`), fullPage: true });
      await page.context().close();
    });
  }
});
