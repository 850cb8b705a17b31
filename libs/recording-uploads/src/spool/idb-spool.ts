import { newRecording, spooledSize, spoolOf } from './spool.ts';
import type { Spool, SpoolChanges, SpooledRecording, SpoolStore } from './spool.ts';

const RECORDINGS = 'recordings'; // SpooledRecording, keyed by id
const PARTS = 'parts'; // StoredPart, keyed [id, offset]
const BY_RECORDING = 'by-recording'; // PARTS by id: a recording's parts without a key range

/** One chunk. Chromium keeps a Blob in IndexedDB as a file and hands back a handle, unread. */
interface StoredPart {
  readonly id: string;
  readonly offset: number;
  readonly blob: Blob;
}

interface Part {
  readonly offset: number;
  readonly size: number;
}

type Stores = { recordings: IDBObjectStore; parts: IDBObjectStore };

const result = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

/**
 * Opens the database; `onClosed` hears when it closes under this page: another tab (a newer app,
 * or one clearing its storage) asked to upgrade or delete it, which waits until this connection
 * closes, so it does at once; or the browser closed it.
 */
async function openDatabase(factory: IDBFactory, name: string, onClosed: () => void): Promise<IDBDatabase> {
  const request = factory.open(name, 1);
  request.onupgradeneeded = () => {
    request.result.createObjectStore(RECORDINGS, { keyPath: 'id' });
    request.result.createObjectStore(PARTS, { keyPath: ['id', 'offset'] }).createIndex(BY_RECORDING, 'id');
  };
  const db = await result(request);
  db.onversionchange = () => {
    db.close();
    onClosed();
  };
  db.onclose = onClosed;
  return db;
}

const partsOf = (stored: StoredPart[]): Part[] =>
  stored.map(({ offset, blob }) => ({ offset, size: blob.size })).sort((a, b) => a.offset - b.offset);

/**
 * The spool in IndexedDB, for browsers without OPFS: the same layout as opfs-spool.ts (one
 * record per chunk, keyed by recording and offset, and one per recording's metadata). A chunk and
 * its metadata are written in one transaction, so they cannot disagree.
 */
export function createIdbSpoolStore(factory: IDBFactory, dbName = 'stream-recordings'): SpoolStore {
  let database: Promise<IDBDatabase> | undefined;

  /** Runs `work` in one transaction over both stores; resolves once it committed. */
  async function transact<T>(mode: IDBTransactionMode, work: (stores: Stores) => T | Promise<T>): Promise<T> {
    if (!database) {
      // Opened again on the next use after it closed under this page.
      const opening: Promise<IDBDatabase> = openDatabase(factory, dbName, () => {
        if (database === opening) database = undefined;
      });
      database = opening;
    }
    const tx = (await database).transaction([RECORDINGS, PARTS], mode);
    const committed = new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onabort = () => reject(tx.error ?? new DOMException('The transaction was aborted', 'AbortError'));
    });
    const [value] = await Promise.all([
      work({ recordings: tx.objectStore(RECORDINGS), parts: tx.objectStore(PARTS) }),
      committed,
    ]);
    return value;
  }

  const storedParts = (parts: IDBObjectStore, id: string) =>
    result(parts.index(BY_RECORDING).getAll(id) as IDBRequest<StoredPart[]>);

  function spool(initial: SpooledRecording, parts: Part[]): Spool {
    let info: SpooledRecording = { ...initial, size: spooledSize(parts) };
    const id = info.id;
    const save = (next: SpooledRecording) => {
      info = next;
      return transact('readwrite', ({ recordings }) => void recordings.put(next));
    };
    return spoolOf(() => info, {
      async append(chunk) {
        if (chunk.size === 0) return;
        const offset = info.size;
        const size = offset + chunk.size;
        await transact('readwrite', (stores) => {
          stores.parts.put({ id, offset, blob: chunk } satisfies StoredPart);
          stores.recordings.put({ ...info, size });
        });
        parts.push({ offset, size: chunk.size });
        info = { ...info, size }; // keeps an update() made while this one was written
      },
      async read(from = 0, to = info.size) {
        const wanted = parts.filter((part) => part.offset + part.size > from && part.offset < to);
        const stored = await transact('readonly', (stores) =>
          Promise.all(wanted.map((part) => result(stores.parts.get([id, part.offset]) as IDBRequest<StoredPart>))),
        );
        const pieces = stored.map(({ offset, blob }) => blob.slice(Math.max(0, from - offset), to - offset));
        return new Blob(pieces, { type: info.mimeType });
      },
      update: (changes: SpoolChanges) => save({ ...info, ...changes }),
      remove: () =>
        transact('readwrite', async (stores) => {
          stores.recordings.delete(id);
          const keys = await result(stores.parts.index(BY_RECORDING).getAllKeys(id));
          for (const key of keys) stores.parts.delete(key);
        }),
    });
  }

  return {
    async create(recording) {
      const info = newRecording(recording);
      await transact('readwrite', ({ recordings }) => void recordings.put(info));
      return spool(info, []);
    },
    list: () =>
      transact('readonly', async ({ recordings, parts }) => {
        const found = await result(recordings.getAll() as IDBRequest<SpooledRecording[]>);
        const sized = await Promise.all(
          found.map(async (info) => ({ ...info, size: spooledSize(partsOf(await storedParts(parts, info.id))) })),
        );
        return sized.sort((a, b) => a.startedAt - b.startedAt);
      }),
    async open(id) {
      const [info, stored] = await transact('readonly', ({ recordings, parts }) =>
        Promise.all([result(recordings.get(id) as IDBRequest<SpooledRecording | undefined>), storedParts(parts, id)]),
      );
      return info && spool(info, partsOf(stored));
    },
  };
}
