// What the tests ask of a BlobStore beyond the app's own needs, built on its public interface.
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { BlobNotFoundError, type BlobInfo, type BlobStore, type ByteRange } from '../../src/platform/storage';

/** Size and modification time of `key`, or undefined when there is no such blob. */
export async function statBlob(store: BlobStore, key: string): Promise<BlobInfo | undefined> {
  return (await store.open(key))?.info;
}

/** The bytes of `key` or of a range of it; BlobNotFoundError, InvalidRangeError as `open` gives them. */
export async function readKey(store: BlobStore, key: string, range?: ByteRange): Promise<Readable> {
  const blob = await store.open(key);
  if (!blob) throw new BlobNotFoundError(key);
  return blob.stream(range);
}

/** Stores a local file under `key`. */
export function putFile(
  store: BlobStore,
  key: string,
  path: string,
  options?: { contentType?: string },
): Promise<{ size: number }> {
  return store.put(key, createReadStream(path), options);
}
