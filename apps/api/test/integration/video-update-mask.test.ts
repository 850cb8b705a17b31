// UpdateVideo's update_mask: a client changes one field and the rest stay, while a
// request without a mask keeps the spec's full replacement. The contract suite the fake also
// passes (@stream/video-api/testing), through the real server with emulator tokens, over gRPC-web
// (binary) and Connect (JSON, where a FieldMask is a string of camelCase names).
import { Code, ConnectError } from '@connectrpc/connect';
import { Visibility } from '@stream/proto';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { updateVideoMaskContract } from '@stream/video-api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulator } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { videoClient } from '../support/clients';
import { startTestServer, type TestServer } from '../support/test-server';

let emulator: AuthEmulator;
let server: TestServer;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  emulator = await startAuthEmulator();
  server = await startTestServer({ database: 'pglite', emulatorHost: emulator.host });
  [owner, other] = await Promise.all([newTestUser(emulator.host), newTestUser(emulator.host)]);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await emulator?.stop();
});

describe.each(['grpc-web', 'connect'] as const)('UpdateVideo with update_mask over %s', (protocol) => {
  updateVideoMaskContract(() => videoClient(server.baseUrl, { token: owner.idToken, protocol }));

  it('another user’s video is not_found whatever the mask, and nothing changes', async () => {
    const client = videoClient(server.baseUrl, { token: owner.idToken, protocol });
    const video = await client.createVideo({ title: 'Mine', description: 'Kept', visibility: Visibility.PUBLIC });
    const stranger = videoClient(server.baseUrl, { token: other.idToken, protocol });
    const error = await stranger
      .updateVideo({ videoId: video.id, title: 'Taken', updateMask: { paths: ['title'] } })
      .catch((e: unknown) => e);
    expect(ConnectError.from(error).code).toBe(Code.NotFound);
    const signedOut = videoClient(server.baseUrl, { protocol });
    const anonymous = await signedOut
      .updateVideo({ videoId: video.id, title: 'Taken', updateMask: { paths: ['title'] } })
      .catch((e: unknown) => e);
    expect(ConnectError.from(anonymous).code).toBe(Code.Unauthenticated);
    expect(await client.getVideo({ videoId: video.id })).toMatchObject({ title: 'Mine', description: 'Kept' });
  });
});
