import { createOpfsSpoolStore, type OpfsDirectory } from './opfs-spool.ts';
import type { SpoolStore } from './spool.ts';

/** The slice of `navigator.storage` the spool needs. */
export interface StorageManagerLike {
  getDirectory?(): Promise<unknown>;
  estimate?(): Promise<{ quota?: number; usage?: number }>;
}

const defaultStorage = (): StorageManagerLike | undefined =>
  (globalThis.navigator as { storage?: StorageManagerLike } | undefined)?.storage;

/** The browser's spool store (OPFS), or undefined where the browser has none (the recording then lives in memory only). */
export async function openSpoolStore(storage = defaultStorage()): Promise<SpoolStore | undefined> {
  if (!storage?.getDirectory) return undefined;
  try {
    return createOpfsSpoolStore((await storage.getDirectory()) as OpfsDirectory);
  } catch {
    return undefined; // e.g. a private window that refuses storage
  }
}

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
