import { join } from 'node:path';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { docsScreensDir } from '../harness/paths';
import { launchBrowser, newSignedInPage, type SignedInPage } from '../index';
import { makeTestWebm, uploadVideo, waitUntilProcessed, type TestWebm } from './library-fixtures';

const baseUrl = inject('baseUrl');
const emulatorHost = inject('emulatorHost');

let browser: Browser;
let webm: TestWebm;
let owner: SignedInPage;

beforeAll(async () => {
  [browser, webm] = await Promise.all([launchBrowser(), makeTestWebm(4)]);
  owner = await newSignedInPage(browser, { baseUrl, emulatorHost, displayName: 'Card Owner' });
}, 180_000);

afterAll(async () => {
  await owner?.page.context().close();
  await browser?.close();
});

const cardLinks = (grid: Locator) => grid.locator('a[href^="/video/"]');

describe('the library’s cards', () => {
  it('show a video uploaded elsewhere without a reload, with its length, the time, and a title that fits', async () => {
    const { page, user } = owner;
    await page.goto(`${baseUrl}/videos`);
    await page.getByRole('heading', { level: 1, name: 'Videos' }).waitFor();

    // Uploaded from "another device" while the library is open: it appears by itself.
    const first = await uploadVideo(baseUrl, user.idToken, webm);
    const grid = page.getByRole('region', { name: 'List of Videos' });
    await cardLinks(grid).first().waitFor({ timeout: 20_000 });
    const second = await uploadVideo(baseUrl, user.idToken, webm);
    await Promise.all([first, second].map((id) => waitUntilProcessed(baseUrl, user.idToken, id)));
    await expect.poll(() => cardLinks(grid).count(), { timeout: 20_000 }).toBe(2);
    await grid.getByText('READY').nth(1).waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);

    const titles = await grid.locator('h3').allInnerTexts();
    expect(titles[0]).toMatch(/^Recording \d{1,2} [A-Z][a-z]{2}, \d{2}:\d{2}:\d{2}$/);
    expect(titles[0]).not.toBe(titles[1]);
    for (const card of await cardLinks(grid).all()) {
      expect(await card.locator('figure').innerText()).toBe('0:04');
      // The date in the person's own locale (the browser's language), medium date and short time.
      const time = card.locator('time');
      const shown = await time.evaluate((element) => ({
        text: element.textContent,
        own: new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(element.getAttribute('datetime') ?? ''),
        ),
      }));
      expect(shown.text).toBe(shown.own);
      // The whole title shows: its two lines hold it, nothing is cut.
      const title = card.locator('h3');
      expect(await title.evaluate((h) => h.scrollHeight <= h.clientHeight + 1)).toBe(true);
    }
    await grid.screenshot({ path: join(docsScreensDir(), 'cards-desktop.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await cardLinks(grid).first().locator('figure').getByText('0:04').waitFor();
    for (const title of await grid.locator('h3').all()) {
      expect(await title.evaluate((h) => h.scrollHeight <= h.clientHeight + 1)).toBe(true);
    }
    await page.screenshot({ path: join(docsScreensDir(), 'cards-phone.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
