// @vitest-environment happy-dom
/**
 * The upload client against a real HTTP server on 127.0.0.1 (happy-dom's XMLHttpRequest sends real
 * requests; the server reads the multipart body with @fastify/busboy). Upload progress events, which
 * happy-dom does not emit, are checked with an injected XHR in upload-progress.test.ts.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Busboy, { type BusboyHeaders } from '@fastify/busboy';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUploadClient } from './upload-client';
import { uploadMessages } from './upload-messages';

interface Received {
  path: string;
  authorization?: string;
  idempotencyKey?: string;
  field?: string;
  filename?: string;
  bytes: number;
}

let server: Server;
let origin: string;
let received: Received[] = [];
/** Lets a test hold the server's answer to check the lock. */
let hold: Promise<void> | undefined;

// Each scenario is a path prefix: <origin>/<scenario>/api/videoservice/upload.
const answers: Record<string, (res: ServerResponse) => void> = {
  ok: (res) => json(res, 201, { message: 'Stored', video: { id: 'v-123', title: 'recording' } }),
  'ok-empty': (res) => res.writeHead(200).end(),
  'too-large': (res) => json(res, 413, { message: 'Payload too large' }),
  'over-quota': (res) =>
    json(res, 413, { message: 'Your storage quota is full: 1.0 MB left.', code: 'quota_exceeded' }),
  unauthenticated: (res) => json(res, 401, { message: 'missing token' }),
  broken: (res) => res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error'),
  unsupported: (res) => json(res, 415, { message: 'not a WebM file' }),
};

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function handle(req: IncomingMessage, res: ServerResponse) {
  res.setHeader('access-control-allow-origin', '*');
  res.setHeader('access-control-allow-headers', 'authorization, idempotency-key');
  if (req.method === 'OPTIONS') return res.writeHead(204).end();
  const [, scenario = '', ...rest] = (req.url ?? '').split('/');
  const entry: Received = {
    path: `/${rest.join('/')}`,
    authorization: req.headers.authorization,
    idempotencyKey: req.headers['idempotency-key'] as string | undefined,
    bytes: 0,
  };
  const parser = new Busboy({ headers: req.headers as BusboyHeaders });
  parser.on('file', (field, stream, filename) => {
    entry.field = field;
    entry.filename = filename;
    stream.on('data', (chunk: Buffer) => (entry.bytes += chunk.length));
  });
  parser.on('finish', async () => {
    received.push(entry);
    await hold;
    (answers[scenario] ?? answers.broken!)(res);
  });
  req.pipe(parser);
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received = [];
  hold = undefined;
});

const recording = () =>
  new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 4])], { type: 'video/webm;codecs=vp8,opus' });
const client = (scenario: string, token: string | null = 'token-abc') =>
  createUploadClient({ baseUrl: `${origin}/${scenario}`, getToken: () => token ?? undefined, isOnline: () => true });

describe('upload client (real HTTP on 127.0.0.1)', () => {
  it('posts the recording as field "video" named recording.webm with the bearer token', async () => {
    const result = await client('ok').upload(recording());
    expect(received).toEqual([
      {
        path: '/api/videoservice/upload',
        authorization: 'Bearer token-abc',
        idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/),
        field: 'video',
        filename: 'recording.webm',
        bytes: 8,
      },
    ]);
    expect(result).toEqual({
      ok: true,
      status: 201,
      message: 'Video uploaded successfully!',
      serverMessage: 'Stored',
      videoId: 'v-123',
    });
  });

  it('names each recording with its own Idempotency-Key, the same for every retry of it', async () => {
    const first = recording();
    const uploads = client('ok');
    await uploads.upload(first);
    await uploads.upload(first); // a retry
    await uploads.upload(recording());
    await uploads.upload(first, { idempotencyKey: 'chosen-by-the-app' });
    const keys = received.map((entry) => entry.idempotencyKey);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(keys[3]).toBe('chosen-by-the-app');
  });

  it('succeeds on an OK answer with an empty body', async () => {
    expect(await client('ok-empty').upload(recording())).toEqual({
      ok: true,
      status: 200,
      message: uploadMessages.success,
    });
  });

  it('413 → "Video file is too large. Please record a shorter video."', async () => {
    expect(await client('too-large').upload(recording())).toEqual({
      ok: false,
      code: 'too-large',
      status: 413,
      message: 'Video file is too large. Please record a shorter video.',
      detail: 'Upload failed with status: 413',
      serverMessage: 'Payload too large',
    });
  });

  it("413 with code quota_exceeded → the server's sentence, not the too-large one", async () => {
    expect(await client('over-quota').upload(recording())).toEqual({
      ok: false,
      code: 'quota-exceeded',
      status: 413,
      message: 'Your storage quota is full: 1.0 MB left.',
      detail: 'Upload failed with status: 413',
      serverMessage: 'Your storage quota is full: 1.0 MB left.',
    });
  });

  it('401 → "Session expired. Please login again."', async () => {
    const result = await client('unauthenticated', null).upload(recording());
    expect(received[0]?.authorization).toBeUndefined();
    expect(result).toMatchObject({
      ok: false,
      code: 'unauthenticated',
      status: 401,
      message: 'Session expired. Please login again.',
      detail: 'Upload failed with status: 401',
    });
  });

  it('500 (a non-JSON body) and 415 → "Failed to upload video."', async () => {
    expect(await client('broken').upload(recording())).toEqual({
      ok: false,
      code: 'failed',
      status: 500,
      message: 'Failed to upload video.',
      detail: 'Upload failed with status: 500',
    });
    expect(await client('unsupported').upload(recording())).toMatchObject({
      code: 'failed',
      message: 'Failed to upload video.',
      detail: 'Upload failed with status: 415',
    });
  });

  it('a network error (nothing listening) → "No internet connection. Please check your network."', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const offline = createUploadClient({
      baseUrl: `http://127.0.0.1:${port}`,
      getToken: () => 't',
      isOnline: () => true,
    });
    expect(await offline.upload(recording())).toMatchObject({
      ok: false,
      code: 'offline',
      message: 'No internet connection. Please check your network.',
    });
  });

  it('navigator.onLine false → the offline message, and nothing is sent', async () => {
    const offline = createUploadClient({ baseUrl: `${origin}/ok`, getToken: () => 't', isOnline: () => false });
    expect(await offline.upload(recording())).toMatchObject({ code: 'offline', message: uploadMessages.offline });
    expect(received).toEqual([]);
  });

  it('one upload at a time: a second one answers busy and sends nothing; afterwards uploads work again', async () => {
    let release!: () => void;
    hold = new Promise<void>((resolve) => (release = resolve));
    const uploads = client('ok');
    const first = uploads.upload(recording());
    expect(uploads.isUploading).toBe(true);
    expect(await uploads.upload(recording())).toMatchObject({ ok: false, code: 'busy', message: uploadMessages.busy });
    release();
    expect(await first).toMatchObject({ ok: true });
    expect(received).toHaveLength(1);
    expect(uploads.isUploading).toBe(false);
    expect(await uploads.upload(recording())).toMatchObject({ ok: true });
    expect(received).toHaveLength(2);
  });
});
