// The SCIM token rotated from /admin (AdminService.RotateScimToken): a fresh token, shown once and
// kept only as a hash, is from then on the only one /scim/v2 accepts (SCIM_TOKEN stops working;
// with no SCIM_TOKEN, rotating turns SCIM on). Only an instance admin signed in for real rotates
// it: another person and an API key (even the admin's) are refused, and nothing changes.
// /admin's people list says where each person came from.
import { Code, ConnectError } from '@connectrpc/connect';
import { PersonSource } from '@stream/proto';
import type { TestUser } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, apiKeyClient } from '../support/admin-clients';
import { videoClient } from '../support/clients';
import { newTestUser } from '../support/test-tokens';
import { startTestServer, type TestServer } from '../support/test-server';

const SCIM_TOKEN = 'scim-rotation-env-token-0123456789abcdef01';
let server: TestServer;
let admin: TestUser;
let person: TestUser;

const codeOf = (call: Promise<unknown>) =>
  call.then(
    () => 'answered',
    (error: unknown) => (error instanceof ConnectError ? error.code : error),
  );
const signIn = (user: TestUser, on = server) =>
  videoClient(on.baseUrl, { token: user.idToken }).listVideos({ pageSize: 1 });

/** The status of GET /scim/v2/Users with `token`. */
const scimStatus = async (token: string, on = server) =>
  (await fetch(`${on.baseUrl}/scim/v2/Users?count=1`, { headers: { authorization: `Bearer ${token}` } })).status;

beforeAll(async () => {
  server = await startTestServer({ database: 'pglite', env: { SCIM_TOKEN } });
  admin = await newTestUser(undefined, { emailVerified: true });
  await signIn(admin); // the first account: the admin
  person = await newTestUser(undefined, { emailVerified: true });
  await signIn(person);
}, 120_000);
afterAll(() => server?.close());

describe('rotating the SCIM token', () => {
  it('refuses another person and any API key, keeping SCIM_TOKEN working', async () => {
    const other = adminClient(server.baseUrl, person.idToken);
    expect(await codeOf(other.rotateScimToken({}))).toBe(Code.PermissionDenied);
    expect(await codeOf(other.getScimSettings({}))).toBe(Code.PermissionDenied);
    const { secret } = await apiKeyClient(server.baseUrl, admin.idToken).createApiKey({ name: 'ci' });
    expect(await codeOf(adminClient(server.baseUrl, secret).rotateScimToken({}))).toBe(Code.PermissionDenied);
    expect(await scimStatus(SCIM_TOKEN)).toBe(200);
    expect(await server.database.db.selectFrom('scim_tokens').selectAll().execute()).toEqual([]);
  });

  it('gives the admin a fresh token, once; SCIM_TOKEN and every earlier token stop working', async () => {
    const admins = adminClient(server.baseUrl, admin.idToken);
    expect(await admins.getScimSettings({})).toMatchObject({ enabled: true, baseUrl: '' });
    expect((await admins.getScimSettings({})).rotatedAt).toBeUndefined();

    const first = await admins.rotateScimToken({});
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.settings?.enabled).toBe(true);
    expect(first.settings?.rotatedAt).toBeDefined();
    expect(await scimStatus(SCIM_TOKEN)).toBe(401);
    expect(await scimStatus(first.token)).toBe(200);

    // Only its hash is kept.
    const rows = await server.database.db.selectFrom('scim_tokens').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.rotated_by).toBe(admin.uid);
    expect(JSON.stringify(rows)).not.toContain(first.token);

    const second = await admins.rotateScimToken({});
    expect(second.token).not.toBe(first.token);
    expect(await scimStatus(first.token)).toBe(401);
    expect(await scimStatus(SCIM_TOKEN)).toBe(401);
    expect(await scimStatus(second.token)).toBe(200);

    const audit = await admins.listAuditLog({ limit: 5 });
    expect(audit.entries.filter((entry) => entry.action === 'scim.token.rotate')).toHaveLength(2);
    expect(JSON.stringify(audit.entries.map((entry) => entry.detail))).not.toContain(second.token);
  });

  it('turns SCIM on where no SCIM_TOKEN is set, and says the base URL under PUBLIC_URL', async () => {
    const bare = await startTestServer({ database: 'pglite', env: { PUBLIC_URL: 'https://stream.example.com' } });
    try {
      const owner = await newTestUser(undefined, { emailVerified: true });
      await signIn(owner, bare);
      const admins = adminClient(bare.baseUrl, owner.idToken);
      expect(await admins.getScimSettings({})).toMatchObject({
        enabled: false,
        baseUrl: 'https://stream.example.com/scim/v2',
      });
      expect(await scimStatus('anything-at-all', bare)).toBe(404);
      const { token } = await admins.rotateScimToken({});
      expect((await admins.getScimSettings({})).enabled).toBe(true);
      expect(await scimStatus(token, bare)).toBe(200);
      expect(await scimStatus('anything-at-all', bare)).toBe(401);
    } finally {
      await bare.close();
    }
  });

  it('/admin lists where each person came from: Firebase, or the directory (SCIM)', async () => {
    const admins = adminClient(server.baseUrl, admin.idToken);
    const { token } = await admins.rotateScimToken({});
    const made = await fetch(`${server.baseUrl}/scim/v2/Users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
      body: JSON.stringify({ userName: 'from.directory@example.com', displayName: 'Dee Rectory' }),
    });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: string };
    const people = (await admins.listPeople({})).people;
    const sourceOf = (uid: string) => people.find((one) => one.uid === uid)?.source;
    expect(sourceOf(id)).toBe(PersonSource.SCIM);
    expect(sourceOf(admin.uid)).toBe(PersonSource.FIREBASE);
    expect(sourceOf(person.uid)).toBe(PersonSource.FIREBASE);
  });
});
