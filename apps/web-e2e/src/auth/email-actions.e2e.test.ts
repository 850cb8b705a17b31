import { createTestUser, uniqueEmail } from '@stream/auth/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { emulatorOobCode, enterEmail, signInThroughUi } from '../harness/accounts';
import { launchBrowser, newPage } from '../harness/browser';

const baseUrl = inject('baseUrl');
const emulatorHost = inject('emulatorHost');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('email action links', () => {
  it('recovers a forgotten password through the reset link, once', async () => {
    const user = await createTestUser(emulatorHost);
    const page = await newPage(browser);
    await page.goto(`${baseUrl}/login`);
    await enterEmail(page, user.email);
    await page.getByRole('button', { name: 'Trouble signing in?' }).click();
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText(`Follow the instructions sent to ${user.email} to recover your password`).waitFor();

    const { oobCode } = await emulatorOobCode(emulatorHost, user.email, 'PASSWORD_RESET');
    await page.goto(`${baseUrl}/login?mode=resetPassword&oobCode=${oobCode}`);
    await page.getByText(`for ${user.email}`).waitFor();
    await page.getByLabel('New password').fill('abc');
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Strong passwords have at least 6 characters and a mix of letters and numbers' })
      .waitFor();
    await page.getByLabel('New password').fill('brand-new-secret-2');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Password changed' }).waitFor();

    await signInThroughUi(page, baseUrl, user.email, 'brand-new-secret-2');
    expect(new URL(page.url()).pathname).toBe('/');
    await page.context().close();

    const again = await newPage(browser);
    await again.goto(`${baseUrl}/login?mode=resetPassword&oobCode=${oobCode}`);
    await again.getByRole('heading', { name: 'Try resetting your password again' }).waitFor();
    await again.context().close();
  });

  it('signs in with an email link opened in the same browser', async () => {
    const email = uniqueEmail('link');
    const page = await newPage(browser);
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('button', { name: 'Sign in with email' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Email me a sign-in link instead' }).click();
    await page.getByRole('heading', { name: 'Sign-in email sent' }).waitFor();

    const { query } = await emulatorOobCode(emulatorHost, email, 'EMAIL_SIGNIN');
    await page.goto(`${baseUrl}/login${query}`);
    await page.locator('nav[aria-label="Main"]').waitFor({ state: 'attached' });
    expect(new URL(page.url()).pathname).toBe('/');
    await page.goto(`${baseUrl}/profile`);
    await page.getByText(email).waitFor();
    await page.context().close();
  });

  it('answers a made-up verifyEmail link with the error page', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseUrl}/login?mode=verifyEmail&oobCode=made-up`);
    await page.getByRole('heading', { name: 'Try verifying your email again' }).waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Sign in with email' }).waitFor();
    await page.context().close();
  });

  it('verifies the email from the profile: send, open the link, and the profile says Yes', async () => {
    const user = await createTestUser(emulatorHost);
    const page = await newPage(browser);
    await signInThroughUi(page, baseUrl, user.email, user.password);
    await page.goto(`${baseUrl}/profile`);
    await page.getByText('Email verified: No').waitFor();
    await page.getByRole('button', { name: 'Send verification email' }).click();
    await page.getByText(`A verification email was sent to ${user.email}.`).waitFor();

    const { oobCode } = await emulatorOobCode(emulatorHost, user.email, 'VERIFY_EMAIL');
    await page.goto(`${baseUrl}/login?mode=verifyEmail&oobCode=${oobCode}`);
    await page.getByRole('heading', { name: 'Your email has been verified' }).waitFor();

    const fresh = await newPage(browser);
    await signInThroughUi(fresh, baseUrl, user.email, user.password);
    await fresh.goto(`${baseUrl}/profile`);
    await fresh.getByText('Email verified: Yes').waitFor();
    await page.context().close();
    await fresh.context().close();
  });
});
