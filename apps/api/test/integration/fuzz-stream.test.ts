// Property-based: generated Range headers on a real video's signed URL, and generated
// ids and query strings on the stream and thumbnail paths, against the real server. Ranges get
// 200, 206 with exactly the promised bytes, or 416; ids and queries get a 4xx; never a 5xx; the
// server keeps answering and nothing is stored.
import { readFileSync } from 'node:fs';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulator } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { videoClient } from '../support/clients';
import { startTestServer, type TestServer } from '../support/test-server';
import { uploadVideo } from '../support/upload';
import { makeWebm } from '../support/webm';

let emulator: AuthEmulator;
let server: TestServer;
let owner: TestUser;
let video: { id: string; url: string };
let bytes: Buffer;
let blobs: string[];
beforeAll(async () => {
  emulator = await startAuthEmulator();
  [server, owner, bytes] = await Promise.all([
    startTestServer({ database: 'pglite', emulatorHost: emulator.host }),
    newTestUser(emulator.host),
    makeWebm({ seconds: 1 }).then((path) => readFileSync(path)),
  ]);
  const answer = await uploadVideo(server.baseUrl, bytes, { token: owner.idToken });
  expect(answer.status).toBe(201);
  video = answer.json.video!;
  blobs = await server.listBlobs();
}, 120_000);
afterAll(async () => {
  await server?.close();
  await emulator?.stop();
});

/** The server answers, the owner has only the uploaded video, and the store holds only its blob. */
async function expectNothingStored() {
  const { videos } = await videoClient(server.baseUrl, { token: owner.idToken }).listVideos({ pageSize: 100 });
  expect(videos.map((listed) => listed.id)).toEqual([video.id]);
  expect(await server.listBlobs()).toEqual(blobs);
}

const position = fc.oneof(
  fc.nat({ max: 2 * 1024 * 1024 }),
  fc.constantFrom('', '-1', '00', '1e3', '9007199254740993', '99999999999999999999999', ' 5', '0x10', 'NaN'),
);
const rangeHeader = fc.oneof(
  fc
    .array(
      fc.tuple(position, position).map(([a, b]) => `${a}-${b}`),
      { minLength: 1, maxLength: 3 },
    )
    .map((ranges) => `bytes=${ranges.join(',')}`),
  fc
    .tuple(
      fc.constantFrom('bytes', 'Bytes', 'items', ''),
      fc.constantFrom('=', ' = ', ':'),
      fc.string({ unit: 'grapheme-ascii', maxLength: 30 }),
    )
    .map((parts) => parts.join('')),
  fc.string({ unit: 'grapheme-ascii', maxLength: 40 }),
);

describe('generated requests to the stream routes', () => {
  it('Range headers on a signed URL: 200, 206 with the promised bytes, or 416; never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(rangeHeader, async (range) => {
        const response = await fetch(`${server.baseUrl}${video.url}`, { headers: { range } });
        const body = Buffer.from(await response.arrayBuffer());
        expect([200, 206, 416], `Range: ${range}`).toContain(response.status);
        if (response.status === 206) {
          const [, start, end, size] = /^bytes (\d+)-(\d+)\/(\d+)$/
            .exec(response.headers.get('content-range')!)!
            .map(Number);
          expect(size).toBe(bytes.length);
          expect(body.equals(bytes.subarray(start, end! + 1)), `Range: ${range}`).toBe(true);
        }
        if (response.status === 200) expect(body.equals(bytes)).toBe(true);
        if (response.status === 416) expect(response.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
      }),
      { numRuns: 400 },
    );
    await expectNothingStored();
  });

  it('ids and query strings on /video and /thumbnail, signed in and out: a 4xx', async () => {
    const segment = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }).map(encodeURIComponent),
      fc.string({ unit: 'grapheme-ascii', maxLength: 60 }).map((text) => text.replace(/[/?#]/g, '')),
      fc.constantFrom('%00', 'a%00b', '%ZZ', '%', '..%2F..%2Fdb', '%E0%A4%A', '.', '~', 'x'.repeat(300)),
    );
    const value = fc.oneof(
      fc.string({ maxLength: 30 }).map(encodeURIComponent),
      fc.constantFrom('', '%00', '%ZZ', '-1', '1e309', '9'.repeat(30)),
    );
    const query = fc
      .array(fc.tuple(fc.constantFrom('expires', 'signature', 'share', 'x', 'expires[]'), value), { maxLength: 4 })
      .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''));
    // The real video's id with a made-up grant must not open it either.
    const id = fc.oneof({ weight: 4, arbitrary: segment }, { weight: 1, arbitrary: fc.constant('REAL') });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('video', 'thumbnail'),
        id,
        query,
        fc.boolean(),
        async (resource, idSegment, search, withToken) => {
          const real = idSegment === 'REAL';
          const path = `/api/videoservice/${resource}/${real ? video.id : idSegment}${search}`;
          const signedIn = withToken && !real;
          const response = await fetch(`${server.baseUrl}${path}`, {
            headers: signedIn ? { authorization: `Bearer ${owner.idToken}` } : {},
          });
          await response.arrayBuffer();
          expect(response.status, path).toBeGreaterThanOrEqual(400);
          expect(response.status, path).toBeLessThan(500);
        },
      ),
      { numRuns: 500 },
    );
    await expectNothingStored();
  });
});
