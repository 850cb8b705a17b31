import type { DataStore, Upload } from '@tus/server';
import type { ResumableUploadFiles } from './resumable-upload-files';

import { VIDEO_MAGIC_LENGTH, videoContainerOf } from '../platform/media/video-magic';

/** Whether `head` (the first bytes of a file) starts as a video Stream takes does (WebM, MKV, MP4, MOV). */
export function startsAsVideo(head: Buffer): boolean {
  return videoContainerOf(head) !== undefined;
}

/**
 * Where a finished resumable upload's bytes are: a file on this node's disk (local mode), or the
 * object of the video's resumable upload, which the media layer copies inside the bucket.
 */
export type FinishedUpload = { file: string } | { inBucket: true };

/**
 * Where tus uploads in progress wait for their last byte: this API node's disk (TusFiles) or the
 * bucket (TusObjects, S3 mode). The routes and the expiry sweep see only this.
 */
export interface TusStorage {
  readonly datastore: DataStore;
  /** Whether the complete upload starts as a video container Stream takes (see video-magic.ts). */
  isVideo(upload: Upload): Promise<boolean>;
  /** Where the complete upload's bytes are, for ResumableUploadService.finish. */
  bytesOf(upload: Upload): FinishedUpload;
  /** Removes everything kept for the upload `id`; removing a missing one is not an error. */
  remove(id: string): Promise<void>;
  /**
   * Removes what is kept for uploads untouched since `before` (their videos expire alike, see
   * ResumableUploadService.expire); resolves with how many uploads went.
   */
  removeIdle(before: Date): Promise<number>;
}

/** Uploads in progress on this node's disk (local mode): the media layer's ResumableUploadFiles. */
export class TusFiles implements TusStorage {
  constructor(private readonly files: ResumableUploadFiles) {}

  get datastore(): DataStore {
    return this.files.datastore;
  }

  async isVideo(upload: Upload): Promise<boolean> {
    return startsAsVideo(await this.files.head(upload, VIDEO_MAGIC_LENGTH));
  }

  bytesOf(upload: Upload): FinishedUpload {
    return { file: this.files.pathOf(upload) };
  }

  remove(id: string): Promise<void> {
    return this.files.remove(id);
  }

  removeIdle(before: Date): Promise<number> {
    return this.files.removeIdle(before);
  }
}
