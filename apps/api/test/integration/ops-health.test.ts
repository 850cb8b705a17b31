// /healthz, /readyz and /metrics through the real server: readiness names the check
// that fails (blob store, migrations) and reuses answers for a moment; /metrics needs its token
// and counts requests per route and RPC, upload and stream bytes, the queue's depth, memory.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulator } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { videoClient } from '../support/clients';
import { startTestServer, type TestServer } from '../support/test-server';
import { uploadVideo } from '../support/upload';
import { until } from '../support/until';
import { makeWebm } from '../support/webm';

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';

/** One sample of a Prometheus text exposition: the value of `name{labels}`, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe('health, readiness and metrics', () => {
  let emulator: AuthEmulator;
  let user: TestUser;
  let webm: Uint8Array;
  let server: TestServer | undefined;

  beforeAll(async () => {
    [emulator, webm] = await Promise.all([
      startAuthEmulator(),
      makeWebm({ seconds: 1 }).then((path) => readFileSync(path)),
    ]);
    user = await newTestUser(emulator.host);
  }, 120_000);
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  afterAll(async () => emulator?.stop());

  const start = async (env: Record<string, string> = {}) =>
    (server = await startTestServer({ database: 'pglite', emulatorHost: emulator.host, env }));

  it('answers /healthz and a ready /readyz naming each check, with no warning while a worker is alive', async () => {
    const { baseUrl } = await start({ WORKER: 'true' });
    const health = await fetch(`${baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      ready: true,
      checks: { database: 'ok', migrations: 'ok', blobStore: 'ok', queue: 'ok', disk: 'ok' },
    });
    // The write probe leaves nothing behind.
    expect(await server!.listBlobs()).toEqual([]);
  });

  it('is not ready when the blob store cannot be written, and says so', async () => {
    const { baseUrl, dataDir } = await start();
    rmSync(join(dataDir, 'blobs'), { recursive: true, force: true });
    writeFileSync(join(dataDir, 'blobs'), 'a file where the blob folder should be');
    const ready = await fetch(`${baseUrl}/readyz`);
    expect(ready.status).toBe(503);
    const report = (await ready.json()) as { ready: boolean; checks: Record<string, string> };
    expect(report.ready).toBe(false);
    expect(report.checks.blobStore).not.toBe('ok');
    expect(report.checks.database).toBe('ok');
  });

  it('reuses the blob store probe for a while, so a balancer polling every second costs little', async () => {
    const { baseUrl, dataDir } = await start();
    expect((await fetch(`${baseUrl}/readyz`)).status).toBe(200);
    rmSync(join(dataDir, 'blobs'), { recursive: true, force: true });
    writeFileSync(join(dataDir, 'blobs'), 'broken');
    expect((await fetch(`${baseUrl}/readyz`)).status).toBe(200); // the answer of a moment ago
  });

  it('warns on /readyz when no worker is alive, staying ready for a balancer; ?strict=1 fails', async () => {
    const { baseUrl } = await start({ WORKER: 'false' });
    const ready = await fetch(`${baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    const report = (await ready.json()) as { ready: boolean; warnings?: Record<string, string> };
    expect(report.ready).toBe(true);
    expect(report.warnings?.workers).toMatch(/no worker alive in the last 30 s/);
    const strict = await fetch(`${baseUrl}/readyz?strict=1`);
    expect(strict.status).toBe(503);
    expect(((await strict.json()) as { checks: Record<string, string> }).checks.workers).toMatch(/no worker alive/);
  });

  it('is not ready while a migration this code knows is not applied, naming it', async () => {
    const { baseUrl, database } = await start();
    await sql`delete from kysely_migration where name = '20261122043000-create-videos'`.execute(database.db);
    const ready = await fetch(`${baseUrl}/readyz`);
    expect(ready.status).toBe(503);
    const report = (await ready.json()) as { checks: Record<string, string> };
    expect(report.checks.migrations).toContain('20261122043000-create-videos');
  });

  it('serves /metrics only with METRICS_TOKEN, and not at all without one', async () => {
    const off = await start();
    expect((await fetch(`${off.baseUrl}/metrics`)).status).toBe(404);
    await off.close();
    const { baseUrl } = await start({ METRICS_TOKEN });
    expect((await fetch(`${baseUrl}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}x` } });
    expect(wrong.status).toBe(401);
    const right = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(right.status).toBe(200);
    expect(right.headers.get('content-type')).toContain('text/plain');
  });

  it('counts requests per route and RPC, upload and stream bytes, the queue and memory', async () => {
    const { baseUrl } = await start({ METRICS_TOKEN });
    const uploaded = await uploadVideo(baseUrl, webm, { token: user.idToken });
    expect(uploaded.status).toBe(201);
    const video = uploaded.json.video!;
    const range = await fetch(new URL(video.url, baseUrl), { headers: { range: 'bytes=0-99' } });
    expect(range.status).toBe(206);
    expect((await range.arrayBuffer()).byteLength).toBe(100);
    const client = videoClient(baseUrl, { token: user.idToken, protocol: 'grpc-web' });
    await client.getVideo({ videoId: video.id });
    await client.getVideo({ videoId: video.id });

    expect((await fetch(`${baseUrl}/api/no-such-route`)).status).toBe(404);

    const text = await (
      await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    expect(sample(text, 'stream_http_requests_total', { route: 'unmatched', method: 'GET', status: '404' })).toBe(1);
    const rpc = { route: '/videoservice.VideoService/GetVideo', method: 'POST', status: '200' };
    expect(sample(text, 'stream_http_requests_total', rpc)).toBe(2);
    const upload = { route: '/api/videoservice/upload', method: 'POST', status: '201' };
    expect(sample(text, 'stream_http_requests_total', upload)).toBe(1);
    const stream = { route: '/api/videoservice/video/:id', method: 'GET', status: '206' };
    expect(sample(text, 'stream_http_requests_total', stream)).toBe(1);
    expect(sample(text, 'stream_http_request_duration_seconds_count', { route: rpc.route })).toBe(2);
    expect(sample(text, 'stream_upload_bytes_total')).toBeGreaterThan(webm.byteLength);
    expect(sample(text, 'stream_stream_bytes_total')).toBe(100);
    expect(sample(text, 'stream_active_streams')).toBe(0);
    expect(sample(text, 'stream_active_uploads')).toBe(0);
    expect(sample(text, 'stream_job_queue_depth')).toBe(1); // the upload's job: this server runs no worker
    expect(sample(text, 'stream_job_workers_alive')).toBe(0);
    expect(sample(text, 'stream_job_queue_oldest_seconds')).toBeGreaterThan(0); // that job waits
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(1_000_000);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    // The health routes are counted too, but never logged at info (their routes log at warn).
    expect(sample(text, 'stream_http_requests_total', { route: '/metrics', status: '401' })).toBeUndefined();
  });

  it('counts an upload whose connection closed before its answer among connections closed early', async () => {
    const { baseUrl } = await start({ METRICS_TOKEN });
    const metric = async () =>
      sample(
        await (await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text(),
        'stream_connections_closed_early_total',
        { kind: 'upload' },
      );
    expect(await metric()).toBeUndefined();
    const { port } = new URL(baseUrl);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((done) => socket.once('connect', done));
    // A body announced at a megabyte, a few bytes of it sent, then the connection gone.
    socket.write(
      `POST /api/videoservice/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${user.idToken}\r\n` +
        `Content-Type: multipart/form-data; boundary=b\r\nContent-Length: 1048576\r\n\r\n--b\r\n`,
    );
    await new Promise((done) => setTimeout(done, 300));
    socket.destroy();
    await until('the cut upload to be counted', async () => ((await metric()) === 1 ? true : undefined));
  });
});
