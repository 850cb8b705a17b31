import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobNotFoundError, createBlobStore, LocalBlobStore, S3BlobStore } from '../../src/platform/storage';
import { badKeys, describeBlobStoreConformance, failingBody, readAll, readBlob } from '../support/storage-conformance';
import { readKey } from '../support/blob-reads';

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.map((entry) => relative(dir, join(entry.parentPath, entry.name))).sort();
}

describeBlobStoreConformance('local', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'blobs-'));
  return { store: new LocalBlobStore(dir), stop: () => rm(dir, { recursive: true, force: true }) };
});

describe('LocalBlobStore on disk', () => {
  let dataDir: string;
  let root: string;
  let store: LocalBlobStore;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'data-'));
    store = createBlobStore({ DATA_DIR: dataDir }) as LocalBlobStore;
    root = join(dataDir, 'blobs');
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('lives in DATA_DIR/blobs and keeps keys as relative paths', async () => {
    expect(store).toBeInstanceOf(LocalBlobStore);
    expect(store.root).toBe(root);
    await store.put('videos/v1/original.webm', Readable.from([Buffer.from('abc')]));
    expect(await listFiles(root)).toEqual(['videos', 'videos/v1', 'videos/v1/original.webm']);
  });

  it('leaves no temp file and no new directory after a failed put', async () => {
    const before = await listFiles(root);
    await expect(store.put('videos/v2/original.webm', failingBody(randomBytes(500_000)))).rejects.toThrow();
    await expect(store.put('videos/v1/original.webm', failingBody(randomBytes(500_000)))).rejects.toThrow();
    expect(await listFiles(root)).toEqual(before);
    expect((await readAll(await readKey(store, 'videos/v1/original.webm'))).toString()).toBe('abc');
  });

  it('writes nothing anywhere for a bad key', async () => {
    const before = await listFiles(dataDir);
    for (const bad of badKeys) await store.put(bad, Readable.from([Buffer.from('x')])).catch(() => undefined);
    expect(await listFiles(dataDir)).toEqual(before);
  });

  it('prunes directories a delete leaves empty, and a put recreates them', async () => {
    await store.put('videos/v3/original.webm', Readable.from([Buffer.from('a')]));
    await store.put('videos/v3/thumbnail.jpg', Readable.from([Buffer.from('b')]));
    await store.delete('videos/v3/original.webm');
    expect(await listFiles(join(root, 'videos/v3'))).toEqual(['thumbnail.jpg']);
    await store.delete('videos/v3/thumbnail.jpg');
    expect(await listFiles(join(root, 'videos'))).not.toContain('v3');
    await store.put('videos/v3/original.webm', Readable.from([Buffer.from('again')]));
    expect((await readAll(await readKey(store, 'videos/v3/original.webm'))).toString()).toBe('again');
  });

  it('readers of a blob being replaced see the old or the new bytes, never a mix', async () => {
    const k = 'videos/v4/original.webm';
    const old = Buffer.alloc(1_000_000, 1);
    const next = Buffer.alloc(1_000_000, 2);
    await store.put(k, Readable.from([old]));
    const replacing = store.put(k, Readable.from([next.subarray(0, 500_000), next.subarray(500_000)]));
    const seen = await readAll(await readKey(store, k));
    await replacing;
    expect(seen.equals(old) || seen.equals(next)).toBe(true);
    expect((await readAll(await readKey(store, k))).equals(next)).toBe(true);
  });

  it('after a put replaces a blob, a read in progress ends on the old bytes and later reads get the new', async () => {
    const k = 'videos/v5/original.webm';
    const first = randomBytes(3 * 1024 * 1024);
    await store.put(k, Readable.from([first]));
    const opened = (await store.open(k))!;
    const reading = await opened.stream();
    await store.put(k, Readable.from([Buffer.from('second, shorter version')]));
    expect((await readAll(reading)).equals(first)).toBe(true);
    // The opened version is gone for new reads: never bytes of the new one under the old size.
    await expect(readBlob(opened)).rejects.toBeInstanceOf(BlobNotFoundError);
    const second = (await store.open(k))!;
    expect(second.info.size).toBe('second, shorter version'.length);
    expect((await readBlob(second)).toString()).toBe('second, shorter version');
  });

  it('gives the worker a hard link of a blob, which outlives the blob and costs no copy', async () => {
    await store.put('videos/linked/original.webm', Readable.from([Buffer.from('recorded')]));
    const scratch = await mkdtemp(join(tmpdir(), 'scratch-'));
    try {
      const copy = join(scratch, 'upload.webm');
      await store.download('videos/linked/original.webm', copy);
      expect((await stat(copy)).ino).toBe((await stat(join(root, 'videos/linked/original.webm'))).ino);
      await store.delete('videos/linked/original.webm');
      expect(await readFile(copy, 'utf8')).toBe('recorded');
      await writeFile(join(scratch, 'leftover.webm'), 'an earlier attempt');
      await store.put('videos/linked/original.webm', Readable.from([Buffer.from('again')]));
      await store.download('videos/linked/original.webm', join(scratch, 'leftover.webm')); // replaced, as a copy would
      expect(await readFile(join(scratch, 'leftover.webm'), 'utf8')).toBe('again');
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });

  it('moves a file in by renaming (or, keeping it, linking) it, and by copying it when it lies on another disk', async () => {
    const sameDisk = join(dataDir, 'moved.webm');
    await writeFile(sameDisk, 'renamed');
    const inode = (await stat(sameDisk)).ino;
    expect(await store.moveIn('videos/moved-in/a.webm', sameDisk)).toEqual({ size: 7 });
    expect((await stat(join(root, 'videos/moved-in/a.webm'))).ino).toBe(inode);
    await expect(stat(sameDisk)).rejects.toThrow();

    const kept = join(dataDir, 'kept.webm');
    await writeFile(kept, 'linked');
    expect(await store.moveIn('videos/moved-in/kept.webm', kept, { keep: true })).toEqual({ size: 6 });
    expect((await stat(join(root, 'videos/moved-in/kept.webm'))).ino).toBe((await stat(kept)).ino); // both names stay

    // /dev/shm is a tmpfs: another file system than DATA_DIR's, where a rename fails with EXDEV.
    const otherDisk = await mkdtemp('/dev/shm/stream-');
    try {
      const far = join(otherDisk, 'far.webm');
      await writeFile(far, 'copied across');
      expect(await store.moveIn('videos/moved-in/b.webm', far)).toEqual({ size: 13 });
      expect(await readAll(await readKey(store, 'videos/moved-in/b.webm'))).toEqual(Buffer.from('copied across'));
      await expect(stat(far)).rejects.toThrow();
      expect(await listFiles(join(root, 'videos/moved-in'))).toEqual(['a.webm', 'b.webm', 'kept.webm']);
      await writeFile(far, 'kept across');
      expect(await store.moveIn('videos/moved-in/c.webm', far, { keep: true })).toEqual({ size: 11 });
      expect(await readFile(far, 'utf8')).toBe('kept across');
    } finally {
      await rm(otherDisk, { recursive: true, force: true });
    }
  });

  it('chooses the S3 store when S3_BUCKET is set', () => {
    const s3 = createBlobStore({ DATA_DIR: dataDir, S3_BUCKET: 'videos', S3_ENDPOINT: 'http://127.0.0.1:1' });
    expect(s3).toBeInstanceOf(S3BlobStore);
  });
});

describe('LocalBlobStore open files', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'open-files-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const fresh = (options?: { idleMs?: number; maxEntries?: number }) =>
    new LocalBlobStore(join(dir, String(Math.random())), { openFiles: options });

  it('reads one blob many times, at once too, through one open handle', async () => {
    const store = fresh();
    const bytes = randomBytes(200_000);
    await store.put('videos/a/original.webm', Readable.from([bytes]));
    const reads = Array.from({ length: 20 }, async (_, i) => {
      const blob = (await store.open('videos/a/original.webm'))!;
      return (await readBlob(blob, { start: i * 1000, end: i * 1000 + 999 })).equals(
        bytes.subarray(i * 1000, i * 1000 + 1000),
      );
    });
    expect(await Promise.all(reads)).toEqual(Array(20).fill(true));
    expect(store.openHandles).toBe(1);
  });

  it('closes the handle of a deleted blob once its last reader is done, and that reader gets every byte', async () => {
    const store = fresh();
    const bytes = randomBytes(3 * 1024 * 1024);
    await store.put('videos/b/original.webm', Readable.from([bytes]));
    const body = await (await store.open('videos/b/original.webm'))!.stream();
    await store.delete('videos/b/original.webm');
    expect(store.openHandles).toBe(1);
    expect((await readAll(body)).equals(bytes)).toBe(true);
    await new Promise((resolve) => setImmediate(resolve)); // `finished` reports after 'end'
    expect(store.openHandles).toBe(0);
  });

  it('sees a blob replaced or deleted by another process once its last check is older than validMs', async () => {
    const root = join(dir, 'shared');
    const api = new LocalBlobStore(root, { openFiles: { validMs: 50 } });
    const worker = new LocalBlobStore(root);
    await worker.put('videos/g/original.webm', Readable.from([Buffer.from('upload')]));
    expect((await readBlob((await api.open('videos/g/original.webm'))!)).toString()).toBe('upload');
    await worker.put('videos/g/original.webm', Readable.from([Buffer.from('remuxed!')]));
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect((await readBlob((await api.open('videos/g/original.webm'))!)).toString()).toBe('remuxed!');
    await worker.delete('videos/g/original.webm');
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await api.open('videos/g/original.webm')).toBeUndefined();
    expect(api.openHandles).toBe(0);
  });

  it('closes handles left idle, and keeps no more than its limit', async () => {
    const idle = fresh({ idleMs: 20 });
    await idle.put('videos/c/original.webm', Readable.from([Buffer.from('c')]));
    await readAll(await (await idle.open('videos/c/original.webm'))!.stream()); // a finished stream lets go too
    expect(idle.openHandles).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(idle.openHandles).toBe(0);
    expect((await readBlob((await idle.open('videos/c/original.webm'))!)).toString()).toBe('c');

    const small = fresh({ maxEntries: 2 });
    for (const name of ['d', 'e', 'f']) {
      await small.put(`videos/${name}/original.webm`, Readable.from([Buffer.from(name)]));
      expect((await readBlob((await small.open(`videos/${name}/original.webm`))!)).toString()).toBe(name);
    }
    expect(small.openHandles).toBe(2);
  });
});

describe('LocalBlobStore sending bodies (SENDFILE)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'data-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  /** A range of `key` written by `store` into a real HTTP/1.1 response on 127.0.0.1, as the stream route writes it. */
  async function rangeOverHttp(store: LocalBlobStore, key: string, start: number, end: number): Promise<Buffer> {
    const server = createServer((_request, response) => {
      void (async () => {
        const blob = (await store.open(key))!;
        response.writeHead(206, { 'content-length': end - start + 1 });
        await blob.writeTo(response, { start, end });
      })();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const { port } = server.address() as AddressInfo;
      return Buffer.from(await (await fetch(`http://127.0.0.1:${port}/`)).arrayBuffer());
    } finally {
      server.close();
    }
  }

  it('sends by the kernel by default and says so; with SENDFILE=false copies the same bytes and says why', async () => {
    const bytes = randomBytes(3 << 20);
    const sent = createBlobStore({ DATA_DIR: dataDir }) as LocalBlobStore;
    const copied = createBlobStore({ DATA_DIR: dataDir, SENDFILE: false }) as LocalBlobStore;
    await sent.put('videos/s/original.webm', Readable.from([bytes]));
    // CI is Linux x64, where koffi's prebuilt binding loads: no reason to copy.
    expect(await sent.whyBodiesAreCopied()).toBeUndefined();
    expect(await copied.whyBodiesAreCopied()).toBe('SENDFILE=false');
    for (const store of [sent, copied]) {
      const body = await rangeOverHttp(store, 'videos/s/original.webm', 1000, (2 << 20) + 17);
      expect(body.equals(bytes.subarray(1000, (2 << 20) + 18))).toBe(true);
    }
  });
});
