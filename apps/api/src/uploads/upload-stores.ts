import { join } from 'node:path';
import type { MediaService } from '../videos';
import { s3StoreOptions, type BlobStoreConfig } from '../platform/storage';
import { ResumableUploadFiles } from './resumable-upload-files';
import { ResumableUploadObjects } from './resumable-upload-objects';
import type { ResumableUploadService } from './resumable-upload.service';
import { TusFiles, type TusStorage } from './tus-files';
import { TusObjects } from './tus-objects';

/**
 * Where uploads in progress wait, and the largest one taken. In S3 mode they wait in the bucket
 * (any API takes the next PATCH, and the original is a copy inside it); S3 copies at most 5 GiB in
 * one request (docs/toolchain.md, S3). Else in DATA_DIR/uploads.
 */
export function uploadStores(
  config: BlobStoreConfig & { MAX_UPLOAD_BYTES: number },
  deps: { media: MediaService; uploads: ResumableUploadService },
): { storage: TusStorage; maxUploadBytes: number } {
  const s3 = s3StoreOptions(config);
  if (!s3) {
    const storage = new TusFiles(new ResumableUploadFiles(join(config.DATA_DIR, 'uploads')));
    return { storage, maxUploadBytes: config.MAX_UPLOAD_BYTES };
  }
  const maxUploadBytes = Math.min(config.MAX_UPLOAD_BYTES, 5 * 1024 ** 3);
  const objects = new ResumableUploadObjects({ s3, media: deps.media, maxUploadBytes });
  return { storage: new TusObjects({ objects, ...deps }), maxUploadBytes };
}
