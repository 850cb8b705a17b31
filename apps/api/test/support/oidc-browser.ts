import type { PersonClaims, TestProvider } from '@stream/auth/testing/oidc-provider';

/**
 * A browser's part of an OpenID Connect sign-in, over plain HTTP: cookies per origin (all paths
 * alike, enough here), redirects followed by hand so each step can be looked at or tampered with.
 */
export class OidcBrowser {
  private readonly jars = new Map<string, Map<string, string>>();

  cookie(origin: string, name: string): string | undefined {
    return this.jars.get(origin)?.get(name);
  }

  setCookie(origin: string, name: string, value: string): void {
    const jar = this.jars.get(origin) ?? new Map<string, string>();
    jar.set(name, value);
    this.jars.set(origin, jar);
  }

  /** A request with this browser's cookies for the URL's origin; redirects are answered, not followed. */
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const origin = new URL(url).origin;
    const jar = this.jars.get(origin);
    const headers = new Headers(init.headers);
    if (jar?.size) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const gone = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      const cookies = this.jars.get(origin) ?? new Map<string, string>();
      if (gone) cookies.delete(name);
      else cookies.set(name, value);
      this.jars.set(origin, cookies);
    }
    return response;
  }

  /**
   * Starts signing in at the API (`next` as given) and goes through the provider as `person`;
   * answers the callback URL the provider sends the browser to, not yet visited.
   */
  async throughProvider(apiUrl: string, provider: TestProvider, person: PersonClaims, next?: string): Promise<string> {
    provider.nextPerson(person);
    const start = await this.fetch(
      `${apiUrl}/api/auth/oidc/start${next === undefined ? '' : `?next=${encodeURIComponent(next)}`}`,
    );
    if (start.status !== 302) throw new Error(`start answered ${start.status}: ${await start.text()}`);
    let location = new URL(start.headers.get('location')!);
    for (let hop = 0; hop < 10 && location.origin === provider.issuer; hop++) {
      const response = await this.fetch(location.toString());
      const to = response.headers.get('location');
      if (!to)
        throw new Error(`the provider answered ${response.status} at ${location.pathname}: ${await response.text()}`);
      location = new URL(to, location);
    }
    if (location.origin !== apiUrl) throw new Error(`the provider sent the browser to ${location.toString()}`);
    return location.toString();
  }

  /** Signs in all the way: the callback's answer (a redirect to `next` with the refresh cookie). */
  async signIn(apiUrl: string, provider: TestProvider, person: PersonClaims, next?: string): Promise<Response> {
    return this.fetch(await this.throughProvider(apiUrl, provider, person, next));
  }

  /** POST /api/auth/session/refresh with this browser's cookie. */
  async refresh(
    apiUrl: string,
  ): Promise<{ status: number; body: { accessToken?: string; expiresAt?: string; message?: string } }> {
    const response = await this.fetch(`${apiUrl}/api/auth/session/refresh`, { method: 'POST' });
    return { status: response.status, body: (await response.json()) as { accessToken?: string; message?: string } };
  }
}
