/**
 * Signing in with the organisation's identity by SAML 2.0 in Chromium: a real IdP (libs/auth's
 * test IdP, assertions signed with samlify) on 127.0.0.1 with its own login page the browser fills
 * in, whose page posts the signed response to Stream's ACS, and an API of this file's own with
 * SAML_ENTRY_POINT and SAML_IDP_CERT set (OpenID Connect off). The person lands where they were
 * going, signed in under the name of the attributes, stays signed in across a reload, and signing
 * out ends the session.
 */
import { startTestSamlIdp, type TestSamlIdp } from '@stream/auth/testing/saml-idp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage, screenshot, startApi, type ApiServer } from '../index';

let idp: TestSamlIdp;
let api: ApiServer;
let browser: Browser;

beforeAll(async () => {
  idp = await startTestSamlIdp({ loginPage: true });
  [api, browser] = await Promise.all([
    startApi({
      webDist: inject('webDist'),
      emulatorHost: inject('emulatorHost'),
      databaseTemplate: inject('databaseTemplate'),
      env: { ...idp.settings, SAML_NAME: 'Acme SAML' },
    }),
    launchBrowser(),
  ]);
  idp.addPerson({ nameID: 'grace-1906', email: 'grace@example.com', name: 'Grace Hopper', groups: ['navy'] });
});
afterAll(async () => {
  await browser?.close();
  await api?.stop();
  await idp?.close();
});

/** A page whose every request stays on loopback. */
async function localPage(): Promise<Page> {
  const page = await newPage(browser);
  await page.context().route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => route.abort('blockedbyclient'),
  );
  return page;
}

describe('sign-in with the organisation (SAML 2.0)', () => {
  it('goes through the IdP’s login page, lands where the person was going signed in, stays signed in, and signs out', async () => {
    const page = await localPage();
    await page.goto(`${api.baseUrl}/profile`);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('link', { name: 'Continue with Acme SAML' }).click();

    await page.waitForURL((url) => url.href.startsWith(idp.ssoUrl));
    await page.getByRole('textbox', { name: 'Username' }).fill('grace@example.com');
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.waitForURL(`${api.baseUrl}/profile`);
    await page.getByText('grace@example.com').waitFor();
    await page.getByRole('button', { name: 'Grace Hopper' }).waitFor();
    await screenshot(page, 'saml-signed-in');

    await page.reload();
    await page.getByRole('button', { name: 'Grace Hopper' }).waitFor();

    await page.getByRole('button', { name: 'Grace Hopper' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    const refreshed = await page.request.post(`${api.baseUrl}/api/auth/session/refresh`);
    expect(refreshed.status()).toBe(401);
    await page.getByRole('link', { name: 'Continue with Acme SAML' }).waitFor();
    await page.context().close();
  });
});
