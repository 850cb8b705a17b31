// Personal API keys over real HTTP on PGlite: a key is shown once and stored hashed,
// works as `Authorization: Bearer <key>` on the Connect API and the upload routes as its owner
// (a tus upload, then ListVideos), cannot manage keys or call the admin's methods, is rate
// limited, and is refused once revoked.
import { createHash } from 'node:crypto';
import { Code, ConnectError } from '@connectrpc/connect';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulatorWithWebm } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { adminClient, apiKeyClient } from '../support/admin-clients';
import { videoClient } from '../support/clients';
import { startTestServer, type TestServer } from '../support/test-server';
import { tusClient } from '../support/tus';

const CALLS_PER_MINUTE = 15;

let emulator: AuthEmulator;
let webm: Buffer;
let server: TestServer;
let owner: TestUser;
let other: TestUser;

const codeOf = (call: Promise<unknown>) =>
  call.then(
    () => 'answered',
    (error: unknown) => (error instanceof ConnectError ? error.code : error),
  );

beforeAll(async () => {
  ({ emulator, webm } = await startEmulatorWithWebm(2));
  server = await startTestServer({
    database: 'pglite',
    emulatorHost: emulator.host,
    env: { API_KEY_CALLS_PER_MINUTE: String(CALLS_PER_MINUTE) },
  });
  [owner, other] = await Promise.all([newTestUser(emulator.host), newTestUser(emulator.host)]);
  await videoClient(server.baseUrl, { token: other.idToken }).listVideos({ pageSize: 1 });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await emulator?.stop();
});

describe('a personal API key', () => {
  let secret: string;
  let keyId: string;

  it('is created with a name, shown once, and stored only as its SHA-256', async () => {
    const keys = apiKeyClient(server.baseUrl, owner.idToken);
    expect(await codeOf(keys.createApiKey({ name: '   ' }))).toBe(Code.InvalidArgument);
    expect(await codeOf(keys.createApiKey({ name: 'x'.repeat(101) }))).toBe(Code.InvalidArgument);
    const created = await keys.createApiKey({ name: 'CI upload' });
    secret = created.secret;
    keyId = created.key!.id;
    expect(secret).toMatch(/^stk_[A-Za-z0-9_-]{32}$/);
    expect(created.key).toMatchObject({ name: 'CI upload', prefix: secret.slice(0, 10) });
    const listed = await keys.listApiKeys({});
    expect(listed.keys.map((key) => [key.id, key.name])).toEqual([[keyId, 'CI upload']]);
    expect(
      JSON.stringify(listed, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value)),
    ).not.toContain(secret);
    const rows = await server.database.db.selectFrom('api_keys').selectAll().execute();
    expect(rows.map((row) => row.secret_hash)).toEqual([createHash('sha256').update(secret).digest('hex')]);
    expect(JSON.stringify(rows)).not.toContain(secret);
    // Someone else's list does not show it.
    expect((await apiKeyClient(server.baseUrl, other.idToken).listApiKeys({})).keys).toEqual([]);
  });

  it("uploads through tus and lists its owner's videos, as its owner", async () => {
    const tus = tusClient(server.baseUrl, secret);
    const created = await tus.create({ title: 'From CI', length: webm.length });
    expect(created.status).toBe(201);
    const id = created.headers.get('stream-video-id')!;
    expect((await tus.patch(created.headers.get('location')!, 0, webm)).status).toBe(204);
    const { videos } = await videoClient(server.baseUrl, { token: secret, protocol: 'connect' }).listVideos({
      pageSize: 10,
    });
    expect(videos.map((video) => [video.id, video.title, video.userId])).toEqual([[id, 'From CI', owner.uid]]);
    const stream = await fetch(`${server.baseUrl}/api/videoservice/video/${id}`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(Buffer.from(await stream.arrayBuffer()).equals(webm)).toBe(true);
    // Scoped to its owner: another person's ID token sees none of it.
    expect(await codeOf(videoClient(server.baseUrl, { token: other.idToken }).getVideo({ videoId: id }))).toBe(
      Code.NotFound,
    );
    const listed = await apiKeyClient(server.baseUrl, owner.idToken).listApiKeys({});
    expect(listed.keys[0]!.lastUsedAt).toBeDefined();
  });

  it('cannot make or list keys, nor call the admin', async () => {
    const keys = apiKeyClient(server.baseUrl, secret);
    expect(await codeOf(keys.createApiKey({ name: 'another' }))).toBe(Code.PermissionDenied);
    expect(await codeOf(keys.listApiKeys({}))).toBe(Code.PermissionDenied);
    expect(await codeOf(adminClient(server.baseUrl, secret).listPeople({}))).toBe(Code.PermissionDenied);
  });

  it('an unknown key is unauthenticated', async () => {
    const forged = `stk_${'A'.repeat(32)}`;
    expect(await codeOf(videoClient(server.baseUrl, { token: forged }).listVideos({ pageSize: 1 }))).toBe(
      Code.Unauthenticated,
    );
    expect((await tusClient(server.baseUrl, forged).create({})).status).toBe(401);
  });

  it(`is rate limited to ${CALLS_PER_MINUTE} calls a minute`, async () => {
    const client = videoClient(server.baseUrl, { token: secret, protocol: 'connect' });
    const codes: unknown[] = [];
    for (let call = 0; call < CALLS_PER_MINUTE + 1; call++)
      codes.push(await codeOf(client.listVideos({ pageSize: 1 })));
    expect(codes.at(-1)).toBe(Code.ResourceExhausted);
    // The owner signed in is not held back by their key's limit.
    expect(
      (await videoClient(server.baseUrl, { token: owner.idToken }).listVideos({ pageSize: 1 })).videos,
    ).toHaveLength(1);
  });

  it('is refused once revoked; revoking again is fine, and nobody else can revoke it', async () => {
    expect(await codeOf(apiKeyClient(server.baseUrl, other.idToken).revokeApiKey({ id: keyId }))).toBe(Code.NotFound);
    const revoked = await apiKeyClient(server.baseUrl, owner.idToken).revokeApiKey({ id: keyId });
    expect(revoked.revokedAt).toBeDefined();
    expect((await apiKeyClient(server.baseUrl, owner.idToken).revokeApiKey({ id: keyId })).revokedAt).toEqual(
      revoked.revokedAt,
    );
    expect(await codeOf(videoClient(server.baseUrl, { token: secret }).listVideos({ pageSize: 1 }))).toBe(
      Code.Unauthenticated,
    );
    expect((await tusClient(server.baseUrl, secret).create({})).status).toBe(401);
  });
});
