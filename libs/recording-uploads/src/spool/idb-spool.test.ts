// What only the IndexedDB spool has to handle: another tab (a newer version of the app, or a page
// clearing its storage) asking to upgrade or delete the database while this page holds it open.
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createIdbSpoolStore } from './idb-spool.ts';

const NAME = 'stream-recordings';

/** Deletes the database as another tab would; rejects if an open connection blocks it. */
function deleteFromAnotherTab(factory: IDBFactory): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = factory.deleteDatabase(NAME);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error('blocked by a connection that did not close'));
  });
}

describe('IndexedDB spool', () => {
  it('gives way to another tab deleting the database, and opens a fresh one on its next use', async () => {
    const factory = new IDBFactory();
    const store = createIdbSpoolStore(factory, NAME);
    const spool = await store.create({ mimeType: 'video/webm', startedAt: 1 });
    await spool.append(new Blob(['abc']));

    await deleteFromAnotherTab(factory);

    expect(await store.list()).toEqual([]);
    const next = await store.create({ mimeType: 'video/webm', startedAt: 2 });
    await next.append(new Blob(['de']));
    expect(await (await next.read()).text()).toBe('de');
    expect((await store.list()).map((recording) => recording.id)).toEqual([next.id]);
  });
});
