import type { OpfsDirectory, OpfsFile } from './opfs-spool.ts';
import type { SpoolStore } from './spool.ts';

// Each store is loaded only where it is chosen: every page opens the spool (the unfinished
// recordings banner), and a browser with OPFS never needs the IndexedDB store's code.
const opfsStore = async (root: OpfsDirectory) => (await import('./opfs-spool.ts')).createOpfsSpoolStore(root);
const idbStore = async (factory: IDBFactory) => (await import('./idb-spool.ts')).createIdbSpoolStore(factory);

/** The slice of `navigator.storage` the spool needs. */
export interface StorageManagerLike {
  getDirectory?(): Promise<unknown>;
  estimate?(): Promise<{ quota?: number; usage?: number }>;
}

const defaultStorage = (): StorageManagerLike | undefined =>
  (globalThis.navigator as { storage?: StorageManagerLike } | undefined)?.storage;

const defaultIndexedDb = (): IDBFactory | undefined => (globalThis as { indexedDB?: IDBFactory }).indexedDB;

/** Whether this browser can keep a local copy at all: OPFS or IndexedDB (an answer without waiting). */
export function hasSpoolStorage(storage = defaultStorage(), indexedDb = defaultIndexedDb()): boolean {
  return !!storage?.getDirectory || !!indexedDb;
}

/**
 * The browser's spool store: OPFS, else IndexedDB (a browser without OPFS, or one refusing it),
 * else undefined (the recording then lives in memory only).
 */
export async function openSpoolStore(
  storage = defaultStorage(),
  indexedDb = defaultIndexedDb(),
): Promise<SpoolStore | undefined> {
  try {
    if (storage?.getDirectory) {
      const root = (await storage.getDirectory()) as OpfsDirectory;
      if (await writesFromThisThread(root)) return await opfsStore(root);
    }
  } catch {
    // e.g. a private window that refuses OPFS: IndexedDB may still be allowed
  }
  if (!indexedDb) return undefined;
  try {
    const store = await idbStore(indexedDb);
    await store.list(); // opens the database: a browser refusing it answers here, not mid-recording
    return store;
  } catch {
    return undefined;
  }
}

/**
 * Whether OPFS files can be written from the page: some browsers (older Safari) have OPFS with
 * only a worker's sync access handles, no `createWritable`, where every append would fail.
 */
async function writesFromThisThread(root: OpfsDirectory): Promise<boolean> {
  const probe = await root.getFileHandle(PROBE, { create: true });
  await root.removeEntry(PROBE).catch(() => undefined);
  return typeof (probe as Partial<OpfsFile>).createWritable === 'function';
}

const PROBE = '.stream-write-probe';

/** Room below which recording warns: about 10 minutes at Chromium's default bitrate. */
export const lowSpaceBytes = 200 * 1024 * 1024;

/** Bytes the origin may still store, or undefined when the browser does not say. */
export async function freeSpoolBytes(storage = defaultStorage()): Promise<number | undefined> {
  try {
    const estimate = await storage?.estimate?.();
    if (estimate?.quota === undefined) return undefined;
    return Math.max(0, estimate.quota - (estimate.usage ?? 0));
  } catch {
    return undefined;
  }
}
