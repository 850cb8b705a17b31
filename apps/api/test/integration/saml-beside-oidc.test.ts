// Both organisation sign-ins on at once (OpenID Connect and SAML 2.0), as an instance moving from
// one provider to another runs them: logging out sends a person to the logout page of the provider
// they signed in with, and a SAML person, whose IdP Stream does not log out of, to none.
import { startTestProvider, type TestProvider } from '@stream/auth/testing/oidc-provider';
import { startTestSamlIdp, type TestSamlIdp } from '@stream/auth/testing/saml-idp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OidcBrowser } from '../support/oidc-browser';
import { SamlBrowser } from '../support/saml-browser';
import { startTestServer, type TestServer } from '../support/test-server';

let provider: TestProvider;
let idp: TestSamlIdp;
let server: TestServer;
beforeAll(async () => {
  [provider, idp] = await Promise.all([startTestProvider(), startTestSamlIdp()]);
  server = await startTestServer({ database: 'pglite', env: { ...provider.settings, ...idp.settings } });
  provider.attachTo(server.baseUrl);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await Promise.all([provider?.close(), idp?.close()]);
});

/** Logs `browser`'s session out; answers the logout URL the API gave, if any, and the refresh after it. */
async function logOut(browser: OidcBrowser) {
  const response = await browser.fetch(`${server.baseUrl}/api/auth/session/logout`, { method: 'POST' });
  expect(response.status).toBe(200);
  const { logoutUrl } = (await response.json()) as { logoutUrl?: string };
  return { logoutUrl, refreshed: (await browser.refresh(server.baseUrl)).status };
}

describe('OpenID Connect and SAML 2.0 side by side', () => {
  it('offers both buttons', async () => {
    const config = (await (await fetch(`${server.baseUrl}/api/config`)).json()) as Record<string, unknown>;
    expect(config).toMatchObject({ oidc: { name: 'SSO' }, saml: { name: 'SAML SSO' } });
  });

  it('logs a SAML person out of Stream alone: no OpenID Provider’s logout page', async () => {
    const browser = new SamlBrowser();
    const acs = await browser.samlSignIn(server.baseUrl, idp, {
      nameID: 'sam-1',
      email: 'sam@example.com',
      name: 'Sam',
    });
    expect(acs.status, await acs.clone().text()).toBe(303);
    expect((await browser.refresh(server.baseUrl)).status).toBe(200);
    expect(await logOut(browser)).toEqual({ logoutUrl: undefined, refreshed: 401 });
  });

  it('logs an OpenID Connect person out at their provider too', async () => {
    const browser = new OidcBrowser();
    await browser.signIn(server.baseUrl, provider, {
      sub: 'olive-sub',
      email: 'olive@example.com',
      email_verified: true,
      name: 'Olive',
    });
    const { logoutUrl, refreshed } = await logOut(browser);
    expect(new URL(logoutUrl!).origin).toBe(provider.issuer);
    expect(refreshed).toBe(401);
  });
});
