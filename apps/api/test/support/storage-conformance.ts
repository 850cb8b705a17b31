// One behaviour suite for every BlobStore: the local directory and the S3 bucket must answer the
// same calls the same way. Each storage test file runs it against its own store.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BlobNotFoundError,
  InvalidBlobKeyError,
  InvalidRangeError,
  type BlobStore,
  type ByteRange,
  type OpenedBlob,
} from '../../src/platform/storage';
import { statBlob, readKey, putFile } from './blob-reads';

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The bytes of an opened blob, or of a range of it, read through its stream. */
export async function readBlob(blob: OpenedBlob, range?: ByteRange): Promise<Buffer> {
  return readAll(await blob.stream(range));
}

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** A body that yields `bytes` in 64 KiB chunks, then fails instead of ending: a client that hung up. */
export function failingBody(bytes: Buffer): Readable {
  async function* chunks() {
    for (let offset = 0; offset < bytes.length; offset += 65536) yield bytes.subarray(offset, offset + 65536);
    throw new Error('client went away');
  }
  return Readable.from(chunks());
}

/**
 * A destination like a slow socket: each chunk is copied only when its write completes, so a
 * writer that reuses a chunk's memory too early shows up as wrong bytes. A small `highWaterMark`
 * makes writers wait for 'drain'; a large one lets chunks queue up unwritten.
 */
export function slowSink(highWaterMark = 16 * 1024): { stream: Writable; bytes(): Buffer } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    highWaterMark,
    write(chunk: Buffer, _encoding, callback) {
      setTimeout(() => {
        chunks.push(Buffer.from(chunk));
        callback();
      }, 5);
    },
  });
  return { stream, bytes: () => Buffer.concat(chunks) };
}

export const badKeys = [
  '',
  '/abs/key',
  'a//b',
  'a/../b',
  '..',
  '../escape',
  'a/./b',
  'a\\b',
  'trailing/',
  'nul\u0000byte',
];

export interface StoreUnderTest {
  store: BlobStore;
  stop(): Promise<void>;
}

export function describeBlobStoreConformance(name: string, start: () => Promise<StoreUnderTest>): void {
  describe(`${name} BlobStore conformance`, () => {
    let subject: StoreUnderTest;
    let store: BlobStore;
    let scratch: string;
    let unique = 0;
    const key = (suffix: string) => `videos/${name}-${process.pid}-${++unique}/${suffix}`;

    beforeAll(async () => {
      subject = await start();
      store = subject.store;
      scratch = await mkdtemp(join(tmpdir(), 'blob-conformance-'));
    }, 60_000);

    afterAll(async () => {
      await subject?.stop();
      if (scratch) await rm(scratch, { recursive: true, force: true });
    });

    it('stores streamed bytes exactly and reports their size', async () => {
      const bytes = randomBytes(300_000);
      const k = key('original.webm');
      const { size } = await store.put(k, Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]), {
        contentType: 'video/webm',
      });
      expect(size).toBe(bytes.length);
      expect((await statBlob(store, k))?.size).toBe(bytes.length);
      expect(sha256(await readAll(await readKey(store, k)))).toBe(sha256(bytes));
    });

    it('stores a multi-part upload (20 MiB) byte-identical', async () => {
      const bytes = randomBytes(20 * 1024 * 1024 + 123);
      const k = key('large.webm');
      const { size } = await store.put(k, Readable.from(chunk(bytes, 1 << 20)));
      expect(size).toBe(bytes.length);
      expect(sha256(await readAll(await readKey(store, k)))).toBe(sha256(bytes));
      const tail = await readAll(await readKey(store, k, { start: bytes.length - 10, end: bytes.length - 1 }));
      expect(tail.equals(bytes.subarray(bytes.length - 10))).toBe(true);
    }, 60_000);

    it('lists the blobs under a prefix, with their times', async () => {
      const base = key('listed');
      await store.put(`${base}/a.webm`, Readable.from([Buffer.from('a')]));
      await store.put(`${base}/b/c.jpg`, Readable.from([Buffer.from('c')]));
      const listed: { key: string; lastModified: Date }[] = [];
      for await (const blob of store.list(`${base}/`)) listed.push(blob);
      expect(listed.map((blob) => blob.key).sort()).toEqual([`${base}/a.webm`, `${base}/b/c.jpg`]);
      for (const blob of listed) expect(Math.abs(blob.lastModified.getTime() - Date.now())).toBeLessThan(5 * 60_000);
      for await (const blob of store.list(key('nothing-here'))) expect.fail(`listed ${blob.key}`);
    });

    it('replaces an existing blob', async () => {
      const k = key('replaced.webm');
      await store.put(k, Readable.from([Buffer.from('first version, longer')]));
      await store.put(k, Readable.from([Buffer.from('second')]));
      expect((await readAll(await readKey(store, k))).toString()).toBe('second');
      expect((await statBlob(store, k))?.size).toBe(6);
    });

    it('stores an empty blob', async () => {
      const k = key('empty');
      expect(await store.put(k, Readable.from([]))).toEqual({ size: 0 });
      expect((await statBlob(store, k))?.size).toBe(0);
      expect((await readAll(await readKey(store, k))).length).toBe(0);
    });

    it('reads inclusive ranges', async () => {
      const bytes = randomBytes(10_000);
      const k = key('ranged.webm');
      await store.put(k, Readable.from([bytes]));
      for (const [start, end] of [
        [0, 0],
        [0, 9_999],
        [1, 1_024],
        [5_000, 9_999],
        [9_999, 9_999],
      ] as const) {
        const part = await readAll(await readKey(store, k, { start, end }));
        expect(part.equals(bytes.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
      }
    });

    it('refuses ranges that do not fit, with InvalidRangeError', async () => {
      const k = key('ranged-bad.webm');
      await store.put(k, Readable.from([Buffer.alloc(100, 7)]));
      for (const range of [
        { start: 50, end: 10 },
        { start: 0, end: 100 },
        { start: 100, end: 150 },
        { start: -1, end: 5 },
        { start: 1.5, end: 5 },
        { start: 0, end: Number.NaN },
      ]) {
        await expect(readKey(store, k, range), JSON.stringify(range)).rejects.toBeInstanceOf(InvalidRangeError);
      }
      const empty = key('empty-range');
      await store.put(empty, Readable.from([]));
      await expect(readKey(store, empty, { start: 0, end: 0 })).rejects.toBeInstanceOf(InvalidRangeError);
      expect((await readAll(await readKey(store, k))).equals(Buffer.alloc(100, 7))).toBe(true);
    });

    it('opens a blob: its size and time, then its bytes whole or by ranges, read, streamed or written out', async () => {
      const bytes = randomBytes(3 * 1024 * 1024 + 17);
      const k = key('opened.webm');
      await store.put(k, Readable.from(chunk(bytes, 1024 * 1024)));
      const blob = await store.open(k);
      expect(blob?.info).toEqual(await statBlob(store, k));
      expect(sha256(await readBlob(blob!))).toBe(sha256(bytes));
      expect(sha256(await readAll(await blob!.stream()))).toBe(sha256(bytes));
      for (const [start, end] of [
        [0, 0],
        [1, 1_048_576],
        [bytes.length - 10, bytes.length - 1],
      ] as const) {
        const range = { start, end };
        const wanted = bytes.subarray(start, end + 1);
        expect((await readBlob(blob!, range)).equals(wanted), `bytes ${start}-${end}`).toBe(true);
        expect((await readAll(await blob!.stream(range))).equals(wanted), `stream ${start}-${end}`).toBe(true);
      }
      const whole = slowSink(8 * 1024 * 1024);
      await blob!.writeTo(whole.stream);
      expect(whole.stream.writableFinished).toBe(true);
      expect(sha256(whole.bytes())).toBe(sha256(bytes));
      const part = slowSink();
      await blob!.writeTo(part.stream, { start: 5, end: 1_500_004 });
      expect(part.bytes().equals(bytes.subarray(5, 1_500_005))).toBe(true);
    });

    it('writeTo stops with an error when its destination closes early', async () => {
      const k = key('abandoned.webm');
      await store.put(k, Readable.from([randomBytes(3 * 1024 * 1024)]));
      const blob = (await store.open(k))!;
      const hangsUp = new Writable({
        write(_chunk, _encoding, callback) {
          this.destroy();
          callback();
        },
      });
      await expect(blob.writeTo(hangsUp)).rejects.toThrow();
      expect((await readBlob(blob, { start: 0, end: 9 })).length).toBe(10); // and the blob still reads
    });

    it('opens nothing for a missing blob, and an opened blob refuses ranges that do not fit', async () => {
      expect(await store.open(key('never-stored.webm'))).toBeUndefined();
      const k = key('opened-small.webm');
      await store.put(k, Readable.from([Buffer.alloc(100, 3)]));
      const blob = (await store.open(k))!;
      for (const range of [
        { start: 0, end: 100 },
        { start: 50, end: 10 },
        { start: -1, end: 5 },
      ]) {
        await expect(blob.stream(range), JSON.stringify(range)).rejects.toBeInstanceOf(InvalidRangeError);
        await expect(blob.writeTo(slowSink().stream, range), JSON.stringify(range)).rejects.toBeInstanceOf(
          InvalidRangeError,
        );
      }
      const empty = key('opened-empty.webm');
      await store.put(empty, Readable.from([]));
      const opened = (await store.open(empty))!;
      expect(opened.info.size).toBe(0);
      expect((await readBlob(opened)).length).toBe(0);
      expect((await readAll(await opened.stream())).length).toBe(0);
      const sink = slowSink();
      await opened.writeTo(sink.stream);
      expect(sink.stream.writableFinished).toBe(true);
      expect(sink.bytes().length).toBe(0);
    });

    it('an opened blob that is then deleted reads as BlobNotFoundError', async () => {
      const k = key('opened-deleted.webm');
      await store.put(k, Readable.from([Buffer.from('soon gone')]));
      const blob = (await store.open(k))!;
      expect((await readBlob(blob)).toString()).toBe('soon gone');
      await store.delete(k);
      await expect(blob.stream({ start: 0, end: 3 })).rejects.toBeInstanceOf(BlobNotFoundError);
      const sink = slowSink();
      await expect(blob.writeTo(sink.stream)).rejects.toBeInstanceOf(BlobNotFoundError);
      expect(sink.bytes().length).toBe(0);
    });

    it('answers a missing blob: stat undefined, read and download BlobNotFoundError, delete quietly', async () => {
      const k = key('missing.webm');
      expect(await statBlob(store, k)).toBeUndefined();
      await expect(readKey(store, k)).rejects.toBeInstanceOf(BlobNotFoundError);
      await expect(readKey(store, k, { start: 0, end: 1 })).rejects.toBeInstanceOf(BlobNotFoundError);
      await expect(store.download(k, join(scratch, 'never'))).rejects.toBeInstanceOf(BlobNotFoundError);
      await expect(store.delete(k)).resolves.toBeUndefined();
    });

    it('deletes, and deleting again is not an error', async () => {
      const k = key('deleted.webm');
      await store.put(k, Readable.from([Buffer.from('bye')]));
      await store.delete(k);
      expect(await statBlob(store, k)).toBeUndefined();
      await expect(readKey(store, k)).rejects.toBeInstanceOf(BlobNotFoundError);
      await store.delete(k);
    });

    it('round-trips a local file through putFile and download', async () => {
      const bytes = randomBytes(2 * 1024 * 1024 + 5);
      const source = join(scratch, 'remuxed.webm');
      const target = join(scratch, 'downloaded.webm');
      await writeFile(source, bytes);
      const k = key('remuxed.webm');
      expect(await putFile(store, k, source, { contentType: 'video/webm' })).toEqual({ size: bytes.length });
      await store.download(k, target);
      expect(sha256(await readFile(target))).toBe(sha256(bytes));
      await expect(putFile(store, key('x'), join(scratch, 'no-such-file'))).rejects.toThrow();
    });

    it('leaves no blob when the body fails mid-way, and keeps the previous one', async () => {
      const fresh = key('aborted.webm');
      await expect(store.put(fresh, failingBody(randomBytes(200_000)))).rejects.toThrow('client went away');
      expect(await statBlob(store, fresh)).toBeUndefined();

      const existing = key('kept.webm');
      await store.put(existing, Readable.from([Buffer.from('the good copy')]));
      await expect(store.put(existing, failingBody(randomBytes(200_000)))).rejects.toThrow('client went away');
      expect((await readAll(await readKey(store, existing))).toString()).toBe('the good copy');
    });

    it('leaves no blob when a large body fails after several parts', async () => {
      const k = key('aborted-large.webm');
      await expect(store.put(k, failingBody(randomBytes(18 * 1024 * 1024)))).rejects.toThrow('client went away');
      expect(await statBlob(store, k)).toBeUndefined();
    }, 60_000);

    it('rejects bad keys with InvalidBlobKeyError for every operation', async () => {
      const file = join(scratch, 'for-bad-keys');
      await writeFile(file, 'x');
      for (const bad of badKeys) {
        await expect(store.put(bad, Readable.from([Buffer.from('x')])), bad).rejects.toBeInstanceOf(
          InvalidBlobKeyError,
        );
        await expect(putFile(store, bad, file), bad).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(statBlob(store, bad), bad).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(readKey(store, bad), bad).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(store.open(bad), bad).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(store.download(bad, join(scratch, 'bad')), bad).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(store.delete(bad), bad).rejects.toBeInstanceOf(InvalidBlobKeyError);
      }
    });
  });
}

function* chunk(bytes: Buffer, size: number) {
  for (let offset = 0; offset < bytes.length; offset += size) yield bytes.subarray(offset, offset + size);
}
