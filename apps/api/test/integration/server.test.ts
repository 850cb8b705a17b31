import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Code, ConnectError, createClient } from '@connectrpc/connect';
import { createGrpcTransport } from '@connectrpc/connect-node';
import { createConnectTransport, createGrpcWebTransport } from '@connectrpc/connect-web';
import { VideoService } from '@stream/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let baseUrl: string;
const webDist = mkdtempSync(join(tmpdir(), 'stream-web-'));
const appScript = `console.log(${JSON.stringify('x'.repeat(4096))});`;

beforeAll(async () => {
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Stream</title><div id="root"></div>');
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'assets/app.js'), appScript);
  writeFileSync(join(webDist, 'assets/app.js.gz'), gzipSync(appScript));
  server = await startTestServer({ database: 'pglite', env: { WEB_DIST: webDist } });
  baseUrl = server.baseUrl;
});

afterAll(async () => {
  await server?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('the API server', () => {
  it('answers gRPC-web calls on /videoservice.VideoService/{Method}', async () => {
    const client = createClient(VideoService, createGrpcWebTransport({ baseUrl }));
    const error = await client.listVideos({ pageSize: 10, pageNumber: 0 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectError);
    expect((error as ConnectError).code).toBe(Code.Unauthenticated);
  });

  it('answers the Connect protocol on the same paths', async () => {
    const client = createClient(VideoService, createConnectTransport({ baseUrl }));
    const error = await client.getVideo({ videoId: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectError);
    expect((error as ConnectError).code).toBe(Code.Unauthenticated);
  });

  it('answers native gRPC (HTTP/2 without TLS) on the same port', async () => {
    const transport = createGrpcTransport({ baseUrl });
    const error = await createClient(VideoService, transport)
      .listVideos({ pageSize: 10, pageNumber: 0 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectError);
    expect((error as ConnectError).code).toBe(Code.Unauthenticated);
  });

  it('frames a raw gRPC-web POST with a grpc-status trailer', async () => {
    const emptyMessage = new Uint8Array([0, 0, 0, 0, 0]);
    const response = await fetch(`${baseUrl}/videoservice.VideoService/ListVideos`, {
      method: 'POST',
      headers: { 'content-type': 'application/grpc-web+proto', 'x-grpc-web': '1' },
      body: emptyMessage,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/grpc-web/);
    const status = response.headers.get('grpc-status') ?? new TextDecoder().decode(await response.arrayBuffer());
    expect(status).toMatch(/grpc-status|^\d+$/);
  });

  it('serves the web app at / and its index for client-side routes', async () => {
    for (const path of ['/', '/videos', '/video/abc']) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toContain('<title>Stream</title>');
    }
  });

  it("serves the build's gzip copy of a script to a browser that accepts gzip, the script to one that does not", async () => {
    const gzip = await fetch(`${baseUrl}/assets/app.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toBe(appScript); // fetch decodes it
    const plain = await fetch(`${baseUrl}/assets/app.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(appScript);
  });

  it('does not answer unknown API paths with the web app', async () => {
    const response = await fetch(`${baseUrl}/api/nope`);
    expect(response.status).toBe(404);
  });
});
