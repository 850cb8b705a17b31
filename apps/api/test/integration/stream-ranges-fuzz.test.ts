// Generated Range and conditional headers against the real stream route (property
// tests): never a 5xx, a 206 carries exactly the bytes its Content-Range names, a 416 names the
// size, a 200 is the whole file, and the server keeps answering.
import { request } from 'node:http';
import type { AuthEmulator } from '@stream/auth/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulator } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { videoClient } from '../support/clients';
import { startTestServer, type TestServer } from '../support/test-server';
import { uploadVideo } from '../support/upload';

/** GET with headers exactly as given (fetch would refuse or rewrite some of them). */
function get(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('generated Range headers on the stream route', () => {
  let emulator: AuthEmulator;
  let server: TestServer;
  let signedUrl: string;
  const file = Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3]),
    Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251)),
  ]);

  beforeAll(async () => {
    emulator = await startAuthEmulator();
    server = await startTestServer({ database: 'pglite', emulatorHost: emulator.host });
    const user = await newTestUser(emulator.host);
    const uploaded = await uploadVideo(server.baseUrl, file, { token: user.idToken });
    const video = await videoClient(server.baseUrl, { token: user.idToken }).getVideo({
      videoId: uploaded.json.video!.id,
    });
    signedUrl = `${server.baseUrl}${video.url}`;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await emulator?.stop();
  });

  const number = fc.oneof(
    fc.nat(6000),
    fc.constantFrom('', '0', '-1', '1e3', '4999', '5003', '5004', '99999999999999999999', ' 1'),
  );
  const rangeHeader = fc.oneof(
    // Well-formed single ranges, often reaching past the end.
    {
      weight: 4,
      arbitrary: fc.tuple(fc.nat(6000), fc.nat(6000)).map(([a, b]) => `bytes=${Math.min(a, b)}-${Math.max(a, b)}`),
    },
    { weight: 1, arbitrary: fc.nat(6000).map((n) => `bytes=${n}-`) },
    { weight: 1, arbitrary: fc.nat(6000).map((n) => `bytes=-${n}`) },
    // Odd units, numbers and lists.
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom('bytes=', 'bytes = ', 'BYTES=', 'items=', ''), number, number)
        .map(([unit, a, b]) => `${unit}${a}-${b}`),
    },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.tuple(number, number), { minLength: 2, maxLength: 4 })
        .map((ranges) => `bytes=${ranges.map(([a, b]) => `${a}-${b}`).join(',')}`),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }).filter((text) => /^[\x20-\x7e]*$/.test(text)) },
  );
  const conditional = fc.option(
    fc.record(
      {
        'if-range': fc.constantFrom('"nope"', 'Thu, 01 Jan 1970 00:00:00 GMT', 'garbage'),
        'if-none-match': fc.constantFrom('"nope"', '*', 'W/"x", "y"', ''),
        'if-modified-since': fc.constantFrom('yesterday', 'Thu, 01 Jan 1970 00:00:00 GMT', ''),
      },
      { requiredKeys: [] },
    ),
    { nil: undefined, freq: 2 },
  );

  it('answers every header with the bytes it names, a 416 with the size, or the whole file', async () => {
    await fc.assert(
      fc.asyncProperty(rangeHeader, conditional, async (range, extra) => {
        const answer = await get(signedUrl, { range, ...(extra ?? {}) } as Record<string, string>);
        expect(answer.status, range).toBeLessThan(500);
        if (answer.status === 206) {
          const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(String(answer.headers['content-range']));
          expect(match, range).not.toBeNull();
          const [start, end, size] = match!.slice(1).map(Number) as [number, number, number];
          expect(size).toBe(file.length);
          expect(answer.body.equals(file.subarray(start, end + 1)), range).toBe(true);
        } else if (answer.status === 416) {
          expect(answer.headers['content-range']).toBe(`bytes */${file.length}`);
        } else if (answer.status === 200) {
          expect(answer.body.equals(file), range).toBe(true);
        } else {
          expect(answer.status, `${range} ${JSON.stringify(extra)}`).toBe(304);
        }
      }),
      { numRuns: 500 },
    );
    expect((await get(signedUrl, { range: 'bytes=0-3' })).body.equals(file.subarray(0, 4))).toBe(true);
  });
});
