/**
 * Signing in with the organisation's identity (OpenID Connect) in Chromium: a real OpenID
 * Provider (panva's oidc-provider) on 127.0.0.2, another site to the browser than Stream on
 * 127.0.0.1 (as a real provider is), with a login page the browser fills in, and an
 * API of this file's own with OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET set. The person
 * lands where they were going, signed in under the name of the claims, stays signed in across a
 * reload (the refresh cookie, SameSite=Strict, is sent on the first refresh after the provider's
 * redirect back), and signing out ends the session here and at the provider, which sends the
 * browser back to Stream's sign-in page.
 */
import { startTestProvider, type TestProvider } from '@stream/auth/testing/oidc-provider';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage, screenshot, startApi, type ApiServer } from '../index';

let provider: TestProvider;
let api: ApiServer;
let browser: Browser;

beforeAll(async () => {
  provider = await startTestProvider({ loginPage: true, host: '127.0.0.2' });
  [api, browser] = await Promise.all([
    startApi({
      webDist: inject('webDist'),
      emulatorHost: inject('emulatorHost'),
      databaseTemplate: inject('databaseTemplate'),
      env: {
        ...provider.settings,
      },
    }),
    launchBrowser(),
  ]);
  provider.attachTo(api.baseUrl);
  provider.nextPerson({ sub: 'ada-1815', email: 'ada@example.com', email_verified: true, name: 'Ada Lovelace' });
});
afterAll(async () => {
  await browser?.close();
  await api?.stop();
  await provider?.close();
});

/** A page whose every request stays on loopback (the provider's logout page imports a web font). */
async function localPage(): Promise<Page> {
  const page = await newPage(browser);
  await page.context().route(
    (url) => !['127.0.0.1', '127.0.0.2'].includes(url.hostname),
    (route) => route.abort('blockedbyclient'),
  );
  return page;
}

describe('sign-in with the organisation (OpenID Connect)', () => {
  it('goes through the provider’s login page, lands where the person was going signed in, stays signed in, and signs out', async () => {
    const page = await localPage();
    await page.goto(`${api.baseUrl}/profile`);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('link', { name: 'Continue with SSO' }).click();

    await page.waitForURL((url) => url.origin === provider.issuer);
    await page.getByRole('textbox', { name: 'Username' }).fill('ada@example.com');
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.waitForURL(`${api.baseUrl}/profile`);
    await page.getByText('ada@example.com').waitFor();
    await page.getByRole('button', { name: 'Ada Lovelace' }).waitFor();
    await screenshot(page, 'oidc-signed-in');

    await page.reload();
    await page.getByRole('button', { name: 'Ada Lovelace' }).waitFor();
    await page.goto(`${api.baseUrl}/`);
    await page.getByRole('heading', { name: 'Welcome to Stream' }).waitFor();

    await page.getByRole('button', { name: 'Ada Lovelace' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    // The provider offers RP-initiated logout: the browser goes there, confirms, and comes back to
    // Stream's sign-in page (post_logout_redirect_uri).
    await page.waitForURL((url) => url.origin === provider.issuer);
    await page.getByRole('button', { name: /sign me out/i }).click();
    await page.waitForURL(`${api.baseUrl}/login`);
    await page.getByRole('link', { name: 'Continue with SSO' }).waitFor();

    const refreshed = await page.request.post(`${api.baseUrl}/api/auth/session/refresh`);
    expect(refreshed.status()).toBe(401);
    await page.goto(`${api.baseUrl}/`);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('link', { name: 'Continue with SSO' }).waitFor();
    await page.context().close();
  });
});
