import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListMultipartUploadsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { closeObjectWritesBeforeAnswering, objectPathOf } from './s3rver-closed-writes';
import { addMultipartListing } from './s3rver-multipart';

export interface TestS3 {
  /** S3_* variables that point the API at this server's bucket. */
  env: Record<string, string>;
  /** Every key in the bucket. */
  listKeys(): Promise<string[]>;
  /** Where s3rver keeps the bytes of the object `key` (to break it on purpose). */
  objectPath(key: string): string;
  /** The key of every multipart upload in progress in the bucket. */
  listMultipartUploads(): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * s3rver (an S3-compatible server from npm) on a free port of 127.0.0.1 with one empty bucket, and
 * the multipart calls it lacks (ListParts, AbortMultipartUpload, ListMultipartUploads: see
 * s3rver-multipart.ts) that @tus/s3-store makes, answering a PUT once its object is written
 * (s3rver-closed-writes.ts).
 */
export async function startTestS3(bucket = 'videos'): Promise<TestS3> {
  const directory = await mkdtemp(join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  addMultipartListing(server);
  closeObjectWritesBeforeAnswering(server);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = new S3Client({ endpoint, region: 'us-east-1', credentials, forcePathStyle: true });
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async listKeys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key!).sort();
    },
    objectPath: (key) => objectPathOf(server, bucket, key),
    async listMultipartUploads() {
      const listed = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket }));
      return (listed.Uploads ?? []).map((upload) => upload.Key!).sort();
    },
    async stop() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
