import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the e2e harness', () => {
  it('serves the built web app from the API', async () => {
    const page = await newPage(browser);
    const response = await page.goto(`${inject('baseUrl')}/login`);
    expect(response?.status()).toBe(200);
    expect(await page.title()).toBe('Stream');
    await page.context().close();
  });

  it('runs the Auth emulator the app was built against', async () => {
    const response = await fetch(`http://${inject('emulatorHost')}/`);
    expect(response.ok).toBe(true);
  });
});
