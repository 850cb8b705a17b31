// Property-based, as fuzz-rpc.test.ts for VideoService: generated bodies (random bytes as
// protobuf over Connect and gRPC-web, arbitrary JSON documents) for every method of LibraryService
// and EditService, against the real server. Each answer is a client error (never a
// 5xx nor `internal`), the server keeps answering, and the owner's library is as it was.
import type { DescMethod } from '@bufbuild/protobuf';
import { Code } from '@connectrpc/connect';
import { EditService, LibraryService, Visibility } from '@stream/proto';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulator } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { videoClient } from '../support/clients';
import { libraryClient } from '../support/library-client';
import { arbitraryJsonBodies, randomProtobufBodies } from '../support/rpc-fuzz';
import type { RawAnswer } from '../support/rpc-wire';
import { startTestServer, type TestServer } from '../support/test-server';

let emulator: AuthEmulator;
let server: TestServer;
let owner: TestUser;
/** The owner's library before any generated request: what every property checks again after. */
let before: unknown;

async function libraryOf(user: TestUser) {
  const library = libraryClient(server.baseUrl, user.idToken);
  const [{ folders }, { tags }, { videos }] = await Promise.all([
    library.listFolders({}),
    library.listTags({}),
    videoClient(server.baseUrl, { token: user.idToken }).listVideos({ pageSize: 100 }),
  ]);
  return {
    folders: folders.map(({ id, name, parentId }) => ({ id, name, parentId })),
    tags: tags.map(({ name }) => name),
    videos: videos.map((video) => ({
      id: video.id,
      title: video.title,
      folderId: video.folderId,
      tags: video.tags,
      editState: video.editState,
      captions: video.captionsUrl !== '',
    })),
  };
}

beforeAll(async () => {
  emulator = await startAuthEmulator();
  server = await startTestServer({ database: 'pglite', emulatorHost: emulator.host });
  owner = await newTestUser(emulator.host);
  const library = libraryClient(server.baseUrl, owner.idToken);
  const folder = await library.createFolder({ name: 'victim folder' });
  const video = await videoClient(server.baseUrl, { token: owner.idToken }).createVideo({
    title: 'victim',
    description: 'unchanged',
    visibility: Visibility.PRIVATE,
  });
  await library.updateVideos({ videoIds: [video.id], folderId: folder.id, addTags: ['victim-tag'] });
  before = await libraryOf(owner);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await emulator?.stop();
});

const methods: DescMethod[] = [...LibraryService.methods, ...EditService.methods];
/** Every method that, given a valid request by chance, can only read or touch ids nobody guesses. */
const nonCreating = methods.filter((method) => method.name !== 'CreateFolder');
const signedIn = () => ({ authorization: `Bearer ${owner.idToken}` });

async function expectNothingChanged() {
  expect(await libraryOf(owner)).toEqual(before);
  expect(await server.listBlobs()).toEqual([]);
}

const refusedSignedOut = (answer: RawAnswer) =>
  expect([Code.Unauthenticated, 'unauthenticated', Code.InvalidArgument, 'invalid_argument']).toContain(answer.code);

describe('generated LibraryService and EditService bodies', () => {
  it('random bytes as protobuf, signed out, for every method: unauthenticated or invalid_argument', async () => {
    await randomProtobufBodies(server.baseUrl, methods, { numRuns: 300, check: refusedSignedOut });
    await expectNothingChanged();
  });

  it('random bytes as protobuf, signed in, for every method but CreateFolder: never a server error, nothing changed', async () => {
    await randomProtobufBodies(server.baseUrl, nonCreating, { numRuns: 300, headers: signedIn });
    await expectNothingChanged();
  });

  it('arbitrary JSON documents, signed in and out, for every method but CreateFolder: never a server error', async () => {
    await arbitraryJsonBodies(server.baseUrl, nonCreating, { numRuns: 300, headers: signedIn });
    await expectNothingChanged();
  });
});
