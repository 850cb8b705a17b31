// SAML 2.0 sign-in end to end against a real IdP on 127.0.0.1 (libs/auth's test IdP, assertions
// signed with samlify): start (AuthnRequest by HTTP-Redirect), the IdP's form posted to the ACS,
// Stream's own session as after OpenID Connect, the name, email and groups from the attributes.
import { inflateRawSync } from 'node:zlib';
import { Code, ConnectError } from '@connectrpc/connect';
import { startTestSamlIdp, type TestSamlIdp } from '@stream/auth/testing/saml-idp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountClient } from '../support/account-client';
import { adminClient } from '../support/admin-clients';
import { SamlBrowser } from '../support/saml-browser';
import { newTestUser } from '../support/test-tokens';
import { startTestServer, type TestServer } from '../support/test-server';

let idp: TestSamlIdp;
let server: TestServer;
beforeAll(async () => {
  idp = await startTestSamlIdp();
  server = await startTestServer({
    database: 'pglite',
    env: { ...idp.settings, SAML_NAME: 'Acme SAML', OIDC_ADMIN_GROUPS: 'stream-admins' },
  });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await idp?.close();
});

const db = () => server.database.db;
const codeOf = (call: Promise<unknown>) =>
  call.then(
    () => 'answered',
    (error: unknown) => (error instanceof ConnectError ? error.code : error),
  );

/** Signs in through the IdP; answers the browser and a session access token. */
async function signIn(person: Parameters<SamlBrowser['samlSignIn']>[2]) {
  const browser = new SamlBrowser();
  const acs = await browser.samlSignIn(server.baseUrl, idp, person);
  expect(acs.status, await acs.clone().text()).toBe(303);
  const { status, body } = await browser.refresh(server.baseUrl);
  expect(status).toBe(200);
  return { browser, token: body.accessToken! };
}

describe('SAML 2.0 sign-in', () => {
  it('says it is on, under its name, in GET /api/config', async () => {
    const config = (await (await fetch(`${server.baseUrl}/api/config`)).json()) as { saml?: { name: string } };
    expect(config.saml).toEqual({ name: 'Acme SAML' });
  });

  it('signs in through the IdP and calls the RPCs with the session, name and email from the attributes', async () => {
    const browser = new SamlBrowser();
    const acs = await browser.samlSignIn(
      server.baseUrl,
      idp,
      { nameID: 'alice-id', email: 'Alice@Example.com', name: 'Alice Directory', groups: ['staff'] },
      '/library?tab=mine',
    );
    expect(acs.status).toBe(303);
    expect(acs.headers.get('location')).toBe('/library?tab=mine');
    const cookie = acs.headers.getSetCookie().find((line) => line.startsWith('stream_session='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Path=\/api\/auth\/session/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(acs.headers.getSetCookie().some((line) => /^stream_has_session=1;/.test(line))).toBe(true);
    // The sign-in's one-time state is cleared.
    expect(browser.cookie(server.baseUrl, 'stream_saml_state')).toBeUndefined();

    const { status, body } = await browser.refresh(server.baseUrl);
    expect(status).toBe(200);
    const account = await accountClient(server.baseUrl, body.accessToken!).getAccount({});
    expect(account.displayName).toBe('Alice Directory');
    expect(account.email).toBe('alice@example.com');
    expect(
      await db()
        .selectFrom('users')
        .select(['uid', 'source', 'external_issuer', 'external_id'])
        .where('external_id', '=', 'alice-id')
        .execute(),
    ).toEqual([
      { uid: expect.stringMatching(/^saml_/), source: 'saml', external_issuer: idp.entityId, external_id: 'alice-id' },
    ]);
    // The request it answered is used up.
    expect(await db().selectFrom('saml_logins').selectAll().execute()).toEqual([]);
  });

  it('finds the same person at the next sign-in by NameID, with the attributes’ new name and email', async () => {
    await signIn({ nameID: 'bob-id', email: 'bob@example.com', name: 'Bob' });
    const { token } = await signIn({ nameID: 'bob-id', email: 'robert@example.com', name: 'Robert' });
    const rows = await db().selectFrom('users').selectAll().where('external_id', '=', 'bob-id').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'robert@example.com', display_name: 'Robert', source: 'saml' });
    expect((await accountClient(server.baseUrl, token).getAccount({})).displayName).toBe('Robert');
  });

  it('makes a member of an admin group (the groups attribute) an admin, and nobody else', async () => {
    const plain = await signIn({ nameID: 'carol-id', email: 'carol@example.com', groups: ['staff'] });
    expect(await codeOf(adminClient(server.baseUrl, plain.token).listPeople({}))).toBe(Code.PermissionDenied);
    const admin = await signIn({ nameID: 'dan-id', email: 'dan@example.com', groups: ['staff', 'stream-admins'] });
    expect(await codeOf(adminClient(server.baseUrl, admin.token).listPeople({}))).toBe('answered');
    // Leaving the group counts at the next sign-in.
    const after = await signIn({ nameID: 'dan-id', email: 'dan@example.com', groups: ['staff'] });
    expect(await codeOf(adminClient(server.baseUrl, after.token).listPeople({}))).toBe(Code.PermissionDenied);
  });

  it('joins the IdP’s email to the Firebase person who has it: one person, two ways in', async () => {
    const existing = await newTestUser(undefined, {
      email: 'both@example.com',
      emailVerified: true,
      displayName: 'Both',
    });
    await accountClient(server.baseUrl, existing.idToken).getAccount({});
    const { token } = await signIn({ nameID: 'both-id', email: 'both@example.com', name: 'Both Directory' });
    expect((await accountClient(server.baseUrl, token).getAccount({})).uid).toBe(existing.uid);
    expect(
      await db()
        .selectFrom('users')
        .select(['source', 'external_id'])
        .where('uid', '=', existing.uid)
        .executeTakeFirstOrThrow(),
    ).toEqual({ source: 'firebase', external_id: 'both-id' });
  });

  it('takes the sign-in page’s `redirect` as where to land, as `next`', async () => {
    const browser = new SamlBrowser();
    idp.nextPerson({ nameID: 'erin-id', email: 'erin@example.com' });
    const start = await browser.fetch(
      `${server.baseUrl}/api/auth/saml/start?redirect=${encodeURIComponent('/record')}`,
    );
    const page = await (await browser.fetch(start.headers.get('location')!)).text();
    const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(page)![1]!;
    const acs = await browser.post({
      acsUrl: `${server.baseUrl}/api/auth/saml/callback`,
      SAMLResponse: field('SAMLResponse'),
      RelayState: field('RelayState'),
    });
    expect(acs.status).toBe(303);
    expect(acs.headers.get('location')).toBe('/record');
  });

  it('serves the SP metadata: entity id, the ACS by HTTP-POST, signed assertions wanted', async () => {
    const response = await fetch(`${server.baseUrl}/api/auth/saml/metadata`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/samlmetadata\+xml/);
    const metadata = await response.text();
    expect(metadata).toContain(`entityID="${server.baseUrl}/api/auth/saml/metadata"`);
    expect(metadata).toContain('WantAssertionsSigned="true"');
    expect(metadata).toMatch(
      new RegExp(
        `AssertionConsumerService[^>]*Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST"[^>]*Location="${server.baseUrl}/api/auth/saml/callback"`,
      ),
    );
  });
});

describe('SAML 2.0 behind https (PUBLIC_URL)', () => {
  let secure: TestServer;
  beforeAll(async () => {
    secure = await startTestServer({
      database: 'pglite',
      env: { ...idp.settings, PUBLIC_URL: 'https://stream.example.test' },
    });
  }, 120_000);
  afterAll(async () => {
    await secure?.close();
  });

  it('names the public origin in the metadata and the AuthnRequest, and sends the state cookie cross-site (SameSite=None; Secure)', async () => {
    const metadata = await (await fetch(`${secure.baseUrl}/api/auth/saml/metadata`)).text();
    expect(metadata).toContain('entityID="https://stream.example.test/api/auth/saml/metadata"');
    expect(metadata).toContain('Location="https://stream.example.test/api/auth/saml/callback"');
    const start = await fetch(`${secure.baseUrl}/api/auth/saml/start?next=%2F`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    const request = inflateRawSync(
      Buffer.from(new URL(start.headers.get('location')!).searchParams.get('SAMLRequest')!, 'base64'),
    ).toString();
    expect(request).toContain('AssertionConsumerServiceURL="https://stream.example.test/api/auth/saml/callback"');
    expect(request).toContain('ProtocolBinding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST"');
    const cookie = start.headers.getSetCookie().find((line) => line.startsWith('stream_saml_state='))!;
    expect(cookie).toMatch(/Path=\/api\/auth\/saml/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=None/);
    expect(cookie).toMatch(/Secure/);
  });
});
