// The stream route's answers when the store fails after the lookup: a real Fastify server on
// 127.0.0.1 with a fake video service below (the integration tests cover the real one).
import { get } from 'node:http';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenVerifier } from '../platform/auth/token-verifier';
import { UrlSigner } from './url-signer';
import { MediaGoneError, type OpenedAsset, type VideoService } from './video.service';
import { registerStreamRoutes } from './video-stream.routes';

const SIZE = 1_000_000;

/** A video service whose one video opens fine and then fails as `writeTo` says. */
function videosWhoseWrite(writeTo: OpenedAsset['writeTo']): VideoService {
  const asset: OpenedAsset = {
    info: { size: SIZE, lastModified: new Date('2026-11-22T14:03:00Z') },
    stream: () => Promise.reject(new Error('not used')),
    writeTo,
    contentType: 'video/webm',
    version: { open: async () => asset },
  };
  return { openMedia: async () => asset } as unknown as VideoService;
}

describe('GET /api/videoservice/video/:id when the media fails after the lookup', () => {
  const logged: string[] = [];
  let app: FastifyInstance;
  let baseUrl: string;

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        logged.push(chunk.toString());
        callback();
      },
    });
    app = Fastify({ logger: { level: 'error', stream } });
    const verifier = {
      verify: () => Promise.reject(new Error('no tokens here')),
      close: async () => {},
    } as TokenVerifier;
    const signer = new UrlSigner('a-test-signing-secret-of-some-length', 600);
    const generations = { current: async () => 0 }; // nothing is ever revoked here
    // Each test mounts the same routes under its own prefix, with its own failing store.
    await app.register(
      async (scope) => registerStreamRoutes(scope, { videos: videosWhoseWrite(gone), signer, verifier, generations }),
      {
        prefix: '/gone',
      },
    );
    await app.register(
      async (scope) =>
        registerStreamRoutes(scope, { videos: videosWhoseWrite(halfThenFail), signer, verifier, generations }),
      {
        prefix: '/broken',
      },
    );
    await app.register(
      async (scope) =>
        registerStreamRoutes(scope, { videos: videosWhoseWrite(untilClosed), signer, verifier, generations }),
      {
        prefix: '/slow',
      },
    );
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app?.close());

  async function gone(): Promise<void> {
    throw new MediaGoneError();
  }

  async function halfThenFail(destination: Writable): Promise<void> {
    await new Promise<void>((resolve) => destination.write(Buffer.alloc(SIZE / 2, 1), () => resolve()));
    throw new Error('disk read failed');
  }

  /** Writes 64 KiB at a time, slowly, and gives up with an error once the socket is gone. */
  async function untilClosed(destination: Writable): Promise<void> {
    for (let sent = 0; sent < SIZE; sent += 65_536) {
      if (destination.destroyed) throw new Error('The destination closed before the blob was written');
      destination.write(Buffer.alloc(65_536, 2));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    destination.end();
  }

  it('answers 404 with a message when the blob vanished before its first byte', async () => {
    const response = await fetch(`${baseUrl}/gone/api/videoservice/video/v`, { headers: { range: 'bytes=0-99' } });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-range')).toBeNull();
    expect(await response.json()).toEqual({ message: 'This video has just been replaced or deleted' });
  });

  it('cuts the connection and logs the error when a read fails mid-body, never a short 200', async () => {
    const response = await fetch(`${baseUrl}/broken/api/videoservice/video/v`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(SIZE));
    await expect(response.arrayBuffer()).rejects.toThrow();
    expect(logged.join('')).toContain('streaming video v failed');
    expect(logged.join('')).toContain('disk read failed');
  });

  it('logs nothing when the viewer goes away mid-body (a seek or a closed tab is not an error)', async () => {
    const before = logged.length;
    // node:http, so that going away closes the socket at once (fetch may keep it to drain).
    await new Promise<void>((resolve, reject) => {
      const request = get(`${baseUrl}/slow/api/videoservice/video/v`, (response) => {
        response.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', reject);
    });
    await new Promise((resolve) => setTimeout(resolve, 200)); // the server notices on its next write
    expect(logged.slice(before).join('')).toBe('');
  });
});

// nginx's question for its cached decisions (docs/deploy/nginx-locations.conf, /_stream_decide):
// a blob's key only for a valid, current signed URL of a blob on disk, asked by nginx; else 204.
describe("GET /api/videoservice/video/:id as nginx's cached decision", () => {
  let app: FastifyInstance;
  let baseUrl: string;
  const signer = new UrlSigner('a-test-signing-secret-of-some-length', 600);
  let current = 0;
  const asset = (key: string, handOff: 'file' | 'url' = 'file'): OpenedAsset => {
    const opened: OpenedAsset = {
      info: { size: SIZE, lastModified: new Date('2026-11-22T14:03:00Z') },
      stream: () => Promise.reject(new Error('not used')),
      writeTo: async (destination, range) => {
        destination.end(Buffer.alloc(range ? range.end - range.start + 1 : SIZE, 7));
      },
      handOff: async () =>
        handOff === 'file' ? { kind: 'file', key } : { kind: 'url', url: new URL(`http://bucket/${key}?X-Amz=1`) },
      contentType: 'video/webm',
      version: { open: async () => opened },
    };
    return opened;
  };
  const assets: Record<string, OpenedAsset> = {
    ok: asset('videos/ok/stream-1.webm'),
    astray: asset('../../etc/passwd'),
    bucket: asset('videos/bucket/stream-1.webm', 'url'),
  };
  const nginx = { 'x-stream-accel': 'on', 'x-stream-decide': 'on' };
  const signedUrl = (id: string, generation = 0) => {
    const { expires, signature } = signer.sign('video', id, undefined, generation);
    return `${baseUrl}/api/videoservice/video/${id}?expires=${expires}&signature=${signature}${generation ? `&g=${generation}` : ''}`;
  };

  beforeAll(async () => {
    app = Fastify();
    const verifier = {
      verify: () => Promise.reject(new Error('no tokens here')),
      close: async () => {},
    } as TokenVerifier;
    const videos = { openMedia: async (_user: unknown, id: string) => assets[id] } as unknown as VideoService;
    registerStreamRoutes(app, {
      videos,
      signer,
      verifier,
      generations: { current: async () => current },
      accelRedirect: '/_stream_blobs/',
    });
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app?.close());

  it('names the blob, its type and validators for a current signed URL, and sends no byte', async () => {
    const response = await fetch(signedUrl('ok'), { headers: { ...nginx, range: 'bytes=0-9' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-stream-blob')).toBe('videos/ok/stream-1.webm');
    expect(response.headers.get('content-type')).toMatch(/^video\/webm/);
    expect(response.headers.get('etag')).toMatch(/^"f4240-/);
    expect(response.headers.get('last-modified')).toBe('Sun, 22 Nov 2026 14:03:00 GMT');
    expect(response.headers.get('x-accel-redirect')).toBeNull();
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });

  it('answers 204 and names nothing for anything it does not vouch for by the URL alone', async () => {
    const forged = signedUrl('ok').replace(/signature=[^&]+/, `signature=${'A'.repeat(43)}`);
    const cases: [string, string][] = [
      ['no signature', `${baseUrl}/api/videoservice/video/ok`],
      ['a forged signature', forged],
      ['a download', `${signedUrl('ok')}&download=1`],
      ['a key outside the blob directory', signedUrl('astray')],
      ['a blob in a bucket', signedUrl('bucket')],
      ['no such video', signedUrl('none')],
    ];
    for (const [name, url] of cases) {
      const response = await fetch(url, { headers: nginx });
      expect(response.status, name).toBe(204);
      expect(response.headers.get('x-stream-blob'), name).toBeNull();
    }
    current = 1; // the owner revoked the links: generation 0's URLs are no longer vouched for
    try {
      const revoked = await fetch(signedUrl('ok'), { headers: nginx });
      expect(revoked.status).toBe(204);
      expect(revoked.headers.get('x-stream-blob')).toBeNull();
      expect((await fetch(signedUrl('ok', 1), { headers: nginx })).headers.get('x-stream-blob')).toBeTruthy();
    } finally {
      current = 0;
    }
  });

  it('is no decision without nginx: X-Stream-Decide alone gets the usual answer', async () => {
    const response = await fetch(signedUrl('ok'), { headers: { 'x-stream-decide': 'on', range: 'bytes=0-9' } });
    expect(response.headers.get('x-stream-blob')).toBeNull();
    expect(response.status).toBe(206);
    expect((await response.arrayBuffer()).byteLength).toBe(10);
  });
});
