import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resumableUploadKey } from '../../src/platform/media';
import { createBlobStore } from '../../src/platform/storage';
import { readKey } from './blob-reads';
import type { StorageKind, TestServer } from './test-server';

/** The bytes of a complete resumable upload `id` still waiting: its file, or (S3) its completed object. */
export async function waitingBytes(server: TestServer, storage: StorageKind, id: string): Promise<Buffer> {
  if (storage === 'local') return readFileSync(join(server.dataDir, 'uploads', id));
  const chunks = await (await readKey(createBlobStore(server.config), resumableUploadKey(id))).toArray();
  return Buffer.concat(chunks as Buffer[]);
}
