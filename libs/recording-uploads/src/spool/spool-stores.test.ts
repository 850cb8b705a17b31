// One behaviour suite for both spool stores, OPFS (over an in-memory file system of OPFS's shape)
// and IndexedDB (fake-indexeddb, a fresh factory per test): chunks kept in order, any range read
// back, the recordings found again by a new store (a reload), metadata updates, removal, and a
// part that a crash left out of the metadata still counted.
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { FakeOpfs } from '../testing/fake-opfs.ts';
import { createIdbSpoolStore } from './idb-spool.ts';
import { createOpfsSpoolStore } from './opfs-spool.ts';
import type { SpoolStore } from './spool.ts';

const text = async (blob: Blob) => blob.text();

/** One browser's storage: `store()` is a page's view of it (a new one is a reload). */
interface Backing {
  store(): SpoolStore;
  /** Writes a part as a crash between the part and its metadata would leave it. */
  strayPart(id: string, offset: number, bytes: string): Promise<void>;
}

function opfs(): Backing {
  const fs = new FakeOpfs();
  return {
    store: () => createOpfsSpoolStore(fs.root),
    async strayPart(id, offset, bytes) {
      const dir = await (await fs.root.getDirectoryHandle('stream-recordings')).getDirectoryHandle(id);
      const file = await dir.getFileHandle(`part-${String(offset).padStart(15, '0')}`, { create: true });
      const writable = await file.createWritable();
      await writable.write(bytes);
      await writable.close();
    },
  };
}

function indexedDb(): Backing {
  const factory = new IDBFactory();
  return {
    store: () => createIdbSpoolStore(factory),
    async strayPart(id, offset, bytes) {
      const request = factory.open('stream-recordings');
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const tx = db.transaction('parts', 'readwrite');
      tx.objectStore('parts').put({ id, offset, blob: new Blob([bytes]) });
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onabort = () => reject(tx.error);
      });
      db.close();
    },
  };
}

describe.each([
  ['OPFS', opfs],
  ['IndexedDB', indexedDb],
])('%s spool', (_name, backing) => {
  it('keeps chunks in order and reads any range of them back', async () => {
    const store = backing().store();
    const spool = await store.create({ mimeType: 'video/webm;codecs=vp9,opus', startedAt: 1000 });
    for (const piece of ['abc', 'defgh', '', 'ij']) await spool.append(new Blob([piece]));
    expect(spool.size).toBe(10);
    expect(await text(await spool.read())).toBe('abcdefghij');
    expect(await text(await spool.read(2, 7))).toBe('cdefg');
    expect(await text(await spool.read(8))).toBe('ij');
    expect(await text(await spool.read(3, 3))).toBe('');
    expect((await spool.read()).type).toBe('video/webm;codecs=vp9,opus');
  });

  it('finds its recordings again after a reload, with what was last recorded of them', async () => {
    const storage = backing();
    const before = storage.store();
    const older = await before.create({ mimeType: 'video/webm', startedAt: 1 });
    const newer = await before.create({ mimeType: 'video/webm', startedAt: 2 });
    await older.append(new Blob(['12345']));
    await older.update({
      upload: { url: 'http://x/api/uploads/v1', videoId: 'v1' },
      uploadedBytes: 3,
      durationMs: 900,
    });
    await newer.append(new Blob(['zz']));

    const after = storage.store(); // a new page
    const listed = await after.list();
    expect(listed.map((recording) => recording.id)).toEqual([older.id, newer.id]);
    expect(listed[0]).toMatchObject({
      size: 5,
      upload: { videoId: 'v1' },
      uploadedBytes: 3,
      durationMs: 900,
      stopped: false,
      uploaded: false,
    });
    const reopened = (await after.open(older.id))!;
    expect(await text(await reopened.read(3))).toBe('45');
    await reopened.append(new Blob(['6']));
    expect(await text(await reopened.read())).toBe('123456');

    await reopened.remove();
    expect((await after.list()).map((recording) => recording.id)).toEqual([newer.id]);
    expect(await after.open(older.id)).toBeUndefined();
    expect(await after.open('never-spooled')).toBeUndefined();
  });

  it('counts a part that is missing from the metadata (a crash between the two), and appends after it', async () => {
    const storage = backing();
    const spool = await storage.store().create({ mimeType: 'video/webm', startedAt: 1 });
    await spool.append(new Blob(['abc']));
    await storage.strayPart(spool.id, 3, 'de');

    const after = storage.store();
    expect((await after.list())[0]).toMatchObject({ id: spool.id, size: 5 });
    const reopened = (await after.open(spool.id))!;
    expect(reopened.size).toBe(5);
    await reopened.append(new Blob(['f']));
    expect(await text(await reopened.read())).toBe('abcdef');
    expect(await text(await (await storage.store().open(spool.id))!.read(2))).toBe('cdef');
  });

  it('keeps an update made while a chunk is being written', async () => {
    const storage = backing();
    const spool = await storage.store().create({ mimeType: 'video/webm', startedAt: 1 });
    await Promise.all([spool.append(new Blob(['abc'])), spool.update({ uploadedBytes: 2, stopped: true })]);
    expect(spool.info).toMatchObject({ size: 3, uploadedBytes: 2, stopped: true });
    expect((await storage.store().list())[0]).toMatchObject({ size: 3, uploadedBytes: 2, stopped: true });
  });
});
