// Which store openSpoolStore picks: OPFS where navigator.storage.getDirectory works, else
// IndexedDB where it exists and opens, else none. A recording created through the chosen store is
// looked for in each backing.
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { FakeOpfs } from '../testing/fake-opfs.ts';
import { createIdbSpoolStore } from './idb-spool.ts';
import { createOpfsSpoolStore } from './opfs-spool.ts';
import { hasSpoolStorage, openSpoolStore, type StorageManagerLike } from './open-spool-store.ts';

/** Where a recording made through openSpoolStore's choice landed: 'opfs', 'indexeddb', or none. */
async function chosen(storage: StorageManagerLike | undefined, fs: FakeOpfs, factory: IDBFactory | undefined) {
  const store = await openSpoolStore(storage, factory);
  if (!store) return undefined;
  await store.create({ mimeType: 'video/webm', startedAt: 1 });
  const inOpfs = (await createOpfsSpoolStore(fs.root).list()).length;
  const inIdb = factory ? (await createIdbSpoolStore(factory).list()).length : 0;
  expect(inOpfs + inIdb).toBe(1);
  return inOpfs ? 'opfs' : 'indexeddb';
}

describe('openSpoolStore', () => {
  it('takes OPFS when the browser has it', async () => {
    const fs = new FakeOpfs();
    expect(await chosen({ getDirectory: async () => fs.root }, fs, new IDBFactory())).toBe('opfs');
  });

  it('takes IndexedDB when getDirectory is missing', async () => {
    const fs = new FakeOpfs();
    expect(await chosen({}, fs, new IDBFactory())).toBe('indexeddb');
    expect(await chosen(undefined, fs, new IDBFactory())).toBe('indexeddb');
  });

  it('takes IndexedDB when getDirectory throws (a window refusing OPFS)', async () => {
    const refused = async () => {
      throw new DOMException('Security error when calling GetDirectory', 'SecurityError');
    };
    expect(await chosen({ getDirectory: refused }, new FakeOpfs(), new IDBFactory())).toBe('indexeddb');
  });

  it('takes IndexedDB where OPFS files cannot be written from the page (no createWritable), and leaves no probe', async () => {
    const fs = new FakeOpfs();
    const readOnlyFiles = new Proxy(fs.root, {
      get(target, property) {
        if (property === 'getFileHandle')
          return async (name: string, options?: { create?: boolean }) => {
            const file = await target.getFileHandle(name, options);
            return { kind: file.kind, name: file.name, getFile: () => file.getFile() };
          };
        const value = Reflect.get(target, property) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    expect(await chosen({ getDirectory: async () => readOnlyFiles }, fs, new IDBFactory())).toBe('indexeddb');
    const names: string[] = [];
    for await (const entry of fs.root.values()) names.push(entry.name);
    expect(names).not.toContain('.stream-write-probe');
  });

  it('has none without either, or when IndexedDB refuses to open', async () => {
    expect(await chosen({}, new FakeOpfs(), undefined)).toBeUndefined();
    const refusing = new IDBFactory();
    refusing.open = () => {
      throw new DOMException(
        'A mutation operation was attempted on a database that did not allow mutations.',
        'InvalidStateError',
      );
    };
    expect(await chosen({}, new FakeOpfs(), refusing)).toBeUndefined();
  });

  it('says without waiting whether a local copy is possible', () => {
    expect(hasSpoolStorage({ getDirectory: async () => undefined }, undefined)).toBe(true);
    expect(hasSpoolStorage({}, new IDBFactory())).toBe(true);
    expect(hasSpoolStorage(undefined, undefined)).toBe(false);
  });
});
