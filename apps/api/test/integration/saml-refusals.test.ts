// SAML 2.0 sign-ins Stream must refuse, against a real IdP on 127.0.0.1 (libs/auth's test IdP)
// made to get one thing wrong at a time: each refusal says why, sets no session cookie and
// changes no person nor session.
import { Code, ConnectError } from '@connectrpc/connect';
import { startTestSamlIdp, type SamlForgery, type TestSamlIdp } from '@stream/auth/testing/saml-idp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountClient } from '../support/account-client';
import { adminClient } from '../support/admin-clients';
import { SamlBrowser } from '../support/saml-browser';
import { newTestUser } from '../support/test-tokens';
import { startTestServer, type TestServer } from '../support/test-server';

let idp: TestSamlIdp;
let server: TestServer;
let admin: Awaited<ReturnType<typeof newTestUser>>;
beforeAll(async () => {
  idp = await startTestSamlIdp();
  server = await startTestServer({
    database: 'pglite',
    env: {
      ...idp.settings,
      ADMIN_EMAILS: 'admin@example.com',
      OIDC_ADMIN_GROUPS: 'stream-admins',
      OIDC_TEAM_GROUPS: '<b>ops</b>=<script>alert(1)</script>',
    },
  });
  admin = await newTestUser(undefined, { email: 'admin@example.com', emailVerified: true });
  await accountClient(server.baseUrl, admin.idToken).getAccount({});
}, 120_000);
afterEach(() => idp.forge(undefined));
afterAll(async () => {
  await server?.close();
  await idp?.close();
});

const db = () => server.database.db;
const counts = async () => ({
  users: (await db().selectFrom('users').select(db().fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n,
  sessions: (await db().selectFrom('sessions').select(db().fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n,
  linked: (
    await db()
      .selectFrom('users')
      .select(db().fn.countAll<string>().as('n'))
      .where('external_id', 'is not', null)
      .executeTakeFirstOrThrow()
  ).n,
});

/** The ACS's answer: its status, the page's words, and whether a session cookie was set. */
async function answer(response: Response) {
  const text = await response.text();
  const cookies = response.headers.getSetCookie();
  return {
    status: response.status,
    text,
    sessionCookie: cookies.some((line) => /^stream_session=[^;]/.test(line) || /^stream_has_session=1/.test(line)),
  };
}

const person = (nameID: string) => ({ nameID, email: `${nameID}@example.com`, name: `Person ${nameID}` });

describe('assertions Stream must not believe', () => {
  const cases: [string, SamlForgery, RegExp][] = [
    ['an unsigned assertion', { unsigned: true }, /not signed by the identity provider’s certificate/],
    ['an assertion signed by another key', { otherKey: true }, /not signed by the identity provider’s certificate/],
    ['an assertion for another audience', { audience: 'https://other.example/sp' }, /meant for another service/],
    [
      'an expired assertion (NotOnOrAfter an hour ago)',
      { notOnOrAfter: new Date(Date.now() - 3_600_000) },
      /out of its time/,
    ],
    [
      'a response to an AuthnRequest never issued',
      { inResponseTo: '_never-issued' },
      /answers no sign-in started here/,
    ],
  ];
  for (const [name, forgery, message] of cases)
    it(`refuses ${name}`, async () => {
      const before = await counts();
      idp.forge(forgery);
      const result = await answer(await new SamlBrowser().samlSignIn(server.baseUrl, idp, person('forged')));
      expect(result).toMatchObject({ status: 400, sessionCookie: false });
      expect(result.text).toMatch(message);
      expect(await counts()).toEqual(before);
    });

  it('takes the same person from a well-made response (so each refusal above is for its one change)', async () => {
    const result = await answer(await new SamlBrowser().samlSignIn(server.baseUrl, idp, person('well-made')));
    expect(result).toMatchObject({ status: 303, sessionCookie: true });
  });

  it('refuses a transient NameID, which would make a new person at each sign-in', async () => {
    const before = await counts();
    const result = await answer(
      await new SamlBrowser().samlSignIn(server.baseUrl, idp, {
        ...person('transient'),
        nameIDFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient',
      }),
    );
    expect(result).toMatchObject({ status: 400, sessionCookie: false });
    expect(result.text).toMatch(/transient NameID/);
    expect(await counts()).toEqual(before);
  });

  it('shows a refusal naming what the assertion said as text, never as HTML', async () => {
    idp.forge({ audience: '<script>alert(1)</script>' });
    const result = await answer(await new SamlBrowser().samlSignIn(server.baseUrl, idp, person('html')));
    expect(result.status).toBe(400);
    expect(result.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(result.text).not.toContain('<script>');
  });
});

describe('responses Stream never asked for, or already used', () => {
  it('refuses a replayed response: its state is used up, and under a new sign-in its InResponseTo is not the new request’s', async () => {
    const browser = new SamlBrowser();
    const form = await browser.throughIdp(server.baseUrl, idp, person('replayed'));
    expect((await browser.post(form)).status).toBe(303);
    const before = await counts();

    const again = await answer(await browser.post(form));
    expect(again).toMatchObject({ status: 400, sessionCookie: false });
    // The browser's state cookie was cleared: the replay is refused whatever the cookie says.
    const thief = new SamlBrowser();
    thief.setCookie(server.baseUrl, 'stream_saml_state', form.RelayState);
    const stolen = await answer(await thief.post(form));
    expect(stolen).toMatchObject({ status: 400, sessionCookie: false });
    expect(stolen.text).toMatch(/not started here, has expired or was already used/);

    // A new sign-in's state, the old response: the response answers another request.
    const fresh = new SamlBrowser();
    const newForm = await fresh.throughIdp(server.baseUrl, idp, person('replayed'));
    const swapped = await answer(await fresh.post({ ...form, RelayState: newForm.RelayState }));
    expect(swapped).toMatchObject({ status: 400, sessionCookie: false });
    expect(swapped.text).toMatch(/answers no sign-in started here/);
    expect(await counts()).toEqual(before);
  });

  it('refuses a RelayState it never issued, and one this browser did not start', async () => {
    const before = await counts();
    const browser = new SamlBrowser();
    const form = await browser.throughIdp(server.baseUrl, idp, person('never'));
    browser.setCookie(server.baseUrl, 'stream_saml_state', 'never-issued');
    const unknown = await answer(await browser.post({ ...form, RelayState: 'never-issued' }));
    expect(unknown).toMatchObject({ status: 400, sessionCookie: false });
    expect(unknown.text).toMatch(/not started here/);

    // Someone else's response (posted to the victim's browser by another site): the cookie is not its state.
    const attacker = new SamlBrowser();
    const theirs = await attacker.throughIdp(server.baseUrl, idp, person('attacker'));
    const victim = new SamlBrowser();
    const planted = await answer(await victim.post(theirs));
    expect(planted).toMatchObject({ status: 400, sessionCookie: false });
    expect(planted.text).toMatch(/started in another browser/);
    expect(await counts()).toEqual(before);
  });

  it('refuses a POST to the ACS without a SAMLResponse', async () => {
    const response = await fetch(`${server.baseUrl}/api/auth/saml/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'RelayState=x',
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/holds no SAMLResponse/);
  });

  it('refuses a `next` off this site before going to the IdP', async () => {
    const pending = () =>
      db().selectFrom('saml_logins').select(db().fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const before = await pending();
    const response = await fetch(`${server.baseUrl}/api/auth/saml/start?next=${encodeURIComponent('//evil.example')}`, {
      redirect: 'manual',
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/must be a path on this site/);
    expect(await pending()).toEqual(before);
  });
});

describe('people', () => {
  it('refuses a disabled person: their refresh at once, and a new sign-in', async () => {
    const browser = new SamlBrowser();
    expect((await browser.samlSignIn(server.baseUrl, idp, person('disabled'))).status).toBe(303);
    const { uid } = await db()
      .selectFrom('users')
      .select('uid')
      .where('external_id', '=', 'disabled')
      .executeTakeFirstOrThrow();
    await adminClient(server.baseUrl, admin.idToken).setPersonDisabled({ uid, disabled: true });
    const refused = await browser.refresh(server.baseUrl);
    expect(refused.status).toBe(403);

    const before = await counts();
    const again = await answer(await new SamlBrowser().samlSignIn(server.baseUrl, idp, person('disabled')));
    expect(again).toMatchObject({ status: 403, sessionCookie: false });
    expect(again.text).toMatch(/disabled/);
    expect(await counts()).toEqual(before);
  });

  it('takes group names that look like HTML as plain names: no admin by a look-alike, the mapped team named as text', async () => {
    const browser = new SamlBrowser();
    const acs = await browser.samlSignIn(server.baseUrl, idp, {
      ...person('html-groups'),
      groups: ['<b>stream-admins</b>', '<b>ops</b>', '"><img src=x onerror=alert(1)>'],
    });
    expect(acs.status).toBe(303);
    const { body } = await browser.refresh(server.baseUrl);
    const call = adminClient(server.baseUrl, body.accessToken!).listPeople({});
    await expect(call).rejects.toSatisfy(
      (error) => error instanceof ConnectError && error.code === Code.PermissionDenied,
    );
    const teams = await db()
      .selectFrom('team_members')
      .innerJoin('teams', 'teams.id', 'team_members.team_id')
      .innerJoin('users', 'users.uid', 'team_members.uid')
      .select(['teams.name'])
      .where('users.external_id', '=', 'html-groups')
      .execute();
    expect(teams).toEqual([{ name: '<script>alert(1)</script>' }]);
  });
});
