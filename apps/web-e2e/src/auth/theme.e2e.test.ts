import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signInThroughUi } from '../harness/accounts';
import { launchBrowser, newPage, screenshot } from '../harness/browser';
import { createTestUser } from '@stream/auth/testing';

const baseUrl = inject('baseUrl');
const emulatorHost = inject('emulatorHost');
const theme = (page: import('playwright-core').Page) =>
  page.evaluate(() => document.documentElement.getAttribute('data-theme'));

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the theme', () => {
  it('follows the system at first, remembers the toggle across a reload, and looks right in both', async () => {
    const user = await createTestUser(emulatorHost, { displayName: 'Grace Hopper' });
    const page = await newPage(browser, { colorScheme: 'light' });
    await signInThroughUi(page, baseUrl, user.email, user.password);
    await page.getByRole('heading', { name: 'Welcome to Stream' }).waitFor();
    expect(await theme(page)).toBe('light');
    await screenshot(page, 'home-light');

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await theme(page)).toBe('dark');
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome to Stream' }).waitFor();
    expect(await theme(page)).toBe('dark');
    await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
    await screenshot(page, 'home-dark');

    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome to Stream' }).waitFor();
    expect(await theme(page)).toBe('light');
    await page.context().close();
  });

  it('starts dark for a visitor whose system prefers dark', async () => {
    const page = await newPage(browser, { colorScheme: 'dark' });
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('button', { name: 'Sign in with email' }).waitFor();
    expect(await theme(page)).toBe('dark');
    await screenshot(page, 'login-dark');
    await page.context().close();
  });

  it('collapses the side navigation into a drawer at phone width', async () => {
    const user = await createTestUser(emulatorHost);
    const page = await newPage(browser, { viewport: { width: 390, height: 844 }, colorScheme: 'light' });
    await signInThroughUi(page, baseUrl, user.email, user.password);
    const videosLink = page.locator('nav[aria-label="Main"]').getByRole('link', { name: 'Videos' });
    expect(await videosLink.isVisible()).toBe(false);
    await screenshot(page, 'home-phone');
    await page.getByLabel('Open navigation').click();
    await videosLink.waitFor({ state: 'visible' });
    await screenshot(page, 'home-phone-drawer');
    await videosLink.click();
    await page.waitForURL(`${baseUrl}/videos`);
    await page.context().close();
  });
});
