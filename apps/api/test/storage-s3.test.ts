// The S3 store against s3rver (an S3-compatible server from npm) on a free port on 127.0.0.1,
// through the same conformance suite as the local store.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { createBlobStore, S3BlobStore } from '../src/storage';
import { describeBlobStoreConformance } from './storage-conformance';

async function startS3(bucket: string) {
  const directory = await mkdtemp(join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
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
