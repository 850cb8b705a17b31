import type { DataStore, Upload } from '@tus/server';
import type { MediaService } from '../videos';
import type { ResumableUploadObjects } from './resumable-upload-objects';
import { startsAsVideo, type FinishedUpload, type TusStorage } from './tus-files';
import { VIDEO_MAGIC_LENGTH } from '../platform/media/video-magic';

/**
 * Uploads in progress in the bucket (S3 mode): the media layer's ResumableUploadObjects (any API
 * of a cluster takes the next PATCH); the WebM check is a ranged read of 4 bytes, and the finished
 * upload becomes the original by a copy inside the bucket.
 */
export class TusObjects implements TusStorage {
  constructor(
    private readonly deps: {
      objects: ResumableUploadObjects;
      media: MediaService;
      /** Of `ids`, the videos whose uploads are still taking bytes (ResumableUploadService). */
      uploads: { inProgress(ids: string[]): Promise<Set<string>> };
    },
  ) {}

  get datastore(): DataStore {
    return this.deps.objects.datastore;
  }

  async isVideo(upload: Upload): Promise<boolean> {
    // An empty upload never completes a multipart upload: there is no object to read.
    if (!upload.size) return false;
    return startsAsVideo(await this.deps.media.resumableUploadHead(upload.id, VIDEO_MAGIC_LENGTH));
  }

  bytesOf(): FinishedUpload {
    return { inBucket: true };
  }

  remove(id: string): Promise<void> {
    return this.deps.objects.remove(id);
  }

  removeIdle(before: Date): Promise<number> {
    return this.deps.objects.removeIdle(before, (ids) => this.deps.uploads.inProgress(ids));
  }
}
