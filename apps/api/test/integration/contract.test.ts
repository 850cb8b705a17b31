// The contract suites of @stream/video-api/testing against the real server (PGlite, local disk,
// tokens from the Auth emulator): the same cases libs/video-api runs against its fakes, so a fake
// that drifts from the service fails one of the two.
import type { AuthEmulator } from '@stream/auth/testing';
import {
  libraryContract,
  resumableUploadContract,
  teamServiceContract,
  videoServiceContract,
  webhookServiceContract,
  withHeaders,
  type RpcContractSubject,
} from '@stream/video-api/testing';
import { createGrpcWebTransport } from '@connectrpc/connect-web';
import { afterAll, beforeAll, describe } from 'vitest';
import { startAuthEmulator } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { startTestServer, type TestServer } from '../support/test-server';

let emulator: AuthEmulator;
let server: TestServer;
beforeAll(async () => {
  emulator = await startAuthEmulator();
  server = await startTestServer({ database: 'pglite', emulatorHost: emulator.host });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await emulator?.stop();
});

/** gRPC-web, as the browser speaks it. */
const transport = () => createGrpcWebTransport({ baseUrl: server.baseUrl });
const signIn = async () => (await newTestUser(emulator.host)).idToken;

const subject: RpcContractSubject = {
  signIn: async () => withHeaders(transport(), { authorization: `Bearer ${await signIn()}` }),
  signedOut: transport,
};

describe('the real video service', () => videoServiceContract(subject));
describe('the real library', () => libraryContract(subject));
describe('the real team service', () => teamServiceContract(subject));
describe('the real webhook service', () => webhookServiceContract(subject));
describe('the real resumable uploads', () => resumableUploadContract({ baseUrl: () => server.baseUrl, signIn }));
