// SCIM Group refusals (RFC 7644 §3.12): a wrong token, filters that do not parse or ask for what
// teams are not found by, PATCH paths Stream does not keep, members who are nobody here, names
// blank or too long, a taken name or externalId, bodies too large, and taking a team's last owner
// out: each an RFC 7644 error body, and nothing changed (a PATCH applies all of its operations or none).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamClient } from '../support/team-client';
import { newTestUser } from '../support/test-tokens';
import { startTestServer, type TestServer } from '../support/test-server';

const SCIM_TOKEN = 'scim-group-refusals-token-0123456789abcdef';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ database: 'pglite', env: { SCIM_TOKEN } });
}, 120_000);
afterAll(() => server?.close());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function send(
  method: string,
  path: string,
  options: { body?: unknown; raw?: string; token?: string | null } = {},
): Promise<{ status: number; type: string; body: Json }> {
  const token = options.token === undefined ? SCIM_TOKEN : options.token;
  const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const response = await fetch(`${server.baseUrl}/scim/v2${path}`, {
    method,
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
    },
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    body: text ? JSON.parse(text) : {},
  };
}

function expectError(answer: { status: number; type: string; body: Json }, status: number, scimType?: string) {
  expect(answer.status).toBe(status);
  expect(answer.type).toContain('application/scim+json');
  expect(answer.body.schemas).toEqual([ERROR]);
  expect(answer.body.status).toBe(String(status));
  if (scimType) expect(answer.body.scimType).toBe(scimType);
  expect(answer.body.detail).toEqual(expect.any(String));
}

/** Every team table, to show a refusal changed nothing. */
async function snapshot() {
  const db = server.database.db;
  const [teams, members, videos] = await Promise.all([
    db.selectFrom('teams').selectAll().orderBy('id').execute(),
    db.selectFrom('team_members').selectAll().orderBy('team_id').orderBy('uid').execute(),
    db.selectFrom('videos').select(['id', 'team_id', 'link_generation']).orderBy('id').execute(),
  ]);
  return { teams, members, videos };
}

async function person() {
  const user = await newTestUser(undefined, { emailVerified: true });
  await teamClient(server.baseUrl, user.idToken).listMyTeams({});
  return user;
}

async function group(displayName: string, members: string[] = [], externalId?: string) {
  const answer = await send('POST', '/Groups', {
    body: { schemas: [GROUP], displayName, members: members.map((value) => ({ value })), externalId },
  });
  expect(answer.status).toBe(201);
  return answer.body.id as string;
}

const patch = (...Operations: unknown[]) => ({ body: { schemas: [PATCH], Operations } });

describe('SCIM Group refusals', () => {
  it('refuses a missing or wrong token (401), and Groups do not exist without a token', async () => {
    const id = await group('Guarded');
    const before = await snapshot();
    for (const token of [null, 'wrong-token-0123456789abcdef0123456789'])
      for (const [method, path] of [
        ['GET', '/Groups'],
        ['POST', '/Groups'],
        ['PATCH', `/Groups/${id}`],
        ['DELETE', `/Groups/${id}`],
      ])
        expectError(
          await send(method!, path!, {
            token,
            ...(method === 'GET' ? {} : { body: { schemas: [GROUP], displayName: 'Taken over' } }),
          }),
          401,
        );
    expect(await snapshot()).toEqual(before);
    const bare = await startTestServer({ database: 'pglite' });
    try {
      expect((await fetch(`${bare.baseUrl}/scim/v2/Groups`)).status).toBe(404);
    } finally {
      await bare.close();
    }
  });

  it('answers 400 invalidFilter for a filter that does not parse or asks for what teams are not found by', async () => {
    for (const filter of [
      'displayName eq',
      'displayName eq "a" and (',
      'members eq "x"',
      'displayName co "Eng"',
      'displayName eq 5',
      'userName eq "ada@example.com"',
      `displayName eq "${'x'.repeat(1000)}"`,
    ])
      expectError(await send('GET', `/Groups?filter=${encodeURIComponent(filter)}`), 400, 'invalidFilter');
    expectError(await send('GET', '/Groups?count=many'), 400, 'invalidValue');
  });

  it('answers 400 invalidPath for a PATCH path Stream does not keep, applying none of the operations', async () => {
    const someone = await person();
    const id = await group('Paths', [someone.uid]);
    const before = await snapshot();
    for (const operations of [
      [
        { op: 'replace', path: 'displayName', value: 'Renamed' },
        { op: 'replace', path: 'owner', value: 'x' },
      ],
      [
        { op: 'add', path: 'members', value: [{ value: someone.uid }] },
        { op: 'add', path: 'meta.created', value: 'x' },
      ],
      [{ op: 'replace', value: { displayName: 'Renamed', roles: ['admin'] } }],
    ])
      expectError(await send('PATCH', `/Groups/${id}`, patch(...operations)), 400, 'invalidPath');
    expectError(await send('PATCH', `/Groups/${id}`, patch({ op: 'remove' })), 400, 'noTarget');
    for (const body of [
      { schemas: [GROUP], Operations: [] },
      { schemas: [PATCH], Operations: [{ op: 'move' }] },
    ])
      expectError(await send('PATCH', `/Groups/${id}`, { body }), 400, 'invalidSyntax');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a member who is nobody here (400 invalidValue), renaming nothing in the same PATCH', async () => {
    const someone = await person();
    const id = await group('Members', [someone.uid]);
    const before = await snapshot();
    expectError(
      await send(
        'PATCH',
        `/Groups/${id}`,
        patch(
          { op: 'replace', path: 'displayName', value: 'Renamed' },
          { op: 'add', path: 'members', value: [{ value: 'nobody-here' }] },
        ),
      ),
      400,
      'invalidValue',
    );
    expectError(
      await send('PATCH', `/Groups/${id}`, patch({ op: 'add', path: 'members', value: [{ v: 1 }] })),
      400,
      'invalidValue',
    );
    expectError(
      await send('POST', '/Groups', {
        body: { schemas: [GROUP], displayName: 'Ghosts', members: [{ value: 'nobody' }] },
      }),
      400,
      'invalidValue',
    );
    expectError(
      await send('PUT', `/Groups/${id}`, {
        body: { schemas: [GROUP], displayName: 'Members', members: [{ value: 'nobody' }] },
      }),
      400,
      'invalidValue',
    );
    expect(await snapshot()).toEqual(before);
  });

  it('refuses names blank or too long, wrong types, bodies too large or not JSON, and 409 for a name or externalId taken', async () => {
    const id = await group('Unique', [], 'dir-unique');
    const before = await snapshot();
    for (const body of [
      { schemas: [GROUP] },
      { schemas: [GROUP], displayName: '   ' },
      { schemas: [GROUP], displayName: '\u0000\u200b' },
      { schemas: [GROUP], displayName: 'x'.repeat(101) },
      { schemas: [GROUP], displayName: 5 },
      { schemas: [GROUP], displayName: 'Typed', members: 'everyone' },
      { schemas: [GROUP], displayName: 'Typed', externalId: 7 },
      null,
    ]) {
      expectError(await send('POST', '/Groups', { body }), 400, 'invalidValue');
      expectError(await send('PUT', `/Groups/${id}`, { body }), 400, 'invalidValue');
    }
    const huge = {
      schemas: [GROUP],
      displayName: 'Huge',
      members: Array.from({ length: 3000 }, (_, i) => ({ value: `u${i}-padding-padding` })),
    };
    expectError(await send('POST', '/Groups', { body: huge }), 413);
    expectError(await send('POST', '/Groups', { raw: '{"displayName":"cut' }), 400, 'invalidSyntax');
    expectError(
      await send('POST', '/Groups', { body: { schemas: [GROUP], displayName: 'Unique' } }),
      409,
      'uniqueness',
    );
    expectError(
      await send('POST', '/Groups', { body: { schemas: [GROUP], displayName: 'Other', externalId: 'dir-unique' } }),
      409,
      'uniqueness',
    );
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for a group that is not here, and keeps a hand-made team’s last owner (400 mutability)', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { schemas: [GROUP], displayName: 'X' }],
      ['PATCH', patch({ op: 'replace', path: 'displayName', value: 'X' }).body],
      ['DELETE', undefined],
    ] as const)
      expectError(await send(method, '/Groups/no-such-team', { body }), 404);

    const owner = await newTestUser(undefined, { emailVerified: true });
    const team = await teamClient(server.baseUrl, owner.idToken).createTeam({ name: 'Hand-made' });
    const before = await snapshot();
    expectError(
      await send('PATCH', `/Groups/${team.id}`, patch({ op: 'remove', path: `members[value eq "${owner.uid}"]` })),
      400,
      'mutability',
    );
    expectError(
      await send('PATCH', `/Groups/${team.id}`, patch({ op: 'replace', path: 'members', value: [] })),
      400,
      'mutability',
    );
    expect(await snapshot()).toEqual(before);
  });
});
