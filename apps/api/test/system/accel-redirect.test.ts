// Behind nginx with ACCEL_REDIRECT, the API checks every read (signature, access,
// revocation, range) and nginx sends the bytes from an `internal` location of the deployment
// guide's own nginx-locations.conf: the blob directory (local disk) or the bucket (S3, through a
// one-minute presigned GET). Real nginx, real API, real processing (the thumbnail) on 127.0.0.1.
// What nginx must never do: act on a client's own X-Accel-Redirect, serve its internal locations
// to a client, read outside the blob directory, or send a revoked link's or a refused range's bytes.
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Status, Visibility, type Video } from '@stream/proto';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTestUser, startEmulatorWithWebm } from '../support/auth-emulator';
import { videoClient } from '../support/clients';
import { startNginx, type TestNginx } from '../support/nginx';
import { startTestServer, type StorageKind, type TestServer } from '../support/test-server';
import { uploadVideo } from '../support/upload';

let emulator: AuthEmulator;
let webm: Buffer;
beforeAll(async () => {
  ({ emulator, webm } = await startEmulatorWithWebm(2));
}, 120_000);
afterAll(() => emulator?.stop());

const prefixes: Record<StorageKind, string> = { local: '/_stream_blobs/', s3: '/_stream_s3/' };

describe.each(['local', 's3'] as const)('internal redirects to nginx, blobs on %s', (storage) => {
  let server: TestServer;
  let nginx: TestNginx;
  /** The same API behind nginx with the doc's cached decisions on (nginx-http.conf). */
  let cached: TestNginx;
  let scratch: string;
  let owner: TestUser;
  let video: Video;
  const as = (user?: TestUser) => videoClient(server.baseUrl, { token: user?.idToken });
  /** A path and query the API handed out, asked of nginx. */
  const viaNginx = (url: string, front = nginx) => {
    const { pathname, search } = new URL(url, 'http://x');
    return `${front.baseUrl}${pathname}${search}`;
  };
  const viaCache = (url: string) => viaNginx(url, cached);
  /** The files of nginx's memory of decisions (proxy_cache_path), none before the first decision kept. */
  const decisionFiles = () =>
    readdirSync(join(scratch, 'cached', 'decisions'), { recursive: true, withFileTypes: true }).filter((entry) =>
      entry.isFile(),
    );
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const response = await fetch(url, { headers });
    return { response, body: Buffer.from(await response.arrayBuffer()) };
  };

  beforeAll(async () => {
    server = await startTestServer({
      database: 'pglite',
      storage,
      emulatorHost: emulator.host,
      env: {
        WORKER: 'true', // the thumbnail
        ACCEL_REDIRECT: prefixes[storage],
        TRUST_PROXY: '127.0.0.1',
        FIREBASE_AUTH_EMULATOR_THROUGH_PROXY: 'true',
      },
    });
    scratch = await mkdtemp(join(tmpdir(), 'accel-nginx-'));
    const api = new URL(server.baseUrl).host;
    nginx = await startNginx(scratch, [api, api], {
      blobDir: join(server.dataDir, 'blobs'),
      s3Origin: server.config.S3_ENDPOINT && new URL(server.config.S3_ENDPOINT).origin,
    });
    cached = await startNginx(join(scratch, 'cached'), [api, api], {
      blobDir: join(server.dataDir, 'blobs'),
      s3Origin: server.config.S3_ENDPOINT && new URL(server.config.S3_ENDPOINT).origin,
      cachedDecisions: true,
    });
    owner = await newTestUser(emulator.host, { displayName: 'Ada Owner' });
    const answer = await uploadVideo(nginx.baseUrl, webm, { token: owner.idToken });
    expect(answer.status, JSON.stringify(answer.json)).toBe(201);
    const deadline = Date.now() + 60_000;
    for (;;) {
      video = await as(owner).getVideo({ videoId: answer.json.video!.id });
      if (video.status === Status.READY) break;
      if (video.status === Status.FAILED || Date.now() > deadline)
        throw new Error(`processing ended ${Status[video.status]}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 180_000);
  afterAll(async () => {
    await nginx?.stop();
    await cached?.stop();
    await server?.close();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it('the API answers a checked read with the redirect alone; nginx sends the whole blob with the API headers', async () => {
    // A client of the API alone (no nginx to act on a redirect) gets the bytes from Node.
    const alone = await get(new URL(video.url, server.baseUrl).href);
    expect(alone.response.status).toBe(200);
    expect(alone.response.headers.get('x-accel-redirect')).toBeNull();
    expect(alone.body.subarray(0, 4).toString('hex')).toBe('1a45dfa3');

    // What nginx asks (it says it is there): the redirect alone.
    const direct = await get(new URL(video.url, server.baseUrl).href, { 'x-stream-accel': 'on' });
    expect(direct.response.status).toBe(200);
    expect(direct.response.headers.get('x-accel-redirect')).toMatch(new RegExp(`^${prefixes[storage]}`));
    expect(direct.body.length).toBe(0);

    const { response, body } = await get(viaNginx(video.url));
    expect(response.status).toBe(200);
    expect(response.headers.get('x-accel-redirect')).toBeNull();
    expect(response.headers.get('content-type')).toBe(direct.response.headers.get('content-type'));
    expect(response.headers.get('content-type')).toMatch(/^video\/webm/);
    expect(response.headers.get('content-length')).toBe(String(body.length));
    expect(response.headers.get('etag')).toBe(direct.response.headers.get('etag'));
    expect(response.headers.get('last-modified')).toBe(direct.response.headers.get('last-modified'));
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-site');
    expect(body.subarray(0, 4).toString('hex')).toBe('1a45dfa3'); // EBML: a WebM
    // The processed stream keeps the recording's size order; the same bytes as the API's own reads.
    const head = await fetch(viaNginx(video.url), { method: 'HEAD' });
    expect(head.headers.get('content-length')).toBe(String(body.length));
    expect(alone.body.equals(body)).toBe(true);
  });

  it('serves ranges the API found satisfiable, and never reaches nginx with one it refused', async () => {
    const whole = (await get(viaNginx(video.url))).body;
    const size = whole.length;
    const first = await get(viaNginx(video.url), { range: 'bytes=0-99' });
    expect(first.response.status).toBe(206);
    expect(first.response.headers.get('content-range')).toBe(`bytes 0-99/${size}`);
    expect(first.body.equals(whole.subarray(0, 100))).toBe(true);
    const suffix = await get(viaNginx(video.url), { range: 'bytes=-10' });
    expect(suffix.response.status).toBe(206);
    expect(suffix.body.equals(whole.subarray(size - 10))).toBe(true);
    const tail = await get(viaNginx(video.url), { range: `bytes=${size - 5}-` });
    expect(tail.body.equals(whole.subarray(size - 5))).toBe(true);

    // Refused by the API: its 416, no byte.
    const past = await get(viaNginx(video.url), { range: `bytes=${size}-` });
    expect(past.response.status).toBe(416);
    expect(past.response.headers.get('content-range')).toBe(`bytes */${size}`);
    expect(past.body.length).toBe(0);
    const direct = await fetch(new URL(video.url, server.baseUrl), { headers: { range: `bytes=${size}-` } });
    expect(direct.headers.get('x-accel-redirect')).toBeNull();

    // What nginx would read otherwise than the API (two ranges, a stale If-Range) Node serves whole.
    const two = await get(viaNginx(video.url), { range: 'bytes=0-1,4-5' });
    expect(two.response.status).toBe(200);
    expect(two.body.equals(whole)).toBe(true);
    const stale = await get(viaNginx(video.url), { range: 'bytes=0-9', 'if-range': '"old"' });
    expect(stale.response.status).toBe(200);
    expect(stale.body.equals(whole)).toBe(true);
    const etag = first.response.headers.get('etag')!;
    const current = await get(viaNginx(video.url), { range: 'bytes=0-9', 'if-range': etag });
    expect(current.response.status).toBe(206);
    expect(current.body.equals(whole.subarray(0, 10))).toBe(true);
    // A validator the client holds: the API's 304, no byte.
    const unchanged = await get(viaNginx(video.url), { 'if-none-match': etag });
    expect(unchanged.response.status).toBe(304);
  });

  it("a download keeps the API's Content-Disposition; a thumbnail comes from its blob", async () => {
    const download = await get(`${viaNginx(video.url)}&download=1`);
    expect(download.response.status).toBe(200);
    expect(download.response.headers.get('content-disposition')).toMatch(/^attachment; filename=/);
    expect(download.response.headers.get('content-disposition')).toContain('.webm');

    const thumbnail = await get(viaNginx(video.thumbnailUrl));
    expect(thumbnail.response.status).toBe(200);
    expect(thumbnail.response.headers.get('content-type')).toBe('image/jpeg');
    expect(thumbnail.body.subarray(0, 2).toString('hex')).toBe('ffd8');
    if (storage === 'local') {
      const redirect = (
        await fetch(new URL(video.thumbnailUrl, server.baseUrl), { headers: { 'x-stream-accel': 'on' } })
      ).headers.get('x-accel-redirect')!;
      const file = readFileSync(join(server.dataDir, 'blobs', redirect.slice(prefixes.local.length)));
      expect(thumbnail.body.equals(file)).toBe(true);
    }
  });

  it('a link revoked between its signing and its fetch sends nothing', async () => {
    const other = await uploadVideo(nginx.baseUrl, webm, { token: owner.idToken });
    const id = other.json.video!.id;
    await as(owner).updateVideo({ videoId: id, title: 'shared', visibility: Visibility.SHARED });
    const signed = (await as(owner).getVideo({ videoId: id })).url;
    expect((await get(viaNginx(signed), { range: 'bytes=0-9' })).response.status).toBe(206);
    await as(owner).updateVideo({ videoId: id, title: 'shared', visibility: Visibility.PRIVATE });
    for (const headers of [{}, { range: 'bytes=0-9' }] as Record<string, string>[]) {
      const revoked = await get(viaNginx(signed), headers);
      expect(revoked.response.status).toBe(404);
      expect(revoked.body.includes(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))).toBe(false);
    }
  });

  it("a client's own X-Accel-Redirect, or its request for an internal location, reaches no blob", async () => {
    const target = (
      await fetch(new URL(video.url, server.baseUrl), { headers: { 'x-stream-accel': 'on' } })
    ).headers.get('x-accel-redirect')!;
    expect(target).toBeTruthy();
    // Straight at the internal location: nginx's 404, its own page.
    for (const path of [target, prefixes.local + 'videos/', prefixes.s3]) {
      const direct = await get(`${nginx.baseUrl}${path}`);
      expect(direct.response.status, path).toBe(404);
      expect(direct.body.includes(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])), path).toBe(false);
    }
    // A forged header on requests the API refuses or answers itself: nginx does not act on it.
    const unsigned = `${nginx.baseUrl}/api/videoservice/video/${video.id}`;
    for (const url of [unsigned, `${nginx.baseUrl}/healthz`, `${nginx.baseUrl}/api/videoservice/video/none`]) {
      const forged = await get(url, { 'x-accel-redirect': target, 'x-accel-buffering': 'no' });
      if (url !== `${nginx.baseUrl}/healthz`) expect(forged.response.status, url).toBeGreaterThanOrEqual(400);
      expect(forged.body.includes(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])), url).toBe(false);
    }
  });

  it('no path reaches outside the blob directory', async () => {
    for (const path of [
      `${prefixes.local}../../../../etc/passwd`,
      `${prefixes.local}%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd`,
      `${prefixes.local}..%2f..%2f..%2f..%2fetc/passwd`,
      `/api/videoservice/video/..%2f..%2f..%2fetc%2fpasswd`,
    ]) {
      const response = await fetch(`${nginx.baseUrl}${path}`);
      const text = await response.text();
      expect(response.status, path).not.toBe(200);
      expect(text, path).not.toContain('root:');
    }
  });
  it('with cached decisions, nginx sends what the API would: the same bytes, ranges and headers', async () => {
    const plain = await get(viaNginx(video.url));
    const whole = plain.body;
    const size = whole.length;
    const { response, body } = await get(viaCache(video.url));
    expect(response.status).toBe(200);
    expect(body.equals(whole)).toBe(true);
    for (const name of [
      'content-type',
      'content-length',
      'etag',
      'last-modified',
      'cache-control',
      'accept-ranges',
      'x-content-type-options',
      'cross-origin-resource-policy',
      'content-security-policy',
    ])
      expect(response.headers.get(name), name).toBe(plain.response.headers.get(name));
    expect(response.headers.get('x-stream-blob')).toBeNull();
    // Kept for a signed URL of a blob on this disk; a bucket's blob is never decided this way.
    expect(decisionFiles().length > 0).toBe(storage === 'local');

    for (const range of ['bytes=0-99', 'bytes=-10', `bytes=${size - 5}-`, 'bytes=7-7']) {
      const expected = await get(viaNginx(video.url), { range });
      const part = await get(viaCache(video.url), { range });
      expect(part.response.status, range).toBe(206);
      expect(part.response.headers.get('content-range'), range).toBe(expected.response.headers.get('content-range'));
      expect(part.body.equals(expected.body), range).toBe(true);
    }
    const head = await fetch(viaCache(video.url), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(size));

    // A range nothing can satisfy: 416 and no byte; two ranges: the whole, as the API does.
    const past = await get(viaCache(video.url), { range: `bytes=${size}-` });
    expect(past.response.status).toBe(416);
    // One Content-Type (fetch joins repeated headers with a comma): nginx's own, of its error page.
    expect(past.response.headers.get('content-type')).not.toContain(',');
    expect(past.body.includes(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))).toBe(false);
    const two = await get(viaCache(video.url), { range: 'bytes=0-1,4-5' });
    expect(two.response.status).toBe(200);
    expect(two.body.equals(whole)).toBe(true);
    // What the decision does not cover goes to the API: its 304, its stale If-Range, its download name.
    const etag = plain.response.headers.get('etag')!;
    expect((await get(viaCache(video.url), { 'if-none-match': etag })).response.status).toBe(304);
    const stale = await get(viaCache(video.url), { range: 'bytes=0-9', 'if-range': '"old"' });
    expect(stale.response.status).toBe(200);
    expect(stale.body.equals(whole)).toBe(true);
    const download = await get(`${viaCache(video.url)}&download=1`);
    expect(download.response.headers.get('content-disposition')).toMatch(/^attachment; filename=.*\.webm/);
    expect(download.body.equals(whole)).toBe(true);
  });

  it("with cached decisions, bad and unsigned requests get the API's refusal, forged headers nothing", async () => {
    const target = (
      await fetch(new URL(video.url, server.baseUrl), { headers: { 'x-stream-accel': 'on' } })
    ).headers.get('x-accel-redirect')!;
    const signed = new URL(viaCache(video.url));
    const forgedSignature = new URL(signed);
    forgedSignature.searchParams.set('signature', 'A'.repeat(43));
    const forgedHeaders = {
      'x-accel-redirect': target,
      'x-stream-blob': target.slice(prefixes[storage].length),
      'x-stream-decide': 'on',
      'x-stream-accel': 'on',
    };
    for (const url of [
      forgedSignature.href,
      `${cached.baseUrl}/api/videoservice/video/${video.id}`,
      `${cached.baseUrl}/api/videoservice/video/none?expires=1&signature=x`,
      `${cached.baseUrl}/_stream_cached/api/videoservice/video/${video.id}${signed.search}`,
      `${cached.baseUrl}/_stream_decide`,
    ]) {
      const forged = await get(url, forgedHeaders);
      expect(forged.response.status, url).toBeGreaterThanOrEqual(400);
      expect(forged.response.headers.get('x-stream-blob'), url).toBeNull();
      expect(forged.body.includes(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])), url).toBe(false);
    }
    // The API answers a decision only to nginx's own question; a client's X-Stream-Decide is dropped.
    const asked = await get(viaNginx(video.url), { 'x-stream-decide': 'on', range: 'bytes=0-3' });
    expect(asked.response.status).toBe(206);
    expect(asked.body.toString('hex')).toBe('1a45dfa3');
  });

  it('with cached decisions, a revoked link sends nothing once the documented 3 s have passed', async () => {
    const other = await uploadVideo(cached.baseUrl, webm, { token: owner.idToken });
    const id = other.json.video!.id;
    await as(owner).updateVideo({ videoId: id, title: 'shared', visibility: Visibility.SHARED });
    const signed = (await as(owner).getVideo({ videoId: id })).url;
    expect((await get(viaCache(signed), { range: 'bytes=0-9' })).response.status).toBe(206);
    await as(owner).updateVideo({ videoId: id, title: 'shared', visibility: Visibility.PRIVATE });
    await new Promise((resolve) => setTimeout(resolve, 3000)); // docs/deploy.md: at most 3 s
    for (const headers of [{}, { range: 'bytes=0-9' }, { range: 'bytes=4-' }] as Record<string, string>[]) {
      const revoked = await get(viaCache(signed), headers);
      expect(revoked.response.status).toBe(404);
      expect(revoked.body.includes(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))).toBe(false);
      expect(revoked.body.length).toBeLessThan(100);
    }
  });
});
