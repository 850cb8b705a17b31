import { join } from 'node:path';
import type { BlobStore } from './blob-store';
import { LocalBlobStore } from './local-blob-store';
import { S3BlobStore, type S3BlobStoreOptions } from './s3-blob-store';

export * from './blob-store';
export { assertValidBlobKey } from './blob-key';
export { LocalBlobStore } from './local-blob-store';
export { S3BlobStore, s3ClientConfig, type S3BlobStoreOptions } from './s3-blob-store';

/** The storage settings, as plain fields of the app's config. */
export interface BlobStoreConfig {
  DATA_DIR: string;
  S3_BUCKET?: string;
  S3_ENDPOINT?: string;
  S3_REGION?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE?: boolean;
  /** Local disk: send HTTP/1.1 bodies with the kernel's sendfile (default true). */
  SENDFILE?: boolean;
}

/** The bucket's settings when S3_BUCKET is set (S3 mode); undefined on local disk. */
export function s3StoreOptions(config: BlobStoreConfig): S3BlobStoreOptions | undefined {
  if (!config.S3_BUCKET) return undefined;
  return {
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT || undefined,
    region: config.S3_REGION || undefined,
    accessKeyId: config.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  };
}

/** An S3-compatible bucket when S3_BUCKET is set, otherwise the directory `DATA_DIR/blobs`. */
export function createBlobStore(config: BlobStoreConfig): BlobStore {
  const s3 = s3StoreOptions(config);
  if (s3) return new S3BlobStore(s3);
  return new LocalBlobStore(join(config.DATA_DIR, 'blobs'), { sendfile: config.SENDFILE ?? true });
}
