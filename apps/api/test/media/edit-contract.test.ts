// The edit contract suite of @stream/video-api/testing against the real server (PGlite, local
// disk, the worker in the API, tokens from the Auth emulator): the same annotation cases
// libs/video-api runs against its fake, so the fake cannot drift from the service.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type Transport } from '@connectrpc/connect';
import { createGrpcWebTransport } from '@connectrpc/connect-web';
import { Status, VideoService } from '@stream/proto';
import type { AuthEmulator } from '@stream/auth/testing';
import { editServiceContract, withHeaders, type EditContractSubject } from '@stream/video-api/testing';
import { afterAll, beforeAll, describe } from 'vitest';
import { makeEditableWebm } from '../support/edit-fixtures';
import { startAuthEmulator } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { startTestServer, type TestServer } from '../support/test-server';
import { uploadVideo } from '../support/upload';
import { untilProcessed } from '../support/until';

let emulator: AuthEmulator;
let server: TestServer;
let dir: string;
let webm: Buffer;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edit-contract-'));
  const [started] = await Promise.all([
    startAuthEmulator(),
    makeEditableWebm(join(dir, 'source.webm'), { seconds: 4 }),
  ]);
  emulator = started;
  webm = await readFile(join(dir, 'source.webm'));
  server = await startTestServer({ database: 'pglite', emulatorHost: emulator.host, env: { WORKER: 'true' } });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await emulator?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const tokens = new WeakMap<Transport, string>();

const subject: EditContractSubject = {
  async signIn() {
    const token = (await newTestUser(emulator.host)).idToken;
    const transport = withHeaders(createGrpcWebTransport({ baseUrl: server.baseUrl }), {
      authorization: `Bearer ${token}`,
    });
    tokens.set(transport, token);
    return transport;
  },
  signedOut: () => createGrpcWebTransport({ baseUrl: server.baseUrl }),
  async readyVideo(transport) {
    const answer = await uploadVideo(server.baseUrl, webm, { token: tokens.get(transport) });
    const video = await untilProcessed(createClient(VideoService, transport), answer.json.video!.id, () => '');
    if (video.status !== Status.READY) throw new Error(`the upload did not process: ${video.failureReason}`);
    return video;
  },
};

describe('the real edit service', () => editServiceContract(subject));
