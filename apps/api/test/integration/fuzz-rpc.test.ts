// Property-based: generated RPC bodies (random bytes as protobuf, JSON with values of
// the wrong type or holding NUL, unknown enum names) for every method, over Connect and gRPC-web,
// against the real server. Each answer is a client error (never a 5xx nor `internal`), the server
// keeps answering, and nothing is stored or changed.
import type { DescField, DescMethod } from '@bufbuild/protobuf';
import { Code } from '@connectrpc/connect';
import { VideoService, Visibility } from '@stream/proto';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulator } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { videoClient } from '../support/clients';
import { arbitraryJsonBodies, randomProtobufBodies } from '../support/rpc-fuzz';
import { rawRpc } from '../support/rpc-wire';
import { startTestServer, type TestServer } from '../support/test-server';

let emulator: AuthEmulator;
let server: TestServer;
let owner: TestUser;
let victim: { id: string; title: string; description: string; visibility: Visibility };
beforeAll(async () => {
  emulator = await startAuthEmulator();
  server = await startTestServer({ database: 'pglite', emulatorHost: emulator.host });
  owner = await newTestUser(emulator.host);
  const created = await videoClient(server.baseUrl, { token: owner.idToken }).createVideo({
    title: 'victim',
    description: 'unchanged',
    visibility: Visibility.SHARED,
  });
  victim = { id: created.id, title: created.title, description: created.description, visibility: created.visibility };
}, 120_000);
afterAll(async () => {
  await server?.close();
  await emulator?.stop();
});

const methods: DescMethod[] = VideoService.methods;
const signedIn = () => ({ authorization: `Bearer ${owner.idToken}` });

/** The server answers, the owner still has exactly the victim, and the victim is as it was. */
async function expectNothingChanged() {
  const client = videoClient(server.baseUrl, { token: owner.idToken });
  const { videos } = await client.listVideos({ pageSize: 100 });
  expect(videos.map((video) => video.id)).toEqual([victim.id]);
  const [video] = videos;
  expect({ title: video!.title, description: video!.description, visibility: video!.visibility }).toEqual({
    title: victim.title,
    description: victim.description,
    visibility: victim.visibility,
  });
  expect(await server.listBlobs()).toEqual([]);
}

describe('generated RPC bodies', () => {
  it('random bytes as protobuf, signed out, for every method: a client error', async () => {
    await randomProtobufBodies(server.baseUrl, methods, {
      numRuns: 400,
      // GetSharedVideo answers signed-out callers: an unknown link is not_found.
      check: (answer, method) => {
        if (method.name !== 'GetVideo' && method.name !== 'GetSharedVideo')
          expect([Code.Unauthenticated, 'unauthenticated', Code.InvalidArgument, 'invalid_argument']).toContain(
            answer.code,
          );
      },
    });
    await expectNothingChanged();
  });

  it('random bytes as protobuf, signed in, for every method but CreateVideo: never a server error, nothing changed', async () => {
    const readers = methods.filter((method) => method.name !== 'CreateVideo');
    await randomProtobufBodies(server.baseUrl, readers, { numRuns: 400, headers: signedIn });
    await expectNothingChanged();
  });

  it('JSON with one poisoned field (wrong type, NUL, unknown enum, out of range), signed in, for every method: invalid_argument', async () => {
    const request = fc.constantFrom(...methods).chain((method) =>
      fc
        .tuple(
          fc.record(Object.fromEntries(method.input.fields.map((field) => [field.jsonName, plausible(field)])), {
            requiredKeys: [],
          }),
          fc
            .constantFrom(...method.input.fields)
            .chain((field) => fc.tuple(fc.constant(field.jsonName), poison(field))),
        )
        .map(([fields, [name, bad]]) => ({ method, body: JSON.stringify({ ...fields, [name]: bad }) })),
    );
    await fc.assert(
      fc.asyncProperty(request, async ({ method, body }) => {
        const answer = await rawRpc(server.baseUrl, method.name, body, 'application/json', signedIn());
        expect(answer.code, `${method.name} ${body}: ${answer.message}`).toBe('invalid_argument');
        expect(answer.status).toBe(400);
      }),
      { numRuns: 400 },
    );
    await expectNothingChanged();
  });

  it('arbitrary JSON documents, signed in and out, for every method but CreateVideo: never a server error', async () => {
    const readers = methods.filter((method) => method.name !== 'CreateVideo');
    await arbitraryJsonBodies(server.baseUrl, readers, { numRuns: 300, headers: signedIn });
    await expectNothingChanged();
  });
});

/** A value of the field's own JSON type (sometimes the victim's id, so that a poisoned update aims at it). */
function plausible(field: DescField): fc.Arbitrary<unknown> {
  if (field.fieldKind === 'enum') return fc.constantFrom(...field.enum.values.map((value) => value.name));
  if (field.fieldKind === 'scalar' && field.scalar === 9 /* string */) {
    return field.name === 'video_id'
      ? fc.oneof(fc.constant(victim.id), fc.string({ maxLength: 40 }))
      : fc.string({ maxLength: 40 });
  }
  if (field.fieldKind === 'scalar' && field.scalar === 8 /* bool */) return fc.boolean();
  if (field.fieldKind === 'message') return fc.constant({}); // UpdateVideo's chapters: an empty list
  if (field.fieldKind === 'list') return fc.constant([]);
  return fc.integer({ min: 0, max: 50 });
}

/** A value no request may carry in this field. */
function poison(field: DescField): fc.Arbitrary<unknown> {
  const wrongType = fc.oneof(fc.constant({}), fc.constant([1]), fc.constant(true));
  if (field.fieldKind === 'enum')
    return fc.oneof(
      wrongType,
      fc.constant('VISIBILITY_PUBLIK'),
      fc.string({ minLength: 1, maxLength: 12 }).map((s) => `X_${s}`),
      // A number past every value the enum names (VideoSort goes up to 4, Visibility to 2).
      fc.integer({ min: Math.max(...field.enum.values.map((value) => value.number)) + 1, max: 1000 }),
    );
  if (field.fieldKind === 'scalar' && field.scalar === 9 /* string */) {
    return fc.oneof(
      wrongType,
      fc.integer(),
      fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 })).map(([a, b]) => `${a}\0${b}`),
    );
  }
  if (field.fieldKind === 'scalar' && field.scalar === 8 /* bool */) {
    return fc.oneof(fc.constant({}), fc.constant([1]), fc.constant('abc'), fc.constant(1));
  }
  // A message (UpdateVideo's chapters) is an object: `{}` is a valid empty one, so not among these.
  if (field.fieldKind === 'message')
    return fc.oneof(fc.constant([1]), fc.constant(true), fc.constant('abc'), fc.constant(1));
  // A double (UpdateVideo's default_playback_rate, 0.5 to 2) takes fractions: out of its range only.
  if (field.fieldKind === 'scalar' && field.scalar === 1 /* double */)
    return fc.oneof(wrongType, fc.constant('abc'), fc.constant(2 ** 40), fc.constant(-1));
  // Numbers: not numbers, fractions, negative (page and expiry), or past any limit the contract has.
  return fc.oneof(wrongType, fc.constant('abc'), fc.constant(1.5), fc.constant(2 ** 40), fc.constant(-1));
}
