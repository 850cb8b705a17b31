import type { SamlPerson, SamlPost, TestSamlIdp } from '@stream/auth/testing/saml-idp';
import { OidcBrowser } from './oidc-browser';

/**
 * A browser's part of a SAML sign-in over plain HTTP: start at the API, the IdP's page (its
 * auto-posting form read), then the POST to the ACS, each step open to a test's tampering.
 */
export class SamlBrowser extends OidcBrowser {
  /** Starts at the API and answers the form the IdP's page would post for `person`, not yet posted. */
  async throughIdp(apiUrl: string, idp: TestSamlIdp, person: SamlPerson, next?: string): Promise<SamlPost> {
    idp.nextPerson(person);
    const start = await this.fetch(
      `${apiUrl}/api/auth/saml/start${next === undefined ? '' : `?next=${encodeURIComponent(next)}`}`,
    );
    if (start.status !== 302) throw new Error(`start answered ${start.status}: ${await start.text()}`);
    const location = start.headers.get('location')!;
    if (!location.startsWith(`${idp.ssoUrl}?`)) throw new Error(`start sent the browser to ${location}`);
    const page = await this.fetch(location);
    const html = await page.text();
    if (page.status !== 200) throw new Error(`the IdP answered ${page.status}: ${html}`);
    const field = (name: string) => {
      const value = new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];
      if (value === undefined) throw new Error(`the IdP's page has no ${name}: ${html}`);
      return value
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
    };
    const acsUrl = /<form method="post" action="([^"]*)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
    if (!acsUrl) throw new Error(`the IdP's page posts nowhere: ${html}`);
    return { acsUrl, SAMLResponse: field('SAMLResponse'), RelayState: field('RelayState') };
  }

  /** Posts the IdP's form to the ACS, as the IdP's page does. */
  async post(form: SamlPost): Promise<Response> {
    return this.fetch(form.acsUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ SAMLResponse: form.SAMLResponse, RelayState: form.RelayState }).toString(),
    });
  }

  /** Signs in all the way: the ACS's answer (a redirect to `next` with the refresh cookie). */
  async samlSignIn(apiUrl: string, idp: TestSamlIdp, person: SamlPerson, next?: string): Promise<Response> {
    return this.post(await this.throughIdp(apiUrl, idp, person, next));
  }
}
