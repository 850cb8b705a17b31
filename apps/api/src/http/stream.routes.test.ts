// The stream route's answers when the store fails after the lookup: a real Fastify server on
// 127.0.0.1 with a fake video service below (the integration tests cover the real one).
import { get } from 'node:http';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenVerifier } from '../auth/token-verifier';
import { UrlSigner } from '../services/url-signer';
import { MediaGoneError, type OpenedAsset, type VideoService } from '../services/video.service';
import { registerStreamRoutes } from './stream.routes';

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
