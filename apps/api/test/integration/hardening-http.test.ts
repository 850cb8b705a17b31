// Security headers, rate limits, secrets kept out of the log, and missing
// assets, over the real server with a small built web app and tokens from the Auth emulator.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Code, ConnectError } from '@connectrpc/connect';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAILED_AUTH_LIMIT, UPLOAD_LIMIT } from '../../src/platform/rate-limits/rate-limits';
import { startAuthEmulator } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { videoClient } from '../support/clients';
import { INLINE_SCRIPT, startEdgeServer, type EdgeServer } from '../support/edge-server';
import { uploadVideo } from '../support/upload';
import { makeWebm } from '../support/webm';
import { shareTokenOf } from '../support/share';

let emulator: AuthEmulator;
let server: EdgeServer;
let owner: TestUser;
let webm: Uint8Array;
beforeAll(async () => {
  emulator = await startAuthEmulator();
  // TRUST_PROXY naming this machine so that each test can be its own client address (X-Forwarded-For);
  // loopback is never limited. The emulator's tokens through that "proxy" need the development setting.
  [server, owner, webm] = await Promise.all([
    startEdgeServer({ TRUST_PROXY: '127.0.0.1', FIREBASE_AUTH_EMULATOR_THROUGH_PROXY: 'true' }, emulator.host),
    newTestUser(emulator.host),
    makeWebm({ seconds: 1 }).then((path) => readFileSync(path)),
  ]);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await emulator?.stop();
});

let lastAddress = 0;
/** A client address of its own (TEST-NET-3), as a trusted proxy would report it. */
const newAddress = () => ({ 'x-forwarded-for': `203.0.113.${++lastAddress}` });

async function uploaded() {
  const answer = await uploadVideo(server.baseUrl, webm, { token: owner.idToken, headers: newAddress() });
  expect(answer.status).toBe(201);
  return answer.json.video!;
}

describe('security headers (#10)', () => {
  const expectCommonHeaders = (headers: Headers) => {
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  };

  it('on the app page: a CSP that allows its inline script by hash, Firebase Auth, blob: media, and no inline styles', async () => {
    const response = await fetch(`${server.baseUrl}/`);
    expect(response.status).toBe(200);
    expectCommonHeaders(response.headers);
    const csp = Object.fromEntries(
      response.headers
        .get('content-security-policy')!
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );
    const hash = `'sha256-${createHash('sha256').update(INLINE_SCRIPT).digest('base64')}'`;
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'", hash, 'https://apis.google.com']);
    expect(csp['style-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(
      expect.arrayContaining([
        "'self'",
        'https://identitytoolkit.googleapis.com',
        'https://securetoken.googleapis.com',
      ]),
    );
    expect(csp['media-src']).toEqual(["'self'", 'blob:']);
    expect(csp['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['upgrade-insecure-requests']).toBeUndefined();
  });

  it('on an RPC answer and on a stream answer', async () => {
    const rpc = await fetch(`${server.baseUrl}/videoservice.VideoService/GetVideo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"videoId":"nothing"}',
    });
    expect(rpc.status).toBe(401);
    expectCommonHeaders(rpc.headers);
    const video = await uploaded();
    const stream = await fetch(`${server.baseUrl}${video.url}`, { headers: { range: 'bytes=0-99' } });
    expect(stream.status).toBe(206);
    expectCommonHeaders(stream.headers);
  });
});

describe('rate limits per client address (#10)', () => {
  it('failed sign-ins: past the limit every request with credentials is 429 / resource_exhausted with Retry-After', async () => {
    const address = newAddress();
    const badToken = { authorization: 'Bearer not-a-token' };
    const client = videoClient(server.baseUrl, { headers: { ...address, ...badToken } });
    for (let i = 0; i < FAILED_AUTH_LIMIT.max; i++) {
      const code = await client.listVideos({}).catch((error: ConnectError) => error.code);
      expect(code).toBe(Code.Unauthenticated);
    }
    const limited = await client.listVideos({}).catch((error: ConnectError) => error);
    expect(limited).toBeInstanceOf(ConnectError);
    expect((limited as ConnectError).code).toBe(Code.ResourceExhausted);
    expect(Number((limited as ConnectError).metadata.get('retry-after'))).toBeGreaterThan(0);
    // Even a good token from that address waits; HTTP routes answer 429 with Retry-After.
    const good = videoClient(server.baseUrl, { token: owner.idToken, headers: address });
    expect(await good.listVideos({}).catch((error: ConnectError) => error.code)).toBe(Code.ResourceExhausted);
    const stream = await fetch(`${server.baseUrl}/api/videoservice/video/x`, { headers: { ...address, ...badToken } });
    expect(stream.status).toBe(429);
    expect(Number(stream.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected, and signed-out calls are not failures.
    expect(
      (await videoClient(server.baseUrl, { token: owner.idToken, headers: newAddress() }).listVideos({})).videos,
    ).toBeDefined();
  });

  it('failed sign-ins on the HTTP routes count too', async () => {
    const headers = { ...newAddress(), authorization: 'Bearer not-a-token' };
    for (let i = 0; i < FAILED_AUTH_LIMIT.max; i++) {
      expect((await fetch(`${server.baseUrl}/api/videoservice/video/x`, { headers })).status).toBe(401);
    }
    expect((await fetch(`${server.baseUrl}/api/videoservice/video/x`, { headers })).status).toBe(429);
  });

  it('upload attempts: past the limit an upload is 429 with Retry-After', async () => {
    const headers = { ...newAddress(), authorization: `Bearer ${owner.idToken}` };
    const attempt = () =>
      fetch(`${server.baseUrl}/api/videoservice/upload`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'text/plain' },
        body: 'x',
      });
    for (let i = 0; i < UPLOAD_LIMIT.max; i++) expect((await attempt()).status).toBe(415);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('300 range requests of a playing video with its signed URL all get 206', async () => {
    const video = await uploaded();
    const headers = newAddress();
    const statuses = new Set<number>();
    for (let i = 0; i < 300; i++) {
      const response = await fetch(`${server.baseUrl}${video.url}`, {
        headers: { ...headers, range: `bytes=${i}-${i + 1023}` },
      });
      await response.arrayBuffer();
      statuses.add(response.status);
    }
    expect([...statuses]).toEqual([206]);
  });
});

describe('secrets stay out of the log (#8)', () => {
  it('no line holds a signature, a share token or an ID token', async () => {
    const video = await uploaded();
    const client = videoClient(server.baseUrl, { token: owner.idToken, headers: newAddress() });
    const shareToken = shareTokenOf((await client.shareVideo({ videoId: video.id })).url);
    const signature = new URL(video.url, server.baseUrl).searchParams.get('signature')!;
    expect((await fetch(`${server.baseUrl}${video.url}`, { headers: { range: 'bytes=0-9' } })).status).toBe(206);
    expect((await fetch(`${server.baseUrl}/api/videoservice/video/${video.id}?share=${shareToken}`)).status).toBe(200);
    // A name spelled with percent-escapes is the same parameter to the query parser, so the same secret.
    expect((await fetch(`${server.baseUrl}/api/videoservice/video/${video.id}?sh%61re=${shareToken}`)).status).toBe(
      200,
    );
    expect((await fetch(`${server.baseUrl}/%73/${shareToken}`)).status).toBe(200);
    expect(
      (await fetch(`${server.baseUrl}/api/videoservice/video/${video.id}?signature=${signature}x&expires=1`)).status,
    ).toBe(401);
    await videoClient(server.baseUrl, { headers: { 'x-share-token': shareToken } }).getVideo({ videoId: video.id });
    expect((await fetch(`${server.baseUrl}/s/${shareToken}`)).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/embed/${shareToken}`)).status).toBe(200);
    const oembed = await fetch(
      `${server.baseUrl}/api/oembed?url=${encodeURIComponent(`${server.baseUrl}/s/${shareToken}`)}`,
    );
    expect(oembed.status).toBe(200);
    const log = server.logLines.join('');
    expect(log).toContain(`/api/videoservice/video/${video.id}?`);
    for (const secret of [shareToken, signature, owner.idToken]) expect(log).not.toContain(secret);
  });
});

describe('missing files (#12)', () => {
  it('a missing asset, or any missing path with a file extension, is 404; app routes still get the page', async () => {
    for (const path of ['/assets/x.js', '/assets/deep/nothing', '/favicon.ico', '/videos/logo.png']) {
      const response = await fetch(`${server.baseUrl}${path}`);
      expect(response.status, path).toBe(404);
    }
    expect((await fetch(`${server.baseUrl}/assets/app.js`)).status).toBe(200);
    for (const path of ['/videos', '/video/abc-123', '/login?next=%2Fvideos']) {
      const response = await fetch(`${server.baseUrl}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
    }
  });
});
