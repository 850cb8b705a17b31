// Malformed multipart bodies through the real server: a body cut off anywhere, or
// mangled, is a 4xx that stores nothing and leaves no partial file, and the server keeps answering.
import { request } from 'node:http';
import type { TestUser } from '@stream/auth/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulator } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { videoClient } from '../support/clients';
import { startTestServer, type TestServer } from '../support/test-server';
import { multipartBody } from '../support/upload';
import type { AuthEmulator } from '@stream/auth/testing';

/** POSTs `body` as it is (Content-Length = its length) and resolves with the status. */
function post(baseUrl: string, body: Buffer, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}/api/videoservice/upload`, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(body.length) },
    });
    req.on('error', reject);
    req.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    req.end(body);
  });
}

describe('malformed multipart uploads', () => {
  let emulator: AuthEmulator;
  let server: TestServer;
  let user: TestUser;
  const file = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.from('a tiny webm-looking file')]);

  beforeAll(async () => {
    emulator = await startAuthEmulator();
    server = await startTestServer({ database: 'pglite', emulatorHost: emulator.host });
    user = await newTestUser(emulator.host);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await emulator?.stop();
  });

  const auth = () => ({ authorization: `Bearer ${user.idToken}` });

  /** The server still answers, and the user has no video, no blob and no partial file. */
  async function expectNothingStored() {
    const page = await videoClient(server.baseUrl, { token: user.idToken }).listVideos({ pageSize: 100 });
    expect(page.videos).toEqual([]);
    expect(await server.listBlobs()).toEqual([]);
  }

  it('answers 400 to the body of the report (a file part cut off) and keeps serving', async () => {
    const body = Buffer.concat([
      Buffer.from(
        '--XB\r\nContent-Disposition: form-data; name="video"; filename="r.webm"\r\nContent-Type: video/webm\r\n\r\n',
      ),
      Buffer.from([0x1a, 0x45, 0xdf, 0xa3]),
      Buffer.from('abcdef'),
    ]);
    const status = await post(server.baseUrl, body, { ...auth(), 'content-type': 'multipart/form-data; boundary=XB' });
    expect(status).toBe(400);
    await expectNothingStored();
  });

  it('refuses two files (400) rather than keeping the first and dropping the second, whatever their fields', async () => {
    const part = (name: string, filename: string) =>
      Buffer.concat([
        Buffer.from(
          `--XB\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: video/webm\r\n\r\n`,
        ),
        file,
        Buffer.from('\r\n'),
      ]);
    for (const second of ['video', 'other']) {
      const body = Buffer.concat([part('video', 'a.webm'), part(second, 'b.webm'), Buffer.from('--XB--\r\n')]);
      const status = await post(server.baseUrl, body, {
        ...auth(),
        'content-type': 'multipart/form-data; boundary=XB',
      });
      expect(status, `a second file in "${second}"`).toBe(400);
      await expectNothingStored();
    }
  });

  it('answers 4xx to the body cut off at every offset, or 201 with every byte of the file', async () => {
    const { head, tail, contentType } = multipartBody(file, 'cut');
    const whole = Buffer.concat([head, file, tail]);
    const accepted: number[] = [];
    for (let length = 0; length < whole.length; length++) {
      const status = await post(server.baseUrl, whole.subarray(0, length), { ...auth(), 'content-type': contentType });
      if (status === 201) accepted.push(length);
      else expect(status, `cut at ${length}`).toBeGreaterThanOrEqual(400);
      if (status !== 201) expect(status, `cut at ${length}`).toBeLessThan(500);
    }
    // Only a body missing nothing but the closing CRLF may count as whole; then it is the file.
    expect(accepted.every((length) => length >= whole.length - 2)).toBe(true);
    const client = videoClient(server.baseUrl, { token: user.idToken });
    for (const video of (await client.listVideos({ pageSize: 100 })).videos) {
      expect(video.sizeBytes).toBe(BigInt(file.length));
      await client.deleteVideo({ videoId: video.id });
    }
    await expectNothingStored();
  });

  it('answers 4xx to mangled bodies: bytes dropped, replaced or inserted, other boundaries', async () => {
    const { head, tail, contentType } = multipartBody(file, 'fuzz');
    const whole = Buffer.concat([head, file, tail]);
    const mangled = fc.oneof(
      fc
        .record({ at: fc.nat(whole.length - 1), drop: fc.integer({ min: 1, max: 8 }) })
        .map(({ at, drop }) =>
          Buffer.concat([whole.subarray(0, at), whole.subarray(Math.min(whole.length, at + drop))]),
        ),
      fc
        .record({ at: fc.nat(head.length - 1), bytes: fc.uint8Array({ minLength: 1, maxLength: 8 }) })
        .map(({ at, bytes }) => Buffer.concat([whole.subarray(0, at), Buffer.from(bytes), whole.subarray(at + 1)])),
      fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
    );
    await fc.assert(
      fc.asyncProperty(
        mangled,
        fc.constantFrom(contentType, 'multipart/form-data; boundary=other', 'multipart/form-data'),
        async (body, type) => {
          const status = await post(server.baseUrl, body, { ...auth(), 'content-type': type });
          if (status === 201) return; // a change inside the file's bytes can leave a valid upload
          expect(status).toBeGreaterThanOrEqual(400);
          expect(status).toBeLessThan(500);
        },
      ),
      { numRuns: 300 },
    );
    const client = videoClient(server.baseUrl, { token: user.idToken });
    for (const video of (await client.listVideos({ pageSize: 100 })).videos)
      await client.deleteVideo({ videoId: video.id });
    await expectNothingStored();
  });
});
