import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer, request, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { EVENTS, Server } from '@tus/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writePatchBodiesFromNode } from './tus-node-bodies';

const MiB = 1024 * 1024;
const MAX_BYTES = 8 * MiB;

/** A FileStore that notes the constructor of every body handed to `write`. */
class WatchedFileStore extends FileStore {
  readonly bodies: string[] = [];
  override write(readable: Readable, id: string, offset: number) {
    this.bodies.push(readable.constructor.name);
    return super.write(readable, id, offset);
  }
}

let directory: string;
let store: WatchedFileStore;
let tus: Server;
let http: HttpServer;
let base: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'tus-node-bodies-'));
  store = new WatchedFileStore({ directory });
  tus = new Server({ path: '/files', datastore: store, maxSize: MAX_BYTES, relativeLocation: true });
  writePatchBodiesFromNode(tus);
  http = createServer((req, res) => void tus.handle(req, res));
  await new Promise<void>((listening) => http.listen(0, '127.0.0.1', listening));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterAll(async () => {
  http.closeAllConnections();
  await new Promise((closed) => http.close(closed));
  await rm(directory, { recursive: true, force: true });
});

async function create(length?: number): Promise<string> {
  const response = await fetch(`${base}/files`, {
    method: 'POST',
    headers: {
      'tus-resumable': '1.0.0',
      ...(length === undefined ? { 'upload-defer-length': '1' } : { 'upload-length': String(length) }),
    },
  });
  expect(response.status).toBe(201);
  return response.headers.get('location')!.split('/').at(-1)!;
}

function patch(id: string, offset: number, body: Buffer, headers: Record<string, string> = {}) {
  return fetch(`${base}/files/${id}`, {
    method: 'PATCH',
    headers: {
      'tus-resumable': '1.0.0',
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(offset),
      ...headers,
    },
    body: Uint8Array.from(body),
  });
}

async function offsetOf(id: string): Promise<number> {
  const response = await fetch(`${base}/files/${id}`, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0' } });
  return Number(response.headers.get('upload-offset'));
}

/** Bytes 0..n-1 of a pattern no two offsets share within 251 bytes, so a misplaced byte shows. */
const pattern = (from: number, length: number) => Buffer.from(Array.from({ length }, (_, i) => (from + i) % 251));

describe('writePatchBodiesFromNode', () => {
  it("writes each PATCH body from Node's request, not a web stream, and stores it byte for byte", async () => {
    const id = await create(3 * MiB);
    const first = await patch(id, 0, pattern(0, 2 * MiB));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(2 * MiB));
    const last = await patch(id, 2 * MiB, pattern(2 * MiB, MiB));
    expect(last.status).toBe(204);
    expect(last.headers.get('upload-offset')).toBe(String(3 * MiB));
    expect((await readFile(join(directory, id))).equals(pattern(0, 3 * MiB))).toBe(true);
    // tus's own path hands the store a StreamLimiter fed from Readable.fromWeb.
    expect(store.bodies.slice(-2)).toEqual(['BodyLimiter', 'BodyLimiter']);
  });

  it('leaves a PATCH to tus’s own path while someone listens for its progress (POST_RECEIVE)', async () => {
    const listener = () => undefined;
    tus.on(EVENTS.POST_RECEIVE, listener);
    try {
      const id = await create(2 * MiB);
      const response = await patch(id, 0, pattern(0, 2 * MiB));
      expect(response.status).toBe(204);
      expect((await readFile(join(directory, id))).equals(pattern(0, 2 * MiB))).toBe(true);
      expect(store.bodies.at(-1)).toBe('StreamLimiter');
    } finally {
      tus.off(EVENTS.POST_RECEIVE, listener);
    }
    const id = await create(MiB);
    expect((await patch(id, 0, pattern(0, MiB))).status).toBe(204);
    expect(store.bodies.at(-1)).toBe('BodyLimiter');
  });

  it('refuses a PATCH at the wrong offset (409) and writes none of it', async () => {
    const id = await create(2 * MiB);
    expect((await patch(id, 0, pattern(0, MiB))).status).toBe(204);
    const wrong = await patch(id, 4096, pattern(4096, MiB));
    expect(wrong.status).toBe(409);
    expect(await offsetOf(id)).toBe(MiB);
    expect((await stat(join(directory, id))).size).toBe(MiB);
  });

  it('stops a body of deferred length at the maximum (413) and keeps no byte past it', async () => {
    const id = await create();
    expect((await patch(id, 0, pattern(0, MAX_BYTES - MiB))).status).toBe(204);
    // Chunked, so only the limiter (not the declared length) can stop it.
    const over = await new Promise<number>((resolve, reject) => {
      const req = request(`${base}/files/${id}`, {
        method: 'PATCH',
        headers: {
          'tus-resumable': '1.0.0',
          'content-type': 'application/offset+octet-stream',
          'upload-offset': String(MAX_BYTES - MiB),
        },
      });
      req.on('response', (response) => {
        response.resume();
        resolve(response.statusCode!);
      });
      req.on('error', reject);
      req.end(pattern(MAX_BYTES - MiB, 2 * MiB));
    });
    expect(over).toBe(413);
    expect((await stat(join(directory, id))).size).toBeLessThanOrEqual(MAX_BYTES);
  });

  it('keeps what arrived of a PATCH whose client went away, and resumes from there byte for byte', async () => {
    const id = await create(4 * MiB);
    const sent = 3 * MiB;
    await new Promise<void>((resolve) => {
      const req = request(`${base}/files/${id}`, {
        method: 'PATCH',
        headers: {
          'tus-resumable': '1.0.0',
          'content-type': 'application/offset+octet-stream',
          'upload-offset': '0',
          'content-length': String(4 * MiB),
        },
      });
      req.on('error', () => resolve());
      req.write(pattern(0, sent), () => setTimeout(() => req.destroy(), 200));
    });
    // The store takes what arrived once the server has seen the connection go.
    let offset = 0;
    for (let tries = 0; tries < 50 && offset < sent; tries++) {
      await new Promise((wait) => setTimeout(wait, 100));
      offset = await offsetOf(id);
    }
    expect(offset).toBe(sent);
    expect((await patch(id, offset, pattern(offset, 4 * MiB - offset))).status).toBe(204);
    expect((await readFile(join(directory, id))).equals(pattern(0, 4 * MiB))).toBe(true);
  });
});
