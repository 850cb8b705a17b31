// The resumable client against the fake tus server of ./testing on 127.0.0.1 (real HTTP): pieces in
// order, the length declared last, and what it does when the connection drops mid-body, the
// server fails, goes away, or forgets the upload. Backoff is shortened to milliseconds.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeTusServer, type FakeTusServer } from '../testing/fake-tus-server';
import { createResumableClient, ResumableUploadError, type ResumableClientOptions } from './resumable-upload-client';
import type { OnlineSignal } from './retry-wait';

let server: FakeTusServer;
beforeEach(async () => {
  server = await startFakeTusServer();
});
afterEach(() => server.close());

const bytes = (from: number, count: number) => Buffer.from(Array.from({ length: count }, (_, i) => (from + i) % 251));
const blob = (from: number, count: number) => new Blob([bytes(from, count)]);

/** An online signal the test flips; `online()` fires the event. */
function connection(initially = true) {
  let up = initially;
  const listeners = new Set<() => void>();
  const signal: OnlineSignal = {
    isOnline: () => up,
    onOnline(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    signal,
    goOffline: () => (up = false),
    goOnline() {
      up = true;
      for (const listener of [...listeners]) listener();
    },
  };
}

function client(options: Partial<ResumableClientOptions> = {}) {
  return createResumableClient({
    baseUrl: server.url,
    getToken: () => 'alice',
    backoff: { minMs: 5, maxMs: 40 },
    online: connection().signal,
    ...options,
  });
}

describe('resumable upload client', () => {
  it('creates with a deferred length and the title, appends in order and declares the length last', async () => {
    const progress: number[] = [];
    const upload = await client({ onProgress: (offset) => progress.push(offset) }).create({ title: 'Démo ✓' });
    const stored = server.uploads.get(upload.videoId)!;
    expect(upload.url).toBe(`${server.url}/api/uploads/${upload.videoId}`);
    expect(stored.title).toBe('Démo ✓');
    expect(stored.length).toBeUndefined();
    await upload.append(blob(0, 1000));
    await upload.append(blob(1000, 500));
    expect(stored.length).toBeUndefined();
    await upload.finish();
    expect(stored.bytes.equals(bytes(0, 1500))).toBe(true);
    expect(stored.length).toBe(1500);
    expect(upload.finished).toBe(true);
    expect(progress).toEqual([1000, 1500]);
  });

  it('resends only what a connection cut mid-body did not deliver', async () => {
    const upload = await client().create();
    await upload.append(blob(0, 100));
    server.failPatches(1, { kind: 'drop', keep: 300 });
    await upload.append(blob(100, 1000));
    const stored = server.uploads.get(upload.videoId)!;
    expect(stored.bytes.equals(bytes(0, 1100))).toBe(true);
    // The cut PATCH, the retry refused with 409 (the offset moved), the HEAD, then the rest.
    expect(server.requests.filter((line) => line.startsWith('HEAD'))).toHaveLength(1);
  });

  it('retries server errors with backoff, and gives up after maxServerErrors', async () => {
    const upload = await client({ maxServerErrors: 3 }).create();
    server.failPatches(2, { kind: 'status', status: 503 });
    await upload.append(blob(0, 10));
    expect(server.uploads.get(upload.videoId)!.bytes.length).toBe(10);
    server.failPatches(3, { kind: 'status', status: 500 });
    await expect(upload.append(blob(10, 10))).rejects.toMatchObject({ code: 'failed', status: 500 });
  });

  it('waits out the network while offline, says so, and catches up when it returns', async () => {
    const net = connection();
    const states: string[] = [];
    const upload = await client({ online: net.signal, onConnectivity: (state) => states.push(state) }).create();
    server.setDown(true);
    net.goOffline();
    const sending = upload.append(blob(0, 2000));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(states).toEqual(['offline']);
    expect(server.uploads.get(upload.videoId)!.bytes.length).toBe(0);
    server.setDown(false);
    net.goOnline();
    await sending;
    expect(states).toEqual(['offline', 'online']);
    expect(server.uploads.get(upload.videoId)!.bytes.equals(bytes(0, 2000))).toBe(true);
  });

  it('resumes after a reload at the offset the server holds, as the same video', async () => {
    const first = await client().create();
    await first.append(blob(0, 700));
    const again = await client().resume({ url: first.url, videoId: first.videoId });
    expect(again.offset).toBe(700);
    // The local copy holds everything from 0: only what the server lacks goes.
    await again.append(blob(0, 1200), 0);
    await again.finish();
    expect(server.uploads.get(first.videoId)!.bytes.equals(bytes(0, 1200))).toBe(true);
    expect(server.uploads.size).toBe(1);
  });

  it("reports an upload the server forgot as 'gone', and another user's as gone too", async () => {
    const upload = await client().create();
    await expect(
      client({ getToken: () => 'mallory' }).resume({ url: upload.url, videoId: upload.videoId }),
    ).rejects.toMatchObject({ code: 'gone', status: 404 });
    server.uploads.clear();
    const error = await upload.append(blob(0, 5)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResumableUploadError);
    expect(error).toMatchObject({ code: 'gone' });
  });

  it('finishing twice, or after a lost answer, is harmless; more bytes after it are refused', async () => {
    const upload = await client().create();
    await upload.append(blob(0, 10));
    await upload.finish();
    await upload.finish();
    const resumed = await client().resume({ url: upload.url, videoId: upload.videoId });
    expect(resumed.finished).toBe(true);
    await expect(resumed.append(blob(10, 1))).rejects.toMatchObject({ code: 'refused' });
  });

  it('stops when aborted, and discards on the server', async () => {
    const controller = new AbortController();
    const upload = await client({ signal: controller.signal }).create();
    server.setDown(true);
    const sending = upload.append(blob(0, 10));
    setTimeout(() => controller.abort(), 30);
    await expect(sending).rejects.toMatchObject({ code: 'aborted' });
    server.setDown(false);
    const other = await client().create();
    await other.discard();
    expect(server.uploads.has(other.videoId)).toBe(false);
  });

  it("reports a PATCH refused by the owner's storage quota as 'quota-exceeded', and a plain 413 as too large", async () => {
    const upload = await client().create({});
    await upload.append(blob(0, 100));
    server.failPatches(1, { kind: 'status', status: 413, headers: { 'stream-refusal': 'quota_exceeded' } });
    const refused = await upload.append(blob(100, 100)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ResumableUploadError);
    expect(refused).toMatchObject({
      code: 'quota-exceeded',
      status: 413,
      message: expect.stringMatching(/quota is full/),
    });
    server.failPatches(1, { kind: 'status', status: 413 });
    expect(await upload.append(blob(100, 100)).catch((error: unknown) => error)).toMatchObject({ code: 'too-large' });
    expect(server.uploads.get(upload.videoId)!.bytes.length).toBe(100);
  });

  it('refuses without a token (401 after a fresh token was tried)', async () => {
    await expect(client({ getToken: () => undefined }).create()).rejects.toMatchObject({
      code: 'unauthenticated',
    });
  });
});
