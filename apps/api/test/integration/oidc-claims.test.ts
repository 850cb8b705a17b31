// What an OpenID Connect sign-in's claims decide, against a real OpenID Provider on 127.0.0.1:
// instance admins by directory group (OIDC_ADMIN_GROUPS), teams by group (OIDC_TEAM_GROUPS) and the
// storage quota (OIDC_QUOTA_CLAIM). Each applies at every sign-in, so leaving a group counts at the
// next one; claims of the wrong shape are ignored and the sign-in still works.
import { Code, ConnectError } from '@connectrpc/connect';
import { SignUpMode, TeamRole } from '@stream/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient } from '../support/admin-clients';
import { OidcBrowser } from '../support/oidc-browser';
import { startTestProvider, type PersonClaims, type TestProvider } from '@stream/auth/testing/oidc-provider';
import { teamClient } from '../support/team-client';
import { startTestServer, type TestServer } from '../support/test-server';

let provider: TestProvider;
let server: TestServer;
beforeAll(async () => {
  provider = await startTestProvider({ scopes: { groups: ['groups'], stream: ['stream_quota'] } });
  server = await startTestServer({
    database: 'pglite',
    env: {
      ...provider.settings,
      OIDC_SCOPES: 'openid email profile groups stream',
      OIDC_ADMIN_GROUPS: 'stream-admins, ops',
      OIDC_TEAM_GROUPS:
        'engineering=Engineering:admin; eng-all=Engineering:member; <b>ops</b>=<script>alert(1)</script>; leads=Leads:owner',
      OIDC_QUOTA_CLAIM: 'stream_quota',
    },
  });
  provider.attachTo(server.baseUrl);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await provider?.close();
});

const codeOf = (call: Promise<unknown>) =>
  call.then(
    () => 'answered',
    (error: unknown) => (error instanceof ConnectError ? error.code : error),
  );

/** Signs `person` in through the provider; answers a session access token. */
async function signIn(person: PersonClaims): Promise<string> {
  const browser = new OidcBrowser();
  const callback = await browser.signIn(server.baseUrl, provider, { email_verified: true, ...person });
  expect(callback.status).toBe(302);
  expect(callback.headers.get('location')).not.toMatch(/error/);
  const { status, body } = await browser.refresh(server.baseUrl);
  expect(status).toBe(200);
  return body.accessToken!;
}

const uidOf = async (sub: string) =>
  (await server.database.db.selectFrom('users').select('uid').where('external_id', '=', sub).executeTakeFirstOrThrow())
    .uid;

describe('admins by directory group', () => {
  it('makes a member of an admin group an admin, and nobody else (not even the first to sign in)', async () => {
    const first = await signIn({ sub: 'first-sub', email: 'first@example.com', groups: ['staff'] });
    expect(await codeOf(adminClient(server.baseUrl, first).listPeople({}))).toBe(Code.PermissionDenied);
    expect((await adminClient(server.baseUrl, first).getAdminStatus({})).admin).toBe(false);

    const ann = await signIn({ sub: 'ann-sub', email: 'ann@example.com', groups: ['staff', 'stream-admins'] });
    const { people } = await adminClient(server.baseUrl, ann).listPeople({});
    const adminOf = (email: string) => people.find((person) => person.email === email)?.admin;
    expect([adminOf('ann@example.com'), adminOf('first@example.com')]).toEqual([true, false]);
    // One string instead of a list is one group.
    const olga = await signIn({ sub: 'olga-sub', email: 'olga@example.com', groups: 'ops' });
    expect((await adminClient(server.baseUrl, olga).getAdminStatus({})).admin).toBe(true);
  });

  it('stops being an admin at the next sign-in after leaving the group', async () => {
    const before = await signIn({ sub: 'ben-sub', email: 'ben@example.com', groups: ['stream-admins'] });
    expect(await codeOf(adminClient(server.baseUrl, before).listPeople({}))).toBe('answered');
    const after = await signIn({ sub: 'ben-sub', email: 'ben@example.com', groups: ['staff'] });
    expect(await codeOf(adminClient(server.baseUrl, after).listPeople({}))).toBe(Code.PermissionDenied);
    // The session from before is no admin's either: the fact is the person's, read at each call.
    expect(await codeOf(adminClient(server.baseUrl, before).listPeople({}))).toBe(Code.PermissionDenied);
    // And with no groups claim at all, they are in no group.
    const again = await signIn({ sub: 'ben-sub', email: 'ben@example.com', groups: ['stream-admins'] });
    expect(await codeOf(adminClient(server.baseUrl, again).listPeople({}))).toBe('answered');
    const none = await signIn({ sub: 'ben-sub', email: 'ben@example.com' });
    expect(await codeOf(adminClient(server.baseUrl, none).listPeople({}))).toBe(Code.PermissionDenied);
  });

  it('lets a newcomer in an admin group in whatever the sign-up policy, and holds the others to it', async () => {
    const ann = await signIn({ sub: 'ann-sub', email: 'ann@example.com', groups: ['stream-admins'] });
    const admins = adminClient(server.baseUrl, ann);
    await admins.setSignUpPolicy({ policy: { mode: SignUpMode.INVITE_ONLY, domains: [] } });
    try {
      const nina = await signIn({ sub: 'nina-sub', email: 'nina@example.com', groups: ['stream-admins'] });
      expect((await adminClient(server.baseUrl, nina).getAdminStatus({})).admin).toBe(true);
      const refused = await new OidcBrowser().signIn(server.baseUrl, provider, {
        sub: 'nemo-sub',
        email: 'nemo@example.com',
        email_verified: true,
        groups: ['staff'],
      });
      expect(refused.status).toBe(403);
      expect(await refused.text()).toMatch(/does not take new accounts like yours/);
    } finally {
      await admins.setSignUpPolicy({ policy: { mode: SignUpMode.OPEN, domains: [] } });
    }
  });

  it('ignores a groups claim of the wrong type, and bounds a huge one, the sign-in still working', async () => {
    for (const groups of [42, { 'stream-admins': true }, [7, null, { name: 'stream-admins' }]]) {
      const token = await signIn({ sub: 'odd-sub', email: 'odd@example.com', groups });
      expect(await codeOf(adminClient(server.baseUrl, token).listPeople({}))).toBe(Code.PermissionDenied);
    }
    const many = Array.from({ length: 3000 }, (_, i) => `group-${i}`);
    const early = await signIn({ sub: 'many-sub', email: 'many@example.com', groups: ['stream-admins', ...many] });
    expect(await codeOf(adminClient(server.baseUrl, early).listPeople({}))).toBe('answered');
    // Past the first 1000 entries nothing counts.
    const late = await signIn({ sub: 'many-sub', email: 'many@example.com', groups: [...many, 'stream-admins'] });
    expect(await codeOf(adminClient(server.baseUrl, late).listPeople({}))).toBe(Code.PermissionDenied);
  });
});

describe('teams by directory group', () => {
  it('makes the person a member of each mapped team with the role, and removes them when they leave the group', async () => {
    const carl = await signIn({ sub: 'carl-sub', email: 'carl@example.com', groups: ['engineering', '<b>ops</b>'] });
    const teams = teamClient(server.baseUrl, carl);
    const mine = (await teams.listMyTeams({})).teams;
    expect(mine.map((team) => [team.name, team.role])).toEqual(
      expect.arrayContaining([
        ['Engineering', TeamRole.ADMIN],
        ['<script>alert(1)</script>', TeamRole.MEMBER],
      ]),
    );
    expect(mine).toHaveLength(2);
    const own = await teams.createTeam({ name: 'Side project' });

    // Someone else in a group mapped to the same team joins the same team.
    const dora = await signIn({ sub: 'dora-sub', email: 'dora@example.com', groups: ['eng-all'] });
    const [engineering] = (await teamClient(server.baseUrl, dora).listMyTeams({})).teams;
    expect(engineering).toMatchObject({ name: 'Engineering', role: TeamRole.MEMBER, memberCount: 2 });

    // Only eng-all now: the lower role. Then no group: out of both mapped teams, the hand-made one kept.
    await signIn({ sub: 'carl-sub', email: 'carl@example.com', groups: ['eng-all'] });
    expect((await teams.listMyTeams({})).teams.map((team) => [team.name, team.role])).toEqual([
      ['Engineering', TeamRole.MEMBER],
      ['Side project', TeamRole.OWNER],
    ]);
    await signIn({ sub: 'carl-sub', email: 'carl@example.com', groups: [] });
    expect((await teams.listMyTeams({})).teams.map((team) => team.id)).toEqual([own.id]);
  });

  it('never takes over a hand-made team of the same name, nor removes a team’s last owner', async () => {
    const eve = await signIn({ sub: 'eve-sub', email: 'eve@example.com', groups: [] });
    const handMade = await teamClient(server.baseUrl, eve).createTeam({ name: 'Leads' });
    const lee = await signIn({ sub: 'lee-sub', email: 'lee@example.com', groups: ['leads'] });
    const [leads] = (await teamClient(server.baseUrl, lee).listMyTeams({})).teams;
    expect(leads).toMatchObject({ name: 'Leads', role: TeamRole.OWNER, memberCount: 1 });
    expect(leads!.id).not.toBe(handMade.id);

    // Lee is its only owner: leaving the group keeps them its owner rather than leave it ownerless.
    await signIn({ sub: 'lee-sub', email: 'lee@example.com', groups: [] });
    expect((await teamClient(server.baseUrl, lee).listMyTeams({})).teams).toMatchObject([
      { id: leads!.id, role: TeamRole.OWNER },
    ]);
    const rows = await server.database.db
      .selectFrom('team_members')
      .select('uid')
      .where('team_id', '=', handMade.id)
      .execute();
    expect(rows).toEqual([{ uid: await uidOf('eve-sub') }]);
  });
});

describe('the quota claim', () => {
  it('sets the storage quota, shown to the person and in the admin’s people; bad values leave it as it was', async () => {
    const admin = await signIn({ sub: 'root-sub', email: 'root@example.com', groups: ['stream-admins'] });
    const fay = await signIn({ sub: 'fay-sub', email: 'fay@example.com', stream_quota: '5000000' });
    expect((await adminClient(server.baseUrl, fay).getMyStorage({})).quotaBytes).toBe(5_000_000n);
    const quotaInList = async () =>
      (await adminClient(server.baseUrl, admin).listPeople({})).people.find((p) => p.email === 'fay@example.com')!
        .quotaBytes;
    expect(await quotaInList()).toBe(5_000_000n);

    await signIn({ sub: 'fay-sub', email: 'fay@example.com', stream_quota: 7_000_000 });
    expect(await quotaInList()).toBe(7_000_000n);
    for (const bad of [-1, 'lots', 1e300, 2.5, '12abc', [5], true]) {
      const token = await signIn({ sub: 'fay-sub', email: 'fay@example.com', stream_quota: bad });
      expect((await adminClient(server.baseUrl, token).getMyStorage({})).quotaBytes).toBe(7_000_000n);
    }
    expect(await quotaInList()).toBe(7_000_000n);
  });
});
