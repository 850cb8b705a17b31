// The S3 store against s3rver (an S3-compatible server from npm) on a free port on 127.0.0.1,
// through the same conformance suite as the local store, and its copy inside the bucket (S3 only).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { describe, expect, it } from 'vitest';
import { BlobNotFoundError, createBlobStore, S3BlobStore } from '../../src/platform/storage';
import { describeBlobStoreConformance } from '../support/storage-conformance';
import { closeObjectWritesBeforeAnswering } from '../support/s3rver-closed-writes';

async function startS3(bucket: string) {
  const directory = await mkdtemp(join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  closeObjectWritesBeforeAnswering(server);
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

describeBlobStoreConformance('s3', async () => {
  const s3 = await startS3('videos');
  const store = createBlobStore({
    DATA_DIR: '/nonexistent',
    S3_BUCKET: 'videos',
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: true,
  });
  if (!(store instanceof S3BlobStore)) throw new Error('S3_BUCKET should select the S3 store');
  return {
    store,
    async stop() {
      store.client.destroy();
      await s3.stop();
    },
  };
});

describe('the S3 store copying inside the bucket', () => {
  it('copies a blob to a new key with a content type, byte for byte, and reports a missing source', async () => {
    const s3 = await startS3('copies');
    const store = new S3BlobStore({
      bucket: 'copies',
      endpoint: s3.endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    });
    try {
      const bytes = randomBytes(300_000);
      await store.put('uploads/source', Readable.from([bytes]));
      expect(await store.copy('uploads/source', 'videos/x/original-1.webm', { contentType: 'video/webm' })).toEqual({
        size: bytes.length,
      });
      const copied = await store.open('videos/x/original-1.webm');
      expect(Buffer.concat(await (await copied!.stream()).toArray()).equals(bytes)).toBe(true);
      const head = await store.client.send(
        new HeadObjectCommand({ Bucket: 'copies', Key: 'videos/x/original-1.webm' }),
      );
      expect(head.ContentType).toBe('video/webm');
      expect(await store.open('uploads/source')).toBeDefined(); // the source stays
      await expect(
        store.copy('uploads/none', 'videos/x/original-2.webm', { contentType: 'video/webm' }),
      ).rejects.toThrow(BlobNotFoundError);
    } finally {
      store.client.destroy();
      await s3.stop();
    }
  });
});
