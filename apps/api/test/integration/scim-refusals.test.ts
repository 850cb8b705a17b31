// SCIM refusals (RFC 7644 §3.12): a wrong or missing token, filters that do not parse or ask for
// what Stream does not filter on, PATCH paths it does not keep, bodies too large, cut short or of
// the wrong types: each an RFC 7644 error body with its status and scimType, and nothing changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { startTestServer, type TestServer } from '../support/test-server';

const SCIM_TOKEN = 'scim-refusals-token-0123456789abcdef01234567';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ database: 'pglite', env: { SCIM_TOKEN } });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function send(
  method: string,
  path: string,
  options: { body?: string; token?: string | null; type?: string; baseUrl?: string } = {},
): Promise<{ status: number; type: string; body: Json }> {
  const token = options.token === undefined ? SCIM_TOKEN : options.token;
  const response = await fetch(`${options.baseUrl ?? server.baseUrl}/scim/v2${path}`, {
    method,
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...(options.body === undefined ? {} : { 'content-type': options.type ?? 'application/scim+json' }),
    },
    ...(options.body === undefined ? {} : { body: options.body }),
  });
  const text = await response.text();
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    body: text ? JSON.parse(text) : {},
  };
}
const json = (value: unknown) => ({ body: JSON.stringify(value) });

/** A SCIM error body with `status` (and `scimType` when given). */
function expectError(answer: { status: number; type: string; body: Json }, status: number, scimType?: string) {
  expect(answer.status).toBe(status);
  expect(answer.type).toContain('application/scim+json');
  expect(answer.body.schemas).toEqual([ERROR]);
  expect(answer.body.status).toBe(String(status));
  if (scimType) expect(answer.body.scimType).toBe(scimType);
  expect(answer.body.detail).toEqual(expect.any(String));
}

async function people() {
  return server.database.db
    .selectFrom('users')
    .select(['uid', 'email', 'display_name', 'disabled'])
    .orderBy('uid')
    .execute();
}

async function made(userName: string) {
  const answer = await send('POST', '/Users', json({ schemas: [USER], userName, displayName: 'Kept' }));
  expect(answer.status).toBe(201);
  return answer.body.id as string;
}

describe('SCIM refusals', () => {
  it('refuses a missing or wrong token (401) before reading the body, and changes nothing', async () => {
    const uid = await made('token@example.com');
    const before = await people();
    const create = json({ schemas: [USER], userName: 'intruder@example.com' });
    const deactivate = json({ schemas: [PATCH], Operations: [{ op: 'replace', path: 'active', value: false }] });
    for (const token of [null, '', 'wrong', SCIM_TOKEN.slice(0, -1), `${SCIM_TOKEN}x`, SCIM_TOKEN.toUpperCase()]) {
      expectError(await send('GET', '/Users', { token }), 401);
      expectError(await send('POST', '/Users', { ...create, token }), 401);
      expectError(await send('PATCH', `/Users/${uid}`, { ...deactivate, token }), 401);
      expectError(await send('DELETE', `/Users/${uid}`, { token }), 401);
      expectError(await send('POST', '/Users', { body: 'x'.repeat(200_000), token }), 401);
    }
    const basic = await fetch(`${server.baseUrl}/scim/v2/Users`, {
      headers: { authorization: `Basic ${Buffer.from(`x:${SCIM_TOKEN}`).toString('base64')}` },
    });
    expect(basic.status).toBe(401);
    expect(await people()).toEqual(before);
  });

  it('answers 400 invalidFilter for a filter that does not parse or asks for what Users are not found by', async () => {
    for (const filter of [
      'userName eq',
      'userName eq "unclosed',
      '(userName eq "a@example.com"',
      'userName co "a"',
      'userName sw "a"',
      'userName pr',
      'not (userName eq "a@example.com")',
      'title eq "boss"',
      'password eq "x"',
      'userName eq 1',
      'userName eq true',
      'emails[type eq "work"]',
      'x'.repeat(2000),
      '<script>alert(1)</script>',
    ]) {
      const answer = await send('GET', `/Users?filter=${encodeURIComponent(filter)}`);
      expectError(answer, 400, 'invalidFilter');
    }
    expectError(await send('GET', '/Users?startIndex=abc'), 400, 'invalidValue');
    expectError(await send('GET', '/Users?count=1e9'), 400, 'invalidValue');
  });

  it('answers 400 invalidPath for a PATCH path Stream does not keep, applying none of its operations', async () => {
    const uid = await made('paths@example.com');
    const before = await people();
    for (const operations of [
      [{ op: 'replace', path: 'roles', value: 'admin' }],
      [{ op: 'replace', path: 'password', value: 'x' }],
      [{ op: 'replace', path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:manager', value: 'x' }],
      [
        { op: 'replace', path: 'displayName', value: 'Changed' },
        { op: 'replace', path: 'title', value: 'Boss' },
      ],
      [{ op: 'replace', value: { displayName: 'Changed', nickName: 'x' } }],
      [
        { op: 'replace', path: 'active', value: false },
        { op: 'add', path: 'groups', value: [{ value: 'admins' }] },
      ],
    ]) {
      const answer = await send('PATCH', `/Users/${uid}`, json({ schemas: [PATCH], Operations: operations }));
      expectError(answer, 400, 'invalidPath');
    }
    expect(await people()).toEqual(before);
  });

  it('refuses bodies too large (413), cut short or not JSON (400 invalidSyntax), of the wrong media type (415), and the wrong types (400 invalidValue)', async () => {
    const uid = await made('bodies@example.com');
    const before = await people();
    const huge = JSON.stringify({ schemas: [USER], userName: 'huge@example.com', displayName: 'x'.repeat(70_000) });
    expectError(await send('POST', '/Users', { body: huge }), 413);
    expectError(await send('PUT', `/Users/${uid}`, { body: huge }), 413);
    expectError(
      await send('POST', '/Users', { body: '{"schemas":["' + USER + '"],"userName":"cut@exa' }),
      400,
      'invalidSyntax',
    );
    expectError(await send('POST', '/Users', { body: 'userName=x', type: 'text/plain' }), 415);
    for (const body of [
      { schemas: [USER], userName: 5 },
      { schemas: [USER], userName: 'not an email' },
      { schemas: [USER] },
      { schemas: [USER], userName: 'types@example.com', active: 'maybe' },
      { schemas: [USER], userName: 'types@example.com', emails: 'types@example.com' },
      { schemas: [USER], userName: 'types@example.com', name: 'Just a string' },
      { schemas: [USER], userName: 'types@example.com', externalId: 42 },
      [],
      null,
    ]) {
      expectError(await send('POST', '/Users', json(body)), 400, 'invalidValue');
      expectError(await send('PUT', `/Users/${uid}`, json(body)), 400, 'invalidValue');
    }
    for (const patch of [
      { schemas: [USER], Operations: [{ op: 'replace', path: 'active', value: false }] },
      { schemas: [PATCH], Operations: [] },
      { schemas: [PATCH], Operations: [{ op: 'move', path: 'active', value: false }] },
      { schemas: [PATCH], Operations: 'replace' },
    ])
      expectError(await send('PATCH', `/Users/${uid}`, json(patch)), 400, 'invalidSyntax');
    expectError(
      await send(
        'PATCH',
        `/Users/${uid}`,
        json({ schemas: [PATCH], Operations: [{ op: 'replace', path: 'active', value: 'maybe' }] }),
      ),
      400,
      'invalidValue',
    );
    expectError(
      await send(
        'PATCH',
        `/Users/${uid}`,
        json({ schemas: [PATCH], Operations: [{ op: 'replace', path: 'userName', value: 'nope' }] }),
      ),
      400,
      'invalidValue',
    );
    expect(await people()).toEqual(before);
  });

  it('answers 404 for someone who is not here, and 409 uniqueness for a userName or externalId taken', async () => {
    expectError(await send('GET', '/Users/nobody'), 404);
    expectError(await send('DELETE', '/Users/nobody'), 404);
    expectError(await send('GET', '/Groupies'), 404);
    const uid = await made('taken@example.com');
    await send('POST', '/Users', json({ schemas: [USER], userName: 'other@example.com', externalId: 'dir-taken' }));
    const before = await people();
    expectError(
      await send('POST', '/Users', json({ schemas: [USER], userName: 'fresh@example.com', externalId: 'dir-taken' })),
      409,
      'uniqueness',
    );
    expectError(
      await send('PUT', `/Users/${uid}`, json({ schemas: [USER], userName: 'OTHER@example.com' })),
      409,
      'uniqueness',
    );
    expect(await people()).toEqual(before);
  });

  it('gives one externalId to one person when a directory sends the same create at once', async () => {
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        send('POST', '/Users', json({ schemas: [USER], userName: `race-${n}@example.com`, externalId: 'dir-race' })),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    for (const answer of answers.filter((one) => one.status !== 201)) expectError(answer, 409, 'uniqueness');
  });

  it('does not exist without SCIM_TOKEN, and a short SCIM_TOKEN stops the start', async () => {
    const bare = await startTestServer({ database: 'pglite' });
    try {
      expect((await send('GET', '/Users', { baseUrl: bare.baseUrl })).status).toBe(404);
      expect((await send('GET', '/ServiceProviderConfig', { baseUrl: bare.baseUrl })).status).toBe(404);
    } finally {
      await bare.close();
    }
    const short = 'too-short-a-token';
    expect(() => loadConfig({ SCIM_TOKEN: short })).toThrow(ConfigError);
    expect(() => loadConfig({ SCIM_TOKEN: short })).toThrow(/SCIM_TOKEN.*must be at least 32 characters/);
    let message = '';
    try {
      loadConfig({ SCIM_TOKEN: short });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).not.toContain(short);
  });
});
