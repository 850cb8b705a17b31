// Upload and streaming through the real server: a real WebM from ffmpeg, raw HTTP, tokens from
// the real Auth emulator, against PGlite and PostgreSQL. The worker is off here, so uploads stay
// PROCESSING and the stream serves the upload as it came (processing.e2e covers READY).
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { Visibility } from '@stream/proto';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UrlSigner } from '../../src/videos/url-signer';
import { startEmulatorWithWebm } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { expiredToken, videoClient } from '../support/clients';
import { setups, startTestServer, type TestServer } from '../support/test-server';
import { multipartBody, uploadVideo } from '../support/upload';
import { shareTokenOf } from '../support/share';

const MAX_UPLOAD_BYTES = 3 * 1024 * 1024;
const SIGNING_SECRET = 'a-test-signing-secret-of-some-length';

let emulator: AuthEmulator;
let webm: Buffer;
beforeAll(async () => {
  ({ emulator, webm } = await startEmulatorWithWebm(3));
}, 120_000);
afterAll(() => emulator?.stop());

describe.each(setups)('upload and streaming on $database with $storage storage', ({ database, storage }) => {
  let server: TestServer;
  let owner: TestUser;
  let other: TestUser;
  const blobs = () => server.listBlobs();
  const streamUrl = (id: string, query = '') => `${server.baseUrl}/api/videoservice/video/${id}${query}`;
  const auth = (user: TestUser) => ({ authorization: `Bearer ${user.idToken}` });

  beforeAll(async () => {
    server = await startTestServer({
      database,
      storage,
      emulatorHost: emulator.host,
      env: { MAX_UPLOAD_BYTES: String(MAX_UPLOAD_BYTES), URL_SIGNING_SECRET: SIGNING_SECRET },
    });
    [owner, other] = await Promise.all([newTestUser(emulator.host), newTestUser(emulator.host)]);
  }, 120_000);
  afterAll(() => server?.close());

  async function uploaded(user = owner) {
    const answer = await uploadVideo(server.baseUrl, webm, { token: user.idToken });
    expect(answer.status).toBe(201);
    return answer.json.video!;
  }

  /** Nothing of a refused upload may remain: no row for the user, no blob, no partial file. */
  async function expectNothingCreated(user: TestUser, blobsBefore: string[]) {
    const page = await videoClient(server.baseUrl, { token: user.idToken }).listVideos({ pageSize: 100 });
    expect(page.videos).toEqual([]);
    expect(await blobs()).toEqual(blobsBefore);
  }

  /** A new user with one video, stored by an upload sent with an Idempotency-Key; the blobs then. */
  async function storedWithKey() {
    const user = await newTestUser(emulator.host);
    const key = { 'idempotency-key': randomBytes(16).toString('hex') };
    const first = await uploadVideo(server.baseUrl, webm, { token: user.idToken, headers: key });
    expect(first.status).toBe(201);
    return { user, key, videoId: first.json.video?.id, stored: await blobs() };
  }

  /** `user` still has that one video only, and the store those blobs only. */
  async function expectOnlyVideo(user: TestUser, videoId: string | undefined, blobsThen: string[]) {
    const page = await videoClient(server.baseUrl, { token: user.idToken }).listVideos({ pageSize: 100 });
    expect(page.videos.map((video) => video.id)).toEqual([videoId]);
    expect(await blobs()).toEqual(blobsThen);
  }

  describe('POST /api/videoservice/upload', () => {
    it('stores a WebM and answers 201 with the new PROCESSING, private video', async () => {
      const user = await newTestUser(emulator.host);
      const answer = await uploadVideo(server.baseUrl, webm, { token: user.idToken });
      expect(answer.status).toBe(201);
      expect(answer.json.message).toBe('Video uploaded successfully!');
      expect(answer.json.video).toMatchObject({
        status: 'STATUS_PROCESSING',
        visibility: 'VISIBILITY_PRIVATE',
        userId: user.uid,
        description: '',
        thumbnailUrl: '',
        durationSeconds: 0,
        sizeBytes: String(webm.length),
        failureReason: '',
      });
      expect(Date.parse(String(answer.json.video!.createdAt))).toBeGreaterThan(Date.now() - 60_000);
      expect(answer.json.video!.title).toMatch(/^Recording \d{1,2} [A-Z][a-z]{2}, \d{2}:\d{2}:\d{2}$/);

      const listed = await videoClient(server.baseUrl, { token: user.idToken }).listVideos({});
      expect(listed.videos.map((video) => video.id)).toEqual([answer.json.video!.id]);
      expect(listed.videos[0]!.sizeBytes).toBe(BigInt(webm.length));
      expect(await blobs()).toEqual(
        expect.arrayContaining([
          expect.stringMatching(new RegExp(`^videos/${answer.json.video!.id}/original-[\\w-]+\\.webm$`)),
        ]),
      );
    });

    it.each([
      ['no token', {}],
      ['a bad token', { authorization: 'Bearer nonsense' }],
      ['an expired token', { authorization: `Bearer ${expiredToken('someone')}` }],
    ])('answers 401 with %s and stores nothing', async (_, headers) => {
      const before = await blobs();
      const answer = await uploadVideo(server.baseUrl, webm, { headers });
      expect(answer.status).toBe(401);
      expect(await blobs()).toEqual(before);
    });

    it('answers 415 for a text file, whatever its part says, and creates nothing', async () => {
      const user = await newTestUser(emulator.host);
      const before = await blobs();
      const answer = await uploadVideo(server.baseUrl, Buffer.from('just some text, not a video\n'.repeat(100)), {
        token: user.idToken,
      });
      expect(answer.status).toBe(415);
      expect(answer.json.message).toMatch(/WebM/);
      await expectNothingCreated(user, before);
    });

    it('answers 415 for an empty file', async () => {
      const user = await newTestUser(emulator.host);
      const answer = await uploadVideo(server.baseUrl, new Uint8Array(), { token: user.idToken });
      expect(answer.status).toBe(415);
    });

    it('answers 400 when there is no field "video"', async () => {
      const user = await newTestUser(emulator.host);
      const before = await blobs();
      const answer = await uploadVideo(server.baseUrl, webm, { token: user.idToken, field: 'file' });
      expect(answer.status).toBe(400);
      await expectNothingCreated(user, before);
    });

    it('answers a retry (the same Idempotency-Key) with the video it stored, storing nothing twice', async () => {
      const { user, key, videoId, stored } = await storedWithKey();
      const retry = await uploadVideo(server.baseUrl, webm, { token: user.idToken, headers: key });
      expect(retry.status).toBe(201);
      expect(retry.json.message).toBe('Video uploaded successfully!');
      expect(retry.json.video?.id).toBe(videoId);
      await expectOnlyVideo(user, videoId, stored);
      // Another user's key is theirs: the same one stores their own video.
      const theirs = await uploadVideo(server.baseUrl, webm, { token: other.idToken, headers: key });
      expect(theirs.status).toBe(201);
      expect(theirs.json.video?.id).not.toBe(videoId);
    });

    it('makes one video of the same upload sent twice at once', async () => {
      const user = await newTestUser(emulator.host);
      const before = await blobs();
      const key = { 'idempotency-key': randomBytes(16).toString('hex') };
      const answers = await Promise.all(
        [0, 1].map(() => uploadVideo(server.baseUrl, webm, { token: user.idToken, headers: key })),
      );
      expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
      expect(answers[1]!.json.video?.id).toBe(answers[0]!.json.video?.id);
      const page = await videoClient(server.baseUrl, { token: user.idToken }).listVideos({ pageSize: 100 });
      expect(page.videos).toHaveLength(1);
      expect((await blobs()).length).toBe(before.length + 1); // the loser's copy is gone
    });

    it('answers 400 to a malformed Idempotency-Key and stores nothing', async () => {
      const user = await newTestUser(emulator.host);
      const before = await blobs();
      for (const key of ['two words', 'x'.repeat(129), 'ümlaut']) {
        const answer = await uploadVideo(server.baseUrl, webm, {
          token: user.idToken,
          headers: { 'idempotency-key': key },
        });
        expect(answer.status, key).toBe(400);
        expect(answer.json.message).toMatch(/Idempotency-Key/);
      }
      await expectNothingCreated(user, before);
    });

    it('answers 413 over MAX_UPLOAD_BYTES and leaves no row or blob', async () => {
      const user = await newTestUser(emulator.host);
      const before = await blobs();
      const tooBig = Buffer.concat([webm, Buffer.alloc(MAX_UPLOAD_BYTES)]);
      const answer = await uploadVideo(server.baseUrl, tooBig, { token: user.idToken });
      expect(answer.status).toBe(413);
      await expectNothingCreated(user, before);
    });

    /** A chunked upload (no Content-Length) of a WebM that goes on past MAX_UPLOAD_BYTES. */
    function postChunkedPastTheLimit(user: TestUser, headers: Record<string, string> = {}) {
      const { head, tail, contentType } = multipartBody(webm);
      const chunks = [
        head,
        webm,
        ...Array.from({ length: MAX_UPLOAD_BYTES / (64 * 1024) + 4 }, () => Buffer.alloc(64 * 1024, 1)),
        tail,
      ];
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          const next = chunks.shift();
          if (next) controller.enqueue(next);
          else controller.close();
        },
      });
      return fetch(`${server.baseUrl}/api/videoservice/upload`, {
        method: 'POST',
        headers: { 'content-type': contentType, ...auth(user), ...headers },
        body,
        duplex: 'half',
      } as RequestInit);
    }

    it('answers 413 to a chunked upload (no Content-Length) once it passes the limit', async () => {
      const user = await newTestUser(emulator.host);
      const before = await blobs();
      const response = await postChunkedPastTheLimit(user);
      expect(response.status).toBe(413);
      await expectNothingCreated(user, before);
    });

    it('answers 413 to a retry of a stored upload whose chunked body passes the limit, and keeps the video', async () => {
      const { user, key, videoId, stored } = await storedWithKey();
      const retry = await postChunkedPastTheLimit(user, key);
      expect(retry.status).toBe(413);
      expect(((await retry.json()) as { message: string }).message).toBe('Video file is too large');
      await expectOnlyVideo(user, videoId, stored);
    });

    it('leaves no row and no blob when the client disconnects mid-upload', async () => {
      const user = await newTestUser(emulator.host);
      const before = await blobs();
      const { head, contentType } = multipartBody(webm);
      const url = new URL(`${server.baseUrl}/api/videoservice/upload`);
      await new Promise<void>((resolve) => {
        const req = request(url, {
          method: 'POST',
          headers: {
            'content-type': contentType,
            'content-length': String(head.length + webm.length + 100),
            ...auth(user),
          },
        });
        req.on('error', () => resolve());
        req.write(head);
        req.write(webm.subarray(0, webm.length / 2));
        // Let the server start storing the part, then vanish.
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 300);
      });
      // The server notices the disconnect asynchronously; give it a moment, then check.
      for (let i = 0; i < 20 && (await blobs()).length !== before.length; i++)
        await new Promise((r) => setTimeout(r, 100));
      await expectNothingCreated(user, before);
    });
  });

  describe('GET /api/videoservice/video/{id}', () => {
    it('streams the upload back byte-identical, range by range', async () => {
      const { id } = await uploaded();
      const parts: Buffer[] = [];
      const step = 20_000;
      for (let start = 0; start < webm.length; start += step) {
        const end = Math.min(start + step, webm.length) - 1;
        const response = await fetch(streamUrl(id), { headers: { ...auth(owner), range: `bytes=${start}-${end}` } });
        expect(response.status).toBe(206);
        expect(response.headers.get('content-type')).toBe('video/webm');
        expect(response.headers.get('accept-ranges')).toBe('bytes');
        expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/${webm.length}`);
        expect(response.headers.get('content-length')).toBe(String(end - start + 1));
        parts.push(Buffer.from(await response.arrayBuffer()));
      }
      expect(Buffer.concat(parts).equals(webm)).toBe(true);
    });

    it('streams a video larger than one read buffer whole and by long ranges, and many short ranges at once', async () => {
      // Past 1 MiB the server streams from the file; up to it, it reads into reused buffers.
      const big = Buffer.concat([webm, randomBytes(2.5 * 1024 * 1024 - webm.length)]);
      const answer = await uploadVideo(server.baseUrl, big, { token: owner.idToken });
      expect(answer.status).toBe(201);
      const { id, url } = answer.json.video!;
      const whole = await fetch(streamUrl(id), { headers: auth(owner) });
      expect(whole.headers.get('content-length')).toBe(String(big.length));
      expect(Buffer.from(await whole.arrayBuffer()).equals(big)).toBe(true);
      const long = await fetch(streamUrl(id), { headers: { ...auth(owner), range: 'bytes=100000-2300000' } });
      expect(long.status).toBe(206);
      expect(Buffer.from(await long.arrayBuffer()).equals(big.subarray(100000, 2300001))).toBe(true);

      const signed = new URL(url, server.baseUrl).href;
      const starts = Array.from({ length: 48 }, (_, i) => (i * 52_361) % (big.length - 40_000));
      const parts = await Promise.all(
        starts.map(async (start) => {
          const response = await fetch(signed, { headers: { range: `bytes=${start}-${start + 39_999}` } });
          return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
        }),
      );
      parts.forEach(({ status, body }, i) => {
        expect(status).toBe(206);
        expect(body.equals(big.subarray(starts[i], starts[i]! + 40_000)), `range at ${starts[i]}`).toBe(true);
      });
    });

    it('serves the whole file with validators, open and suffix ranges, and HEAD', async () => {
      const { id } = await uploaded();
      const whole = await fetch(streamUrl(id), { headers: auth(owner) });
      expect(whole.status).toBe(200);
      expect(whole.headers.get('content-length')).toBe(String(webm.length));
      expect(whole.headers.get('etag')).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
      expect(new Date(whole.headers.get('last-modified')!).getTime()).not.toBeNaN();
      expect(Buffer.from(await whole.arrayBuffer()).equals(webm)).toBe(true);

      const open = await fetch(streamUrl(id), { headers: { ...auth(owner), range: 'bytes=1000-' } });
      expect(open.status).toBe(206);
      expect(Buffer.from(await open.arrayBuffer()).equals(webm.subarray(1000))).toBe(true);
      const suffix = await fetch(streamUrl(id), { headers: { ...auth(owner), range: 'bytes=-500' } });
      expect(suffix.headers.get('content-range')).toBe(`bytes ${webm.length - 500}-${webm.length - 1}/${webm.length}`);
      expect(Buffer.from(await suffix.arrayBuffer()).equals(webm.subarray(webm.length - 500))).toBe(true);

      const head = await fetch(streamUrl(id), { method: 'HEAD', headers: auth(owner) });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(String(webm.length));
      expect(head.headers.get('accept-ranges')).toBe('bytes');
      expect((await head.arrayBuffer()).byteLength).toBe(0);
    });

    it('answers 416 with the size for a range past the end', async () => {
      const { id } = await uploaded();
      const response = await fetch(streamUrl(id), { headers: { ...auth(owner), range: `bytes=${webm.length}-` } });
      expect(response.status).toBe(416);
      expect(response.headers.get('content-range')).toBe(`bytes */${webm.length}`);
    });

    it('answers 304 to If-None-Match and If-Modified-Since, and honours If-Range', async () => {
      const { id } = await uploaded();
      const first = await fetch(streamUrl(id), { headers: auth(owner) });
      await first.arrayBuffer();
      const etag = first.headers.get('etag')!;
      const lastModified = first.headers.get('last-modified')!;
      const byTag = await fetch(streamUrl(id), { headers: { ...auth(owner), 'if-none-match': etag } });
      expect(byTag.status).toBe(304);
      expect(byTag.headers.get('etag')).toBe(etag);
      const byDate = await fetch(streamUrl(id), { headers: { ...auth(owner), 'if-modified-since': lastModified } });
      expect(byDate.status).toBe(304);
      const stale = await fetch(streamUrl(id), { headers: { ...auth(owner), 'if-none-match': '"other"' } });
      expect(stale.status).toBe(200);
      await stale.arrayBuffer();
      const weak = await fetch(streamUrl(id), { headers: { ...auth(owner), 'if-none-match': `"other", W/${etag}` } });
      expect(weak.status).toBe(304);

      const current = await fetch(streamUrl(id), { headers: { ...auth(owner), range: 'bytes=0-9', 'if-range': etag } });
      expect(current.status).toBe(206);
      await current.arrayBuffer();
      const changed = await fetch(streamUrl(id), {
        headers: { ...auth(owner), range: 'bytes=0-9', 'if-range': '"old"' },
      });
      expect(changed.status).toBe(200);
      expect((await changed.arrayBuffer()).byteLength).toBe(webm.length);
    });

    it('has no thumbnail before processing', async () => {
      const { id } = await uploaded();
      const response = await fetch(`${server.baseUrl}/api/videoservice/thumbnail/${id}`, { headers: auth(owner) });
      expect(response.status).toBe(404);
    });
  });

  describe('who may stream a video', () => {
    const status = async (url: string, headers: Record<string, string> = {}) => {
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      return response.status;
    };

    it('PRIVATE: the owner by header or by the signed url of GetVideo; others 404, signed-out 401', async () => {
      const { id } = await uploaded();
      const video = await videoClient(server.baseUrl, { token: owner.idToken }).getVideo({ videoId: id });
      expect(video.url).toMatch(new RegExp(`^/api/videoservice/video/${id}\\?expires=\\d+&signature=`));
      expect(await status(streamUrl(id), auth(owner))).toBe(200);
      expect(await status(`${server.baseUrl}${video.url}`)).toBe(200);
      expect(await status(streamUrl(id), auth(other))).toBe(404);
      expect(await status(streamUrl(id))).toBe(401);
      expect(await status(streamUrl(id), { authorization: 'Bearer nonsense' })).toBe(401);
      expect(await status(streamUrl(id), { authorization: `Bearer ${expiredToken(owner.uid)}` })).toBe(401);
      expect(await status(`${server.baseUrl}${video.url}`, { authorization: 'Bearer nonsense' })).toBe(401);
    });

    it('refuses a tampered, expired or borrowed signature', async () => {
      const { id } = await uploaded();
      const { id: otherId } = await uploaded();
      const video = await videoClient(server.baseUrl, { token: owner.idToken }).getVideo({ videoId: id });
      const signed = new URL(video.url, server.baseUrl);
      const tampered = new URL(signed);
      tampered.searchParams.set('expires', String(Number(signed.searchParams.get('expires')) + 1));
      expect(await status(tampered.href)).toBe(401);
      expect(await status(streamUrl(otherId, signed.search))).toBe(401);
      const thumbnailWithVideoSignature = `${server.baseUrl}/api/videoservice/thumbnail/${id}${signed.search}`;
      expect(await status(thumbnailWithVideoSignature)).toBe(401);
      const lastYear = new UrlSigner(SIGNING_SECRET, 60, () => Date.now() - 365 * 24 * 3600 * 1000).sign('video', id);
      expect(await status(streamUrl(id, `?expires=${lastYear.expires}&signature=${lastYear.signature}`))).toBe(401);
    });

    it('SHARED: the share link plays for anyone; without it others get 404', async () => {
      const { id } = await uploaded();
      const client = videoClient(server.baseUrl, { token: owner.idToken });
      const url = streamUrl(id, `?share=${shareTokenOf((await client.shareVideo({ videoId: id })).url)}`);
      expect(await status(url)).toBe(200);
      expect(await status(url, auth(other))).toBe(200);
      expect(await status(streamUrl(id), auth(other))).toBe(404);
      expect(await status(streamUrl(id, '?share=wrong'), auth(other))).toBe(404);
      const played = await fetch(url, { headers: { range: 'bytes=0-3' } });
      expect(Buffer.from(await played.arrayBuffer())).toEqual(webm.subarray(0, 4));
      await client.updateVideo({ videoId: id, title: 'back to private', visibility: Visibility.PRIVATE });
      expect(await status(url)).toBe(401);
      expect(await status(url, auth(other))).toBe(404);
    });

    it('PUBLIC: anyone, signed in or not', async () => {
      const { id } = await uploaded();
      await videoClient(server.baseUrl, { token: owner.idToken }).updateVideo({
        videoId: id,
        title: 'public',
        visibility: Visibility.PUBLIC,
      });
      expect(await status(streamUrl(id))).toBe(200);
      expect(await status(streamUrl(id), auth(other))).toBe(200);
      expect(await status(streamUrl(id), { authorization: 'Bearer nonsense' })).toBe(401);
    });

    it('a missing video is 404 when signed in and 401 when not', async () => {
      expect(await status(streamUrl('no-such-video'), auth(owner))).toBe(404);
      expect(await status(streamUrl('no-such-video'))).toBe(401);
    });

    it('a signed URL that has been playing answers 404 once the video is deleted', async () => {
      const { id } = await uploaded();
      const { url } = await videoClient(server.baseUrl, { token: owner.idToken }).getVideo({ videoId: id });
      const signed = `${server.baseUrl}${url}`;
      for (let attempt = 0; attempt < 2; attempt++) {
        expect(await status(signed, { range: 'bytes=0-99' })).toBe(206); // the second one skips the database
      }
      const tampered = new URL(signed);
      const signature = tampered.searchParams.get('signature')!;
      // Another first character: always 'x' left a signature that began with 'x' untouched (1 in 64).
      tampered.searchParams.set('signature', `${signature.startsWith('x') ? 'y' : 'x'}${signature.slice(1)}`);
      expect(await status(tampered.href, { range: 'bytes=0-99' })).toBe(401); // a remembered blob is no grant
      await videoClient(server.baseUrl, { token: owner.idToken }).deleteVideo({ videoId: id });
      expect(await status(signed, { range: 'bytes=0-99' })).toBe(404);
    });
  });

  it('DeleteVideo removes the row and the blob; the stream then answers 404', async () => {
    const { id } = await uploaded();
    expect((await blobs()).filter((key) => key.startsWith(`videos/${id}/original-`))).toHaveLength(1);
    await videoClient(server.baseUrl, { token: owner.idToken }).deleteVideo({ videoId: id });
    expect((await blobs()).filter((key) => key.includes(id))).toEqual([]);
    const response = await fetch(streamUrl(id), { headers: auth(owner) });
    expect(response.status).toBe(404);
  });
});
