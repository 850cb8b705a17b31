// API-key scopes through the real server on PGlite. A key of any scope is refused the account
// itself (delete, export, profile, defaults, invites, webhooks) and nothing changes; a READ key is
// refused every write RPC, listed from the rules and the contract's descriptors rather than by
// hand, and every write route; it still reads. A READ_WRITE key and a key made without a scope
// (as every key before scopes) write.
import type { DescFile, DescMethod, DescService } from '@bufbuild/protobuf';
import { Code, ConnectError, createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-web';
import * as proto from '@stream/proto';
import { ApiKeyScope, TeamRole, Visibility, WebhookEvent } from '@stream/proto';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_REFUSAL, HTTP_KEY_ACCESS, READ_ONLY_REFUSAL, RPC_KEY_ACCESS } from '../../src/access/api-key-scope';
import { accountClient } from '../support/account-client';
import { apiKeyClient } from '../support/admin-clients';
import { startEmulatorWithWebm } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { videoClient } from '../support/clients';
import { libraryClient } from '../support/library-client';
import { teamClient } from '../support/team-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { tusClient } from '../support/tus';
import { uploadVideo } from '../support/upload';
import { webhookClient } from '../support/webhook-client';

let emulator: AuthEmulator;
let webm: Buffer;
let server: TestServer;
let owner: TestUser;
let videoId: string;
let teamId: string;
/** The owner's keys, by the scope they were made with ('none': no scope named). */
const keys: Record<'read' | 'readWrite' | 'none', string> = { read: '', readWrite: '', none: '' };

const refusalOf = (call: Promise<unknown>) =>
  call.then(
    () => 'answered',
    (error: unknown) => (error instanceof ConnectError ? { code: error.code, message: error.rawMessage } : error),
  );

const services = Object.values(proto)
  .filter(
    (value): value is DescFile =>
      typeof value === 'object' && value !== null && 'kind' in value && value.kind === 'file',
  )
  .flatMap((file) => file.services);

/** Every method the rules give `access`, from the descriptors (a method without a rule fails api-key-scope.test.ts). */
const methodsWith = (access: string) =>
  services.flatMap((service) =>
    service.methods
      .filter((method) => RPC_KEY_ACCESS[service.typeName]?.[method.name] === access)
      .map((method) => ({ service, method })),
  );

/** Calls `method` with an empty request, as the holder of `token` (Connect protocol). */
async function callEmpty(service: DescService, method: DescMethod, token: string): Promise<void> {
  const transport = createConnectTransport({
    baseUrl: server.baseUrl,
    interceptors: [
      (next) => (request) => {
        request.header.set('authorization', `Bearer ${token}`);
        return next(request);
      },
    ],
  });
  const client = createClient(service, transport) as unknown as Record<string, (request: object) => unknown>;
  const answer = client[method.localName]!({});
  if (method.methodKind === 'server_streaming') {
    for await (const _message of answer as AsyncIterable<unknown>) break;
  } else await answer;
}

const httpWith = (token: string, path: string, init: RequestInit = {}) =>
  fetch(`${server.baseUrl}${path}`, { ...init, headers: { ...init.headers, authorization: `Bearer ${token}` } });

const db = () => server.database.db;
const titleOf = async (id: string) =>
  (await db().selectFrom('videos').select('title').where('id', '=', id).executeTakeFirstOrThrow()).title;

beforeAll(async () => {
  ({ emulator, webm } = await startEmulatorWithWebm(1));
  server = await startTestServer({ database: 'pglite', emulatorHost: emulator.host });
  owner = await newTestUser(emulator.host);
  const uploaded = await uploadVideo(server.baseUrl, webm, { token: owner.idToken });
  videoId = uploaded.json.video!.id;
  teamId = (await teamClient(server.baseUrl, owner.idToken).createTeam({ name: 'Crew' })).id;
  const manage = apiKeyClient(server.baseUrl, owner.idToken);
  keys.read = (await manage.createApiKey({ name: 'reader', scope: ApiKeyScope.READ })).secret;
  keys.readWrite = (await manage.createApiKey({ name: 'writer', scope: ApiKeyScope.READ_WRITE })).secret;
  keys.none = (await manage.createApiKey({ name: 'as before' })).secret;
}, 120_000);
afterAll(async () => {
  await server?.close();
  await emulator?.stop();
});

describe('an API key scope', () => {
  it('is kept as made; a key made without one reads and writes', async () => {
    const listed = await apiKeyClient(server.baseUrl, owner.idToken).listApiKeys({});
    expect(Object.fromEntries(listed.keys.map((key) => [key.name, key.scope]))).toEqual({
      reader: ApiKeyScope.READ,
      writer: ApiKeyScope.READ_WRITE,
      'as before': ApiKeyScope.READ_WRITE,
    });
    const rows = await db().selectFrom('api_keys').select(['name', 'scope']).orderBy('name').execute();
    expect(rows).toEqual([
      { name: 'as before', scope: 'read_write' },
      { name: 'reader', scope: 'read' },
      { name: 'writer', scope: 'read_write' },
    ]);
    // A scope the contract does not have is refused, and makes no key.
    expect(
      await refusalOf(
        apiKeyClient(server.baseUrl, owner.idToken).createApiKey({ name: 'odd', scope: 7 as ApiKeyScope }),
      ),
    ).toMatchObject({ code: Code.InvalidArgument });
    expect(await db().selectFrom('api_keys').select('id').execute()).toHaveLength(3);
  });

  it('never reaches the account itself: delete, export, defaults, an admin invite, a webhook all refused, nothing changed', async () => {
    const before = {
      user: await db().selectFrom('users').selectAll().where('uid', '=', owner.uid).executeTakeFirstOrThrow(),
      videos: await db().selectFrom('videos').select('id').execute(),
    };
    const refused = { code: Code.PermissionDenied, message: ACCOUNT_REFUSAL };
    for (const key of [keys.readWrite, keys.none, keys.read]) {
      const account = accountClient(server.baseUrl, key);
      expect(await refusalOf(account.deleteAccount({ confirmEmail: owner.email }))).toEqual(refused);
      expect(await refusalOf(account.getExportLink({}))).toEqual(refused);
      expect(await refusalOf(account.setDefaults({ defaultVisibility: Visibility.PUBLIC }))).toEqual(refused);
      expect(await refusalOf(account.updateProfile({ displayName: 'Taken over' }))).toEqual(refused);
      expect(
        await refusalOf(teamClient(server.baseUrl, key).createInvite({ teamId, role: TeamRole.ADMIN, maxUses: 5 })),
      ).toEqual(refused);
      expect(
        await refusalOf(
          webhookClient(server.baseUrl, key).createWebhook({
            url: 'http://127.0.0.1:9/hook',
            events: [WebhookEvent.COMMENT_CREATED],
          }),
        ),
      ).toEqual(refused);
      // The export download and the profile photo, over HTTP.
      const exported = await httpWith(key, '/api/account/export');
      expect([exported.status, ((await exported.json()) as { message: string }).message]).toEqual([
        403,
        ACCOUNT_REFUSAL,
      ]);
      const photo = await httpWith(key, '/api/account/photo', { method: 'PUT', body: Buffer.from('not read') });
      expect(photo.status).toBe(403);
    }
    // Every other account-level method too, from the rules.
    for (const { service, method } of methodsWith('account')) {
      expect(await refusalOf(callEmpty(service, method, keys.readWrite)), `${service.name}/${method.name}`).toEqual(
        refused,
      );
    }
    expect(await db().selectFrom('users').selectAll().where('uid', '=', owner.uid).executeTakeFirst()).toEqual(
      before.user,
    );
    expect(await db().selectFrom('videos').select('id').execute()).toEqual(before.videos);
    expect(await db().selectFrom('team_invites').select('team_id').execute()).toEqual([]);
    expect(await db().selectFrom('webhooks').select('id').execute()).toEqual([]);
    // The owner signed in still can.
    const signedIn = accountClient(server.baseUrl, owner.idToken);
    expect((await signedIn.getExportLink({})).url).toContain('/api/account/export');
  });

  it('READ is refused every write RPC and route, and nothing changes', async () => {
    const writes = methodsWith('write');
    expect(writes.length).toBeGreaterThan(30);
    for (const { service, method } of writes) {
      expect(await refusalOf(callEmpty(service, method, keys.read)), `${service.name}/${method.name}`).toEqual({
        code: Code.PermissionDenied,
        message: READ_ONLY_REFUSAL,
      });
    }
    // With real requests, that would succeed with a write key.
    expect(
      await refusalOf(
        videoClient(server.baseUrl, { token: keys.read }).updateVideo({
          videoId,
          title: 'Changed by a reader',
          updateMask: { paths: ['title'] },
        }),
      ),
    ).toMatchObject({ code: Code.PermissionDenied });
    expect(await refusalOf(libraryClient(server.baseUrl, keys.read).createFolder({ name: 'Not made' }))).toMatchObject({
      code: Code.PermissionDenied,
    });
    const videoRows = await db().selectFrom('videos').select('id').execute();
    expect((await uploadVideo(server.baseUrl, webm, { token: keys.read })).status).toBe(403);
    const tus = await tusClient(server.baseUrl, keys.read).create({ title: 'Not made', length: webm.length });
    expect([tus.status, JSON.parse(tus.body)]).toEqual([403, { message: READ_ONLY_REFUSAL }]);
    expect(await db().selectFrom('videos').select('id').execute()).toEqual(videoRows);
    expect(await db().selectFrom('folders').select('id').execute()).toEqual([]);
    expect(await titleOf(videoId)).not.toBe('Changed by a reader');
  });

  it('READ still reads: the list, a video, its bytes', async () => {
    const videos = videoClient(server.baseUrl, { token: keys.read });
    expect((await videos.listVideos({ pageSize: 10 })).videos.map((video) => video.id)).toEqual([videoId]);
    expect((await videos.getVideo({ videoId })).id).toBe(videoId);
    expect((await libraryClient(server.baseUrl, keys.read).listFolders({})).folders).toEqual([]);
    const bytes = await httpWith(keys.read, `/api/videoservice/video/${videoId}`);
    expect(bytes.status).toBe(200);
    expect(Buffer.from(await bytes.arrayBuffer()).equals(webm)).toBe(true);
    const unread = await httpWith(keys.read, '/api/notifications/unread');
    expect(await unread.json()).toEqual({ unread: 0 });
  });

  it('READ_WRITE, and a key made without a scope, write', async () => {
    for (const [key, title] of [
      [keys.readWrite, 'Renamed by READ_WRITE'],
      [keys.none, 'Renamed by a key without a scope'],
    ] as const) {
      const video = await videoClient(server.baseUrl, { token: key }).updateVideo({
        videoId,
        title,
        updateMask: { paths: ['title'] },
      });
      expect(video.title).toBe(title);
      expect(await titleOf(videoId)).toBe(title);
      expect((await tusClient(server.baseUrl, key).create({ title, length: webm.length })).status).toBe(201);
    }
    expect((await libraryClient(server.baseUrl, keys.none).createFolder({ name: 'Made' })).name).toBe('Made');
  });

  it('rules name routes the server has (a route missing from them is refused to every key)', () => {
    for (const url of Object.keys(HTTP_KEY_ACCESS))
      expect(
        (['GET', 'POST', 'PUT'] as const).some((method) => server.app.hasRoute({ method, url })),
        url,
      ).toBe(true);
  });
});
