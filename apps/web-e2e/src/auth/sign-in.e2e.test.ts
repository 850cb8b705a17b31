import { createTestUser, uniqueEmail } from '@stream/auth/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { emulatorPhoneCode, enterEmail, enterPassword, signUpThroughUi } from '../harness/accounts';
import { launchBrowser, newPage, screenshot } from '../harness/browser';

const baseUrl = inject('baseUrl');
const emulatorHost = inject('emulatorHost');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('signing in and out', () => {
  it('signs up with email and password, keeps the session across a reload, shows the profile, and logs out', async () => {
    const page = await newPage(browser);
    const email = uniqueEmail('signup');
    await signUpThroughUi(page, baseUrl, { email, name: 'Ada Lovelace' });
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('heading', { name: 'Welcome to Stream' }).waitFor();
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    expect(token?.split('.')).toHaveLength(3);

    await page.reload();
    await page.getByRole('heading', { name: 'Welcome to Stream' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    await page.getByRole('button', { name: 'Ada Lovelace' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL(`${baseUrl}/profile`);
    await page.getByText(email).waitFor();
    await page.getByText('Email verified: No').waitFor();
    await page.getByText(/Account created:/).waitFor();

    await page.getByRole('button', { name: 'Ada Lovelace' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('button', { name: 'Sign in with email' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    await page.context().close();
  });

  it('sends a signed-out visitor of /videos to /login, and Back does not return to /videos', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseUrl}/settings`);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.goto(`${baseUrl}/videos`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/videos');
    await page.goBack();
    await page.waitForLoadState();
    expect(new URL(page.url()).pathname).not.toBe('/videos');
    await page.context().close();
  });

  it('says the email and password do not match for a wrong password', async () => {
    const user = await createTestUser(emulatorHost);
    const page = await newPage(browser);
    await page.goto(`${baseUrl}/login`);
    await enterEmail(page, user.email);
    await enterPassword(page, 'not-the-password');
    await page.getByRole('alert').filter({ hasText: "The email and password you entered don't match" }).waitFor();
    await screenshot(page, 'login-wrong-password');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    await page.context().close();
  });

  it('returns to the page the visitor was headed for after signing in', async () => {
    const user = await createTestUser(emulatorHost);
    const page = await newPage(browser);
    await page.goto(`${baseUrl}/settings`);
    await page.waitForURL((url) => url.pathname === '/login');
    await enterEmail(page, user.email);
    await enterPassword(page, user.password);
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/settings');
    await page.context().close();
  });

  it('signs in with a phone number and the code the emulator sent', async () => {
    const page = await newPage(browser);
    const national = `555${String(Date.now()).slice(-7)}`;
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('button', { name: 'Sign in with phone' }).click();
    await page.getByLabel('Country').selectOption('US');
    await page.getByLabel('Phone number').fill(national);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Resend code in 0:1').waitFor();
    await screenshot(page, 'login-phone-code');
    await page.getByLabel('6-digit code').fill('12345');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('alert').filter({ hasText: 'Wrong code. Try again.' }).waitFor();
    const code = await emulatorPhoneCode(emulatorHost, `+1${national}`);
    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Verified!').waitFor();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.context().close();
  });
});
