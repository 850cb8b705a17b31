// OpenID Connect sign-in end to end against a real OpenID Provider (oidc-provider on 127.0.0.1):
// start, the provider's redirects, the callback, Stream's own session, then an RPC with its access
// token as with a Firebase ID token; refresh rotates, logout revokes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountClient } from '../support/account-client';
import { OidcBrowser } from '../support/oidc-browser';
import { startTestProvider, type TestProvider } from '@stream/auth/testing/oidc-provider';
import { startTestServer, type TestServer } from '../support/test-server';

let provider: TestProvider;
let server: TestServer;
beforeAll(async () => {
  provider = await startTestProvider();
  server = await startTestServer({
    database: 'pglite',
    env: {
      ...provider.settings,
      OIDC_NAME: 'Acme ID',
    },
  });
  provider.attachTo(server.baseUrl);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await provider?.close();
});

describe('OpenID Connect sign-in', () => {
  it('signs in through the provider and calls the RPCs with the session, the name from the claims', async () => {
    const browser = new OidcBrowser();
    const callback = await browser.signIn(
      server.baseUrl,
      provider,
      {
        sub: 'alice-sub',
        email: 'Alice@Example.com',
        email_verified: true,
        name: 'Alice Directory',
      },
      '/library?tab=mine',
    );
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/library?tab=mine');
    const cookie = callback.headers.getSetCookie().find((line) => line.startsWith('stream_session='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Path=\/api\/auth\/session/);
    expect(cookie).toMatch(/SameSite=Strict/);
    // Its hint for the app's scripts, as long-lived, holding nothing secret.
    const hint = callback.headers.getSetCookie().find((line) => line.startsWith('stream_has_session='))!;
    expect(hint).toMatch(/^stream_has_session=1; Path=\/; Max-Age=\d+; SameSite=Lax/);
    expect(hint).not.toMatch(/HttpOnly/);
    expect(hint.match(/Max-Age=(\d+)/)![1]).toBe(cookie.match(/Max-Age=(\d+)/)![1]);

    const { status, body } = await browser.refresh(server.baseUrl);
    expect(status).toBe(200);
    expect(new Date(body.expiresAt!).getTime()).toBeGreaterThan(Date.now());
    const account = await accountClient(server.baseUrl, body.accessToken!).getAccount({});
    expect(account.displayName).toBe('Alice Directory');
    expect(account.email).toBe('alice@example.com');

    const rows = await server.database.db
      .selectFrom('users')
      .select(['uid', 'source', 'external_issuer', 'external_id'])
      .where('external_id', '=', 'alice-sub')
      .execute();
    expect(rows).toEqual([
      {
        uid: expect.stringMatching(/^oidc_/),
        source: 'oidc',
        external_issuer: provider.issuer,
        external_id: 'alice-sub',
      },
    ]);
    // The session's refresh token is kept only as a hash.
    const sessions = await server.database.db
      .selectFrom('sessions')
      .selectAll()
      .where('uid', '=', rows[0]!.uid)
      .execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.refresh_hash).not.toContain(browser.cookie(server.baseUrl, 'stream_session')!);
  });

  it('finds the same person at the next sign-in by the provider’s sub, with the claims’ new name', async () => {
    const first = new OidcBrowser();
    await first.signIn(server.baseUrl, provider, {
      sub: 'bob-sub',
      email: 'bob@example.com',
      email_verified: true,
      name: 'Bob',
    });
    const second = new OidcBrowser();
    await second.signIn(server.baseUrl, provider, {
      sub: 'bob-sub',
      email: 'robert@example.com',
      email_verified: true,
      name: 'Robert',
    });
    const rows = await server.database.db
      .selectFrom('users')
      .selectAll()
      .where('external_id', '=', 'bob-sub')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'robert@example.com', display_name: 'Robert' });
    const { body } = await second.refresh(server.baseUrl);
    expect((await accountClient(server.baseUrl, body.accessToken!).getAccount({})).displayName).toBe('Robert');
  });

  it('rotates the refresh token at each use: the one used before is refused, and nothing is issued for it', async () => {
    const browser = new OidcBrowser();
    await browser.signIn(server.baseUrl, provider, {
      sub: 'carol-sub',
      email: 'carol@example.com',
      email_verified: true,
      name: 'Carol',
    });
    const before = browser.cookie(server.baseUrl, 'stream_session')!;
    const first = await browser.refresh(server.baseUrl);
    expect(first.status).toBe(200);
    const after = browser.cookie(server.baseUrl, 'stream_session')!;
    expect(after).not.toBe(before);

    const thief = new OidcBrowser();
    thief.setCookie(server.baseUrl, 'stream_session', before);
    const replayed = await thief.refresh(server.baseUrl);
    expect(replayed.status).toBe(401);
    expect(replayed.body.message).toMatch(/session has ended/);
    expect(replayed.body.accessToken).toBeUndefined();

    expect((await browser.refresh(server.baseUrl)).status).toBe(200);
  });

  it('logs out: the session is revoked, refresh refused, and the provider’s logout URL answered', async () => {
    const browser = new OidcBrowser();
    await browser.signIn(server.baseUrl, provider, {
      sub: 'dan-sub',
      email: 'dan@example.com',
      email_verified: true,
      name: 'Dan',
    });
    const kept = browser.cookie(server.baseUrl, 'stream_session')!;
    const response = await browser.fetch(`${server.baseUrl}/api/auth/session/logout`, { method: 'POST' });
    expect(response.status).toBe(200);
    const { logoutUrl } = (await response.json()) as { logoutUrl?: string };
    expect(logoutUrl).toBeDefined();
    expect(new URL(logoutUrl!).origin).toBe(provider.issuer);
    expect(new URL(logoutUrl!).searchParams.get('client_id')).toBe(provider.clientId);
    // Back to the sign-in page afterwards, with the session's ID token so the provider need not ask.
    expect(new URL(logoutUrl!).searchParams.get('post_logout_redirect_uri')).toBe(`${server.baseUrl}/login`);
    const hint = new URL(logoutUrl!).searchParams.get('id_token_hint');
    expect(hint).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const hinted = JSON.parse(Buffer.from(hint!.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(hinted).toMatchObject({ iss: provider.issuer, aud: provider.clientId, sub: 'dan-sub' });
    // The provider takes that request: the redirect URI is the client's, the hint its own token.
    const atProvider = await browser.fetch(logoutUrl!);
    expect(atProvider.status, await atProvider.clone().text()).toBe(200);
    expect(browser.cookie(server.baseUrl, 'stream_session')).toBeUndefined();
    expect(browser.cookie(server.baseUrl, 'stream_has_session')).toBeUndefined();

    const again = new OidcBrowser();
    again.setCookie(server.baseUrl, 'stream_session', kept);
    expect((await again.refresh(server.baseUrl)).status).toBe(401);
    const row = await server.database.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where(
        'uid',
        '=',
        (
          await server.database.db
            .selectFrom('users')
            .select('uid')
            .where('external_id', '=', 'dan-sub')
            .executeTakeFirstOrThrow()
        ).uid,
      )
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();
  });

  it('tells the web app OIDC is on and its button name', async () => {
    const config = (await (await fetch(`${server.baseUrl}/api/config`)).json()) as { oidc?: { name: string } };
    expect(config.oidc).toEqual({ name: 'Acme ID' });
  });
});
