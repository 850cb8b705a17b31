// s3rver 3.7's putObject answers once the bytes have passed its hash, not once the object's file is
// written: its write stream may not even be open yet. A DELETE right after (the API's write probe
// puts and deletes at once) removes the directory under it, and the stream's open then fails with
// ENOENT, an error nothing listens for: an uncaught exception that fails the whole test run. Here
// the object's file is closed before the answer, as S3 answers once the object is stored. Test
// support only.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type S3rver from 's3rver';

interface StoredObject {
  bucket: string;
  key: string;
  content: Buffer | Readable;
  metadata: Record<string, string>;
}
interface Store {
  getResourcePath(bucket: string, key: string | undefined, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5: string): Promise<void>;
  putObject(object: StoredObject): Promise<{ size: number; md5: string }>;
}

/** s3rver's own filesystem store, which its types do not show. */
const storeOf = (server: S3rver) => (server as unknown as { store: Store }).store;

/** Where `server` keeps the bytes of object `key` of `bucket`. */
export const objectPathOf = (server: S3rver, bucket: string, key: string) =>
  storeOf(server).getResourcePath(bucket, key, 'object');

/** Makes `server` answer a PUT of an object only once its file is closed; call before `run()`. */
export function closeObjectWritesBeforeAnswering(server: S3rver): void {
  const store = storeOf(server);
  store.putObject = async (object) => {
    const path = store.getResourcePath(object.bucket, object.key, 'object');
    await mkdir(dirname(path), { recursive: true });
    const content = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
    const written = await writeWhole(content, path);
    await store.putMetadata(object.bucket, object.key, object.metadata, written.md5);
    return written;
  };
}

/**
 * Writes `content` to the file at `path` and resolves once the file is closed, with its size and
 * MD5 (S3's ETag); rejects on any stream's error, the file's open included.
 */
export async function writeWhole(content: Readable, path: string): Promise<{ size: number; md5: string }> {
  const hash = createHash('md5');
  let size = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  await pipeline(content, counted, createWriteStream(path));
  return { size, md5: hash.digest('hex') };
}
