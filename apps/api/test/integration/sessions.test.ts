// One person, two ways in: a Stream session's access token is taken by the HTTP routes as by the
// RPCs, exactly as a Firebase ID token is, and refused once past its few minutes.
import { Code, ConnectError } from '@connectrpc/connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionTokens } from '../../src/identity';
import { accountClient } from '../support/account-client';
import { OidcBrowser } from '../support/oidc-browser';
import { startTestProvider, type TestProvider } from '@stream/auth/testing/oidc-provider';
import { newTestUser } from '../support/test-tokens';
import { startTestServer, type TestServer } from '../support/test-server';

const SECRET = 'the-test-servers-url-signing-secret';
let provider: TestProvider;
let server: TestServer;
beforeAll(async () => {
  provider = await startTestProvider({ tokenAuth: 'client_secret_post' });
  server = await startTestServer({
    database: 'pglite',
    env: {
      ...provider.settings,
      OIDC_TOKEN_AUTH: 'client_secret_post',
      URL_SIGNING_SECRET: SECRET,
    },
  });
  provider.attachTo(server.baseUrl);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await provider?.close();
});

async function signedIn(sub: string) {
  const browser = new OidcBrowser();
  const callback = await browser.signIn(server.baseUrl, provider, {
    sub,
    email: `${sub}@example.com`,
    email_verified: true,
    name: `Name of ${sub}`,
  });
  expect(callback.status).toBe(302);
  const { body } = await browser.refresh(server.baseUrl);
  return body.accessToken!;
}

describe('Stream sessions', () => {
  it('authenticates at the token endpoint as OIDC_TOKEN_AUTH says (client_secret_post: no Basic header)', async () => {
    const before = provider.tokenRequests.length;
    await signedIn('post-auth');
    const requests = provider.tokenRequests.slice(before);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.authorization).toBeUndefined();
  });

  it('are taken by the HTTP routes as a Firebase ID token is', async () => {
    const token = await signedIn('http-routes');
    const unread = await fetch(`${server.baseUrl}/api/notifications/unread`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(unread.status).toBe(200);
    const anonymous = await fetch(`${server.baseUrl}/api/notifications/unread`);
    expect(anonymous.status).toBe(401);
    // A Firebase person beside them is untouched.
    const firebase = await newTestUser(undefined, { displayName: 'Firebase Person' });
    expect((await accountClient(server.baseUrl, firebase.idToken).getAccount({})).displayName).toBe('Firebase Person');
  });

  it('refuses an access token past its expiry, and one signed with another secret, saying so', async () => {
    const token = await signedIn('expiring');
    const { uid } = await accountClient(server.baseUrl, token).getAccount({});
    const person = { uid, email: 'expiring@example.com', emailVerified: true };
    const stale = await new SessionTokens(SECRET, () => Date.now() - 10 * 60_000).issue(person, 'old-session');
    const foreign = await new SessionTokens('some-other-secret-value').issue(person, 'foreign-session');
    for (const [bad, message] of [
      [stale.token, /Expired session token: refresh it/],
      [foreign.token, /Invalid session token/],
    ] as const) {
      const call = accountClient(server.baseUrl, bad).getAccount({});
      await expect(call).rejects.toSatisfy(
        (error) =>
          error instanceof ConnectError && error.code === Code.Unauthenticated && message.test(error.rawMessage),
      );
    }
  });

  it('forgets a person’s sessions that ended over a day ago when they sign in again', async () => {
    const browser = new OidcBrowser();
    await browser.signIn(server.baseUrl, provider, { sub: 'ended', email: 'ended@example.com', email_verified: true });
    await browser.fetch(`${server.baseUrl}/api/auth/session/logout`, { method: 'POST' });
    const db = server.database.db;
    const { uid } = await db
      .selectFrom('users')
      .select('uid')
      .where('external_id', '=', 'ended')
      .executeTakeFirstOrThrow();
    const [old] = await db.selectFrom('sessions').select('id').where('uid', '=', uid).execute();
    await db
      .updateTable('sessions')
      .set({ revoked_at: new Date(Date.now() - 2 * 24 * 3600_000) })
      .where('id', '=', old!.id)
      .execute();
    await signedIn('ended');
    const left = await db.selectFrom('sessions').select(['id', 'revoked_at']).where('uid', '=', uid).execute();
    expect(left).toHaveLength(1);
    expect(left[0]!.id).not.toBe(old!.id);
    expect(left[0]!.revoked_at).toBeNull();
  });
});
