// The range requests of a playing video skip Fastify (src/videos/signed-range-lane.ts). Each
// answer the lane gives must be the route's, byte for byte and header for header; whatever the lane
// cannot answer exactly (a first request, a revoked or forged URL, validators, a 416, odd queries)
// must reach the route, whose answer it then is.
import { connect, type Socket } from 'node:net';
import type { AuthEmulator } from '@stream/auth/testing';
import { Visibility } from '@stream/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTestUser, startAuthEmulator } from '../support/auth-emulator';
import { videoClient } from '../support/clients';
import { startEdgeServer, type EdgeServer } from '../support/edge-server';
import { startTestServer, type TestServer } from '../support/test-server';
import { uploadVideo } from '../support/upload';

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

async function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  const response = await fetch(url, { method, headers });
  const body = Buffer.from(await response.arrayBuffer());
  const all: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'date') all[name] = value;
  });
  return { status: response.status, headers: all, body };
}

describe('the signed range lane', () => {
  let emulator: AuthEmulator;
  let server: TestServer;
  let owner: Awaited<ReturnType<typeof newTestUser>>;
  let videoId: string;
  let signedUrl: string;
  const file = Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3]),
    Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251)),
  ]);
  const answered = () => server.app.signedRangeLane!.answered();
  /** Through the lane, then the same request forced through the route (If-Range naming the current version changes nothing). */
  async function laneAndRoute(url: string, headers: Record<string, string>, method = 'GET') {
    const before = answered();
    const lane = await get(url, headers, method);
    expect(answered(), `the lane answers ${method} ${JSON.stringify(headers)}`).toBe(before + 1);
    const route = await get(url, { ...headers, 'if-range': lane.headers.etag! }, method);
    expect(answered(), 'If-Range goes to the route').toBe(before + 1);
    return { lane, route };
  }

  beforeAll(async () => {
    emulator = await startAuthEmulator();
    server = await startTestServer({
      database: 'pglite',
      emulatorHost: emulator.host,
      env: { METRICS_TOKEN: 'lane-metrics-token-0123' },
    });
    owner = await newTestUser(emulator.host);
    const uploaded = await uploadVideo(server.baseUrl, file, { token: owner.idToken });
    videoId = uploaded.json.video!.id;
    const video = await videoClient(server.baseUrl, { token: owner.idToken }).getVideo({ videoId });
    signedUrl = `${server.baseUrl}${video.url}`;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await emulator?.stop();
  });

  it('is on without nginx, and leaves a URL’s first request to the route', async () => {
    expect(server.app.signedRangeLane).toBeDefined();
    const before = answered();
    const first = await get(signedUrl, { range: 'bytes=0-3' });
    expect(first.status).toBe(206);
    expect(answered()).toBe(before); // the route found the version and remembered it
    expect((await get(signedUrl, { range: 'bytes=0-3' })).status).toBe(206);
    expect(answered()).toBe(before + 1);
  });

  it.each([
    ['a range', 'GET', { range: 'bytes=0-99' }],
    ['an open range', 'GET', { range: 'bytes=4000-' }],
    ['a suffix', 'GET', { range: 'bytes=-50' }],
    ['a range past the end', 'GET', { range: 'bytes=4990-999999' }],
    ['the whole file', 'GET', {}],
    ['a range it does not read (two spans)', 'GET', { range: 'bytes=0-1,5-6' }],
    ['a HEAD', 'HEAD', {}],
    ['a HEAD of a range', 'HEAD', { range: 'bytes=10-19' }],
  ] as const)('answers %s exactly as the route does', async (_name, method, headers) => {
    const { lane, route } = await laneAndRoute(signedUrl, { ...headers }, method);
    expect(lane.status).toBe(route.status);
    expect(lane.headers).toEqual(route.headers);
    expect(lane.body.equals(route.body)).toBe(true);
    if (method === 'GET' && lane.status === 206) {
      const [start, end] = /bytes (\d+)-(\d+)\//.exec(lane.headers['content-range']!)!.slice(1).map(Number);
      expect(lane.body.equals(file.subarray(start, end! + 1))).toBe(true);
    }
  });

  it('carries the security headers and counts in the route’s metrics', async () => {
    const answer = await get(signedUrl, { range: 'bytes=0-9' });
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
    const metricsNow = async () =>
      (await server.app.inject({ url: '/metrics', headers: { authorization: 'Bearer lane-metrics-token-0123' } })).body;
    const served = (text: string) =>
      Number(
        /stream_http_requests_total\{route="\/api\/videoservice\/video\/:id",method="GET",status="206"\} (\d+)/.exec(
          text,
        )?.[1] ?? 0,
      );
    const sampled = (text: string, name: string) =>
      Number(new RegExp(`^${name}(?:\\{kind="stream"\\})? (\\d+)`, 'm').exec(text)?.[1] ?? 0);
    const earlier = await metricsNow();
    const before = served(earlier);
    expect(before).toBeGreaterThan(0); // the earlier cases'
    const lanesBefore = answered();
    await get(signedUrl, { range: 'bytes=0-9' });
    await get(signedUrl, { range: 'bytes=10-19' });
    expect(answered()).toBe(lanesBefore + 2); // counted as each answer ended, before its client read it
    const now = await metricsNow();
    expect(served(now)).toBe(before + 2);
    expect(sampled(now, 'stream_stream_bytes_total')).toBe(sampled(earlier, 'stream_stream_bytes_total') + 20);
    expect(sampled(now, 'stream_active_streams')).toBe(0);
    expect(sampled(now, 'stream_connections_closed_early_total')).toBe(
      sampled(earlier, 'stream_connections_closed_early_total'),
    );
  });

  it('hands the route what it cannot answer exactly, which then answers it', async () => {
    const before = answered();
    const url = new URL(signedUrl);
    const forged = new URL(url);
    forged.searchParams.set('signature', 'A'.repeat(url.searchParams.get('signature')!.length));
    const cases: [string, string, Record<string, string>, number][] = [
      ['an unsatisfiable range', signedUrl, { range: 'bytes=9000-' }, 416],
      ['a forged signature', forged.href, { range: 'bytes=0-9' }, 401],
      ['a repeated parameter', `${signedUrl}&v=${url.searchParams.get('v')}`, { range: 'bytes=0-9' }, 206],
      ['an unknown parameter', `${signedUrl}&x=1`, { range: 'bytes=0-9' }, 206],
      ['a percent-encoded query', `${signedUrl}&x=%3Cb%3E`, { range: 'bytes=0-9' }, 206],
      ['an encoded NUL', `${signedUrl}&x=%00`, { range: 'bytes=0-9' }, 400],
      ['If-None-Match of this version', signedUrl, { 'if-none-match': '"x"' }, 200],
      ['a forwarded request', signedUrl, { range: 'bytes=0-9', 'x-forwarded-for': '203.0.113.9' }, 206],
      ['an Authorization header', signedUrl, { range: 'bytes=0-9', authorization: 'Bearer nonsense' }, 401],
    ];
    for (const [name, target, headers, status] of cases) {
      expect((await get(target, headers)).status, name).toBe(status);
      expect(answered(), name).toBe(before);
    }
  });

  it('sends nothing of a URL revoked after the lane answered it', async () => {
    const videos = videoClient(server.baseUrl, { token: owner.idToken });
    await videos.shareVideo({ videoId });
    const shared = `${server.baseUrl}${(await videos.getVideo({ videoId })).url}`;
    expect((await get(shared, { range: 'bytes=0-9' })).status).toBe(206); // the route
    const before = answered();
    expect((await get(shared, { range: 'bytes=0-9' })).status).toBe(206);
    expect(answered()).toBe(before + 1); // the lane
    await videos.updateVideo({ videoId, title: 'private now', visibility: Visibility.PRIVATE });
    const revoked = await get(shared, { range: 'bytes=0-9' });
    expect(revoked.status).toBe(404);
    expect(revoked.body.includes(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))).toBe(false);
    expect(answered()).toBe(before + 1);
  });

  // Last: it stops the server's listener (closeListenerFirst's first step; afterAll closes the rest).
  it('hands the route a request that arrives on an open connection once the server is stopping', async () => {
    const videos = videoClient(server.baseUrl, { token: owner.idToken });
    const url = new URL(`${server.baseUrl}${(await videos.getVideo({ videoId })).url}`);
    const head = `GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nRange: bytes=0-9\r\n`;
    const socket = connect(Number(url.port), url.hostname);
    try {
      expect(await exchange(socket, `${head}\r\n`)).toMatch(/^HTTP\/1\.1 206 /); // the route
      const before = answered();
      expect(await exchange(socket, `${head}\r\n`)).toMatch(/^HTTP\/1\.1 206 /);
      expect(answered()).toBe(before + 1); // the lane, on the same connection
      // A request under way when the listener closes (Node's close() ends only idle connections).
      const answer = exchange(socket, head);
      await new Promise((done) => setTimeout(done, 50));
      server.app.server.close();
      socket.write('\r\n');
      expect(await answer).toMatch(/^HTTP\/1\.1 206 /);
      expect(answered()).toBe(before + 1); // the route again
    } finally {
      socket.destroy();
    }
  });
});

/** Writes `request` on `socket` and resolves with the answer, once its head and Content-Length bytes are in. */
function exchange(socket: Socket, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const onData = (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      const headEnd = answer.indexOf('\r\n\r\n');
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(answer)?.[1] ?? NaN);
      if (headEnd < 0 || answer.length < headEnd + 4 + length) return;
      socket.off('data', onData).off('close', onClose);
      resolve(answer);
    };
    const onClose = () => reject(new Error(`closed after: ${JSON.stringify(answer)}`));
    socket.on('data', onData).once('close', onClose);
    socket.write(request);
  });
}

describe('the signed range lane with request lines logged (LOG_LEVEL info, the default)', () => {
  let emulator: AuthEmulator;
  let server: EdgeServer;
  beforeAll(async () => {
    emulator = await startAuthEmulator();
    server = await startEdgeServer({}, emulator.host);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await emulator?.stop();
  });

  /** The request lines (JSON) logged under `reqId`, without the fields that differ between any two requests. */
  const linesOf = (reqId: string) =>
    server.logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.reqId === reqId)
      .map(({ time, responseTime, req, ...line }): Record<string, unknown> => {
        expect(typeof responseTime === 'number' || responseTime === undefined).toBe(true);
        const { remotePort, ...rest } = (req ?? {}) as Record<string, unknown>;
        return { ...line, ...(req ? { req: { ...rest, remotePort: typeof remotePort } } : {}), time: typeof time };
      });

  it('answers, and logs each answer as Fastify logs the route’s, secrets redacted, under the request’s id', async () => {
    const owner = await newTestUser(emulator.host);
    const file = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(3000, 7)]);
    const uploaded = await uploadVideo(server.baseUrl, file, { token: owner.idToken });
    const video = await videoClient(server.baseUrl, { token: owner.idToken }).getVideo({
      videoId: uploaded.json.video!.id,
    });
    const signedUrl = `${server.baseUrl}${video.url}`;
    const signature = new URL(signedUrl).searchParams.get('signature')!;
    const lane = server.app.signedRangeLane!;
    expect(lane).toBeDefined();

    const before = lane.answered();
    await get(signedUrl, { range: 'bytes=0-9', 'x-request-id': 'route-answers-0001' });
    expect(lane.answered()).toBe(before);
    const answer = await get(signedUrl, { range: 'bytes=0-9', 'x-request-id': 'lane-answers-0002' });
    expect(answer.status).toBe(206);
    expect(lane.answered()).toBe(before + 1);
    await new Promise((done) => setTimeout(done, 50)); // 'request completed' follows the answer's end

    const route = linesOf('route-answers-0001');
    const byLane = linesOf('lane-answers-0002').map((line) => ({ ...line, reqId: 'route-answers-0001' }));
    expect(route.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(byLane).toEqual(route);
    expect(route[0]!.req).toMatchObject({ method: 'GET', remoteAddress: '127.0.0.1', remotePort: 'number' });
    expect(route[1]!.res).toEqual({ statusCode: 206 });
    const laneLines = server.logLines.filter((line) => line.includes('lane-answers-0002'));
    expect(laneLines.join('\n')).toContain('signature=[redacted]');
    expect(laneLines.join('\n')).not.toContain(signature);
  });
});
