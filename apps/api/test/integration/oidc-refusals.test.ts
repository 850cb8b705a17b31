// OpenID Connect sign-ins Stream must refuse, against a real OpenID Provider on 127.0.0.1 whose
// token endpoint a test may make answer a forged ID token (signed with the provider's own key
// unless the forgery is the key): each refusal says why, issues no session and changes nothing.
import { Code, ConnectError } from '@connectrpc/connect';
import { SignUpMode } from '@stream/proto';
import { generateKeyPair } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountClient } from '../support/account-client';
import { adminClient } from '../support/admin-clients';
import { OidcBrowser } from '../support/oidc-browser';
import { startTestProvider, type ForgeContext, type TestProvider } from '@stream/auth/testing/oidc-provider';
import { newTestUser } from '../support/test-tokens';
import { startTestServer, type TestServer } from '../support/test-server';

let provider: TestProvider;
let server: TestServer;
let admin: Awaited<ReturnType<typeof newTestUser>>;
beforeAll(async () => {
  provider = await startTestProvider();
  server = await startTestServer({
    database: 'pglite',
    env: {
      ...provider.settings,
      ADMIN_EMAILS: 'admin@example.com',
    },
  });
  provider.attachTo(server.baseUrl);
  admin = await newTestUser(undefined, { email: 'admin@example.com', emailVerified: true });
  await accountClient(server.baseUrl, admin.idToken).getAccount({});
}, 120_000);
afterEach(() => provider.forgeIdToken(undefined));
afterAll(async () => {
  await server?.close();
  await provider?.close();
});

const db = () => server.database.db;
const counts = async () => ({
  users: (await db().selectFrom('users').select(db().fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n,
  sessions: (await db().selectFrom('sessions').select(db().fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n,
});

/** The callback's answer: its status, the page's words, and whether any cookie but the state's clearing was set. */
async function answer(response: Response) {
  const text = await response.text();
  const cookies = response.headers.getSetCookie().filter((line) => !/^stream_oidc_state=;/.test(line));
  return { status: response.status, text, sessionCookie: cookies.some((line) => line.startsWith('stream_session=')) };
}

const person = (sub: string) => ({ sub, email: `${sub}@example.com`, email_verified: true, name: `Person ${sub}` });

describe('callbacks Stream never started', () => {
  it('refuses a state it never issued', async () => {
    const before = await counts();
    const browser = new OidcBrowser();
    browser.setCookie(server.baseUrl, 'stream_oidc_state', 'never-issued-state');
    const result = await answer(
      await browser.fetch(`${server.baseUrl}/api/auth/oidc/callback?code=anything&state=never-issued-state`),
    );
    expect(result).toMatchObject({ status: 400, sessionCookie: false });
    expect(result.text).toMatch(/not started here, has expired or was already used/);
    expect(await counts()).toEqual(before);
  });

  it('refuses a callback whose state this browser did not start (a link someone else began)', async () => {
    const attacker = new OidcBrowser();
    const callback = await attacker.throughProvider(server.baseUrl, provider, person('mallory'));
    const before = await counts();
    const victim = new OidcBrowser();
    const result = await answer(await victim.fetch(callback));
    expect(result).toMatchObject({ status: 400, sessionCookie: false });
    expect(result.text).toMatch(/started in another browser/);
    expect(await counts()).toEqual(before);
  });

  it('refuses a replayed callback, and a used code under a new state', async () => {
    const browser = new OidcBrowser();
    const callback = await browser.throughProvider(server.baseUrl, provider, person('replay'));
    const state = new URL(callback).searchParams.get('state')!;
    expect((await browser.fetch(callback)).status).toBe(302);
    const before = await counts();

    browser.setCookie(server.baseUrl, 'stream_oidc_state', state); // as if the cookie were kept
    const again = await answer(await browser.fetch(callback));
    expect(again).toMatchObject({ status: 400, sessionCookie: false });
    expect(again.text).toMatch(/already used/);

    // A new sign-in's state with the old code: the provider refuses the code.
    const fresh = await browser.fetch(`${server.baseUrl}/api/auth/oidc/start`);
    const newState = new URL(fresh.headers.get('location')!).searchParams.get('state')!;
    const reused = new URL(callback);
    reused.searchParams.set('state', newState);
    const oldCode = await answer(await browser.fetch(reused.toString()));
    expect(oldCode).toMatchObject({ status: 400, sessionCookie: false });
    expect(oldCode.text).toMatch(/answer was refused/);
    expect(await counts()).toEqual(before);
  });
});

describe('ID tokens Stream must not believe', () => {
  const base = (context: ForgeContext, sub: string) => {
    const now = Math.floor(Date.now() / 1000);
    return {
      iss: context.issuer,
      aud: context.clientId,
      sub,
      nonce: context.nonce,
      iat: now,
      exp: now + 300,
      email: `${sub}@example.com`,
      email_verified: true,
      name: 'Forged Name',
    };
  };

  it('takes a well-made token from the same doctored token endpoint (so each refusal below is for its one change)', async () => {
    provider.forgeIdToken((context) => context.sign(base(context, 'control')));
    const result = await answer(await new OidcBrowser().signIn(server.baseUrl, provider, person('control')));
    expect(result).toMatchObject({ status: 302, sessionCookie: true });
  });

  const forgeries: [string, (context: ForgeContext, sub: string) => Promise<string>, RegExp][] = [
    ['a nonce that is not this sign-in’s', (c, sub) => c.sign({ ...base(c, sub), nonce: 'another-nonce' }), /nonce/i],
    ['another issuer', (c, sub) => c.sign({ ...base(c, sub), iss: 'http://127.0.0.1:9/other' }), /iss/i],
    ['another audience', (c, sub) => c.sign({ ...base(c, sub), aud: 'another-client' }), /aud/i],
    [
      'an expired token',
      (c, sub) =>
        c.sign({
          ...base(c, sub),
          iat: Math.floor(Date.now() / 1000) - 7200,
          exp: Math.floor(Date.now() / 1000) - 3600,
        }),
      /exp/i,
    ],
    ['alg: none', (c, sub) => c.sign(base(c, sub), { alg: 'none' }), /alg|signature|unsupported|JWS/i],
    [
      'a token signed by another key',
      async (c, sub) => c.sign(base(c, sub), { key: (await generateKeyPair('RS256')).privateKey }),
      /signature/i,
    ],
  ];

  for (const [name, forge, reason] of forgeries)
    it(`refuses ${name}`, async () => {
      const sub = `forged-${name.replace(/\W+/g, '-')}`;
      provider.forgeIdToken((context) => forge(context, sub));
      const before = await counts();
      const result = await answer(await new OidcBrowser().signIn(server.baseUrl, provider, person(sub)));
      expect(result).toMatchObject({ status: 400, sessionCookie: false });
      expect(result.text).toMatch(/answer was refused/);
      expect(result.text).toMatch(reason);
      expect(await counts()).toEqual(before);
      expect(await db().selectFrom('users').select('uid').where('external_id', '=', sub).execute()).toEqual([]);
    });
});

describe('people', () => {
  it('refuses an unverified email colliding with an existing account, changing nothing', async () => {
    const existing = await newTestUser(undefined, {
      email: 'taken@example.com',
      emailVerified: true,
      displayName: 'Taken',
    });
    await accountClient(server.baseUrl, existing.idToken).getAccount({});
    const rowBefore = await db()
      .selectFrom('users')
      .selectAll()
      .where('uid', '=', existing.uid)
      .executeTakeFirstOrThrow();
    const before = await counts();
    const result = await answer(
      await new OidcBrowser().signIn(server.baseUrl, provider, {
        sub: 'unverified-sub',
        email: 'TAKEN@example.com',
        email_verified: false,
        name: 'Impostor',
      }),
    );
    expect(result).toMatchObject({ status: 400, sessionCookie: false });
    expect(result.text).toMatch(
      /already exists here, and your identity provider does not say that this address is verified/,
    );
    expect(await counts()).toEqual(before);
    expect(
      await db().selectFrom('users').selectAll().where('uid', '=', existing.uid).executeTakeFirstOrThrow(),
    ).toEqual(rowBefore);
  });

  it('joins a verified email to the Firebase person who has it: one person, two ways in', async () => {
    const existing = await newTestUser(undefined, {
      email: 'both@example.com',
      emailVerified: true,
      displayName: 'Both',
    });
    await accountClient(server.baseUrl, existing.idToken).getAccount({});
    const browser = new OidcBrowser();
    await browser.signIn(server.baseUrl, provider, {
      sub: 'both-sub',
      email: 'both@example.com',
      email_verified: true,
      name: 'Both Directory',
    });
    const { body } = await browser.refresh(server.baseUrl);
    const bySession = await accountClient(server.baseUrl, body.accessToken!).getAccount({});
    const byFirebase = await accountClient(server.baseUrl, existing.idToken).getAccount({});
    expect(bySession.uid).toBe(existing.uid);
    expect(byFirebase.uid).toBe(existing.uid);
    expect(
      await db()
        .selectFrom('users')
        .select(['source', 'external_id'])
        .where('uid', '=', existing.uid)
        .executeTakeFirstOrThrow(),
    ).toEqual({ source: 'firebase', external_id: 'both-sub' });
  });

  it('refuses a disabled person: their refresh, their access token at once, and a new sign-in', async () => {
    const browser = new OidcBrowser();
    await browser.signIn(server.baseUrl, provider, person('disabled'));
    const { body } = await browser.refresh(server.baseUrl);
    const { uid } = await db()
      .selectFrom('users')
      .select('uid')
      .where('external_id', '=', 'disabled')
      .executeTakeFirstOrThrow();
    await adminClient(server.baseUrl, admin.idToken).setPersonDisabled({ uid, disabled: true });

    const refused = await browser.refresh(server.baseUrl);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/disabled/);
    expect(refused.body.accessToken).toBeUndefined();
    const call = accountClient(server.baseUrl, body.accessToken!).getAccount({});
    await expect(call).rejects.toSatisfy(
      (error) => error instanceof ConnectError && error.code === Code.PermissionDenied,
    );

    const before = await counts();
    const again = await answer(await new OidcBrowser().signIn(server.baseUrl, provider, person('disabled')));
    expect(again).toMatchObject({ status: 403, sessionCookie: false });
    expect(again.text).toMatch(/disabled/);
    expect(await counts()).toEqual(before);
  });

  it('holds people arriving by OpenID Connect to the sign-up policy', async () => {
    const admins = adminClient(server.baseUrl, admin.idToken);
    await admins.setSignUpPolicy({ policy: { mode: SignUpMode.DOMAINS, domains: ['allowed.example'] } });
    try {
      const before = await counts();
      const refused = await answer(
        await new OidcBrowser().signIn(server.baseUrl, provider, {
          sub: 'outsider',
          email: 'out@other.example',
          email_verified: true,
        }),
      );
      expect(refused).toMatchObject({ status: 403, sessionCookie: false });
      expect(refused.text).toMatch(/does not take new accounts like yours/);
      expect(await counts()).toEqual(before);
      const welcome = await answer(
        await new OidcBrowser().signIn(server.baseUrl, provider, {
          sub: 'insider',
          email: 'in@allowed.example',
          email_verified: true,
        }),
      );
      expect(welcome).toMatchObject({ status: 302, sessionCookie: true });
    } finally {
      await admins.setSignUpPolicy({ policy: { mode: SignUpMode.OPEN, domains: [] } });
    }
  });
});

describe('where a sign-in lands', () => {
  for (const next of [
    '//evil.example/x',
    'https://evil.example/',
    '/\\evil.example',
    'library',
    '/ok\nSet-Cookie: x=1',
  ])
    it(`refuses next=${JSON.stringify(next)}: off-site or not a path`, async () => {
      const before = await db()
        .selectFrom('oidc_logins')
        .select(db().fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      const response = await new OidcBrowser().fetch(
        `${server.baseUrl}/api/auth/oidc/start?next=${encodeURIComponent(next)}`,
      );
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(await response.text()).toMatch(/must be a path on this site/);
      expect(
        await db().selectFrom('oidc_logins').select(db().fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ).toEqual(before);
    });
});
