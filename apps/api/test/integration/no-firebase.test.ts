// FIREBASE_AUTH=off: a server with the organisation's sign-in (OpenID Connect) and no Firebase at
// all. Its Firebase ID tokens are refused with a message saying why, the web app is told, the
// page's CSP names no Google host; and, whatever FIREBASE_AUTH says, deleting the account of a
// person who came through the organisation never touches a Firebase account.
import { createTestUser } from '@stream/auth/testing';
import { startTestProvider, type TestProvider } from '@stream/auth/testing/oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIREBASE_OFF_MESSAGE } from '../../src/platform/auth/firebase-auth';
import { accountClient } from '../support/account-client';
import { startAuthEmulator } from '../support/auth-emulator';
import { OidcBrowser } from '../support/oidc-browser';
import { startTestServer, type TestServer } from '../support/test-server';

let provider: TestProvider;
let emulatorHost: string;
beforeAll(async () => {
  provider = await startTestProvider();
  emulatorHost = (await startAuthEmulator()).host;
}, 120_000);
afterAll(() => provider?.close());

/** Signs `email` in through the provider at `server`; their access token and uid. */
async function signedInByOidc(server: TestServer, sub: string, email: string) {
  provider.attachTo(server.baseUrl);
  const browser = new OidcBrowser();
  await browser.signIn(server.baseUrl, provider, { sub, email, email_verified: true, name: sub });
  const { body } = await browser.refresh(server.baseUrl);
  const { uid } = await server.database.db
    .selectFrom('users')
    .select('uid')
    .where('external_id', '=', sub)
    .executeTakeFirstOrThrow();
  return { token: body.accessToken!, uid };
}

/** The emulator's admin API (its `owner` token): the project's accounts by uid. */
const emulatorAdmin = (path: string, body: unknown) =>
  fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/projects/demo-stream/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify(body),
  }).then((response) => response.json() as Promise<{ users?: { localId: string }[] }>);

describe('FIREBASE_AUTH=off', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      database: 'pglite',
      emulatorHost, // in the environment, as a developer's shell might have it: it must change nothing
      env: { ...provider.settings, FIREBASE_AUTH: 'off', OIDC_NAME: 'Acme ID' },
    });
  }, 120_000);
  afterAll(() => server?.close());

  it('refuses a Firebase ID token, even the emulator’s, with 401 and a message that says why', async () => {
    const firebasePerson = await createTestUser(emulatorHost, { emailVerified: true });
    const response = await fetch(`${server.baseUrl}/api/account/export`, {
      headers: { authorization: `Bearer ${firebasePerson.idToken}` },
    });
    expect(response.status).toBe(401);
    expect(await response.text()).toContain(FIREBASE_OFF_MESSAGE);
    const rpc = await accountClient(server.baseUrl, firebasePerson.idToken)
      .getAccount({})
      .catch((error: unknown) => error);
    expect(String(rpc)).toContain('FIREBASE_AUTH=off');
  });

  it('tells the web app Firebase is off (and no emulator), and its pages may reach no Google host', async () => {
    const response = await fetch(`${server.baseUrl}/api/config`);
    expect(await response.json()).toEqual({
      maxRecordingSeconds: null,
      firebaseAuth: 'off',
      oidc: { name: 'Acme ID' },
    });
    const csp = (await fetch(`${server.baseUrl}/login`)).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toMatch(/google|firebase|facebook|fbcdn|\.web\.app|9099|127\.0\.0\.1:\d+/);
  });

  it('signs the organisation’s people in, and deletes an account of theirs', async () => {
    const { token, uid } = await signedInByOidc(server, 'off-sub', 'off@example.com');
    expect((await accountClient(server.baseUrl, token).getAccount({})).email).toBe('off@example.com');
    await accountClient(server.baseUrl, token).deleteAccount({ confirmEmail: 'off@example.com' });
    expect(await server.database.db.selectFrom('users').select('uid').where('uid', '=', uid).execute()).toEqual([]);
  });
});

describe('Firebase on, beside OpenID Connect', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database: 'pglite', emulatorHost, env: { ...provider.settings } });
  }, 120_000);
  afterAll(() => server?.close());

  it('deleting an OIDC person’s account leaves alone the Firebase account that happens to share their uid', async () => {
    const { token, uid } = await signedInByOidc(server, 'on-sub', 'on@example.com');
    await emulatorAdmin('accounts:batchCreate', { users: [{ localId: uid, email: 'someone-else@example.com' }] });
    expect((await emulatorAdmin('accounts:lookup', { localId: [uid] })).users).toHaveLength(1);

    await accountClient(server.baseUrl, token).deleteAccount({ confirmEmail: 'on@example.com' });
    expect((await emulatorAdmin('accounts:lookup', { localId: [uid] })).users).toHaveLength(1);
  });
});
