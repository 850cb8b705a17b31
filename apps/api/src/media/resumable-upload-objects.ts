import type { Readable } from 'node:stream';
import { S3Store, type MetadataValue } from '@tus/s3-store';
import { ERRORS, Upload, type DataStore, type KvStore } from '@tus/server';
import { s3ClientConfig, type S3BlobStoreOptions } from '../storage';
import { RESUMABLE_UPLOAD_PREFIX, resumableUploadKey, videoOfResumableUploadKey } from './media-key';
import type { MediaService } from './media.service';

/**
 * No metadata cache between requests: in a cluster another API may declare an upload's length or
 * remove it between two requests here, so each request reads the `.info` object afresh.
 */
const noCache: KvStore<MetadataValue> = {
  get: async () => undefined,
  set: async () => undefined,
  delete: async () => undefined,
};

const isNoSuchUpload = (error: unknown) =>
  typeof error === 'object' && error !== null && 'name' in error && error.name === 'NoSuchUpload';

/**
 * @tus/s3-store keeping each upload at the media layer's key of its video (`uploads/<id>`, see
 * resumableUploadKey) rather than at the bucket's root; tus still names the upload by the video id.
 */
class VideoKeyedS3Store extends S3Store {
  override async create(upload: Upload): Promise<Upload> {
    const created = await super.create(new Upload({ ...upload, id: resumableUploadKey(upload.id) }));
    upload.storage = created.storage;
    upload.creation_date = created.creation_date;
    return upload;
  }

  override write(src: Readable, id: string, offset: number): Promise<number> {
    return super.write(src, resumableUploadKey(id), offset);
  }

  override async getUpload(id: string): Promise<Upload> {
    const upload = await super.getUpload(resumableUploadKey(id));
    return new Upload({ ...upload, id });
  }

  override declareUploadLength(id: string, length: number): Promise<void> {
    return super.declareUploadLength(resumableUploadKey(id), length);
  }

  override remove(id: string): Promise<void> {
    return super.remove(resumableUploadKey(id));
  }

  override read(id: string): Promise<Readable> {
    return super.read(resumableUploadKey(id));
  }

  /** The multipart uploads in progress under the resumable uploads' prefix. */
  async *multipartUploads(): AsyncIterable<{ key: string; uploadId: string; initiated: Date }> {
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    for (;;) {
      const page = await this.client.listMultipartUploads({
        Bucket: this.bucket,
        Prefix: RESUMABLE_UPLOAD_PREFIX,
        KeyMarker: keyMarker,
        UploadIdMarker: uploadIdMarker,
      });
      for (const upload of page.Uploads ?? []) {
        if (upload.Key && upload.UploadId)
          yield { key: upload.Key, uploadId: upload.UploadId, initiated: upload.Initiated ?? new Date(0) };
      }
      if (!page.IsTruncated) return;
      keyMarker = page.NextKeyMarker;
      uploadIdMarker = page.NextUploadIdMarker;
    }
  }

  /** Aborts a multipart upload (its parts go); one already gone is no error. */
  async abortMultipart(key: string, uploadId: string): Promise<void> {
    await this.client.abortMultipartUpload({ Bucket: this.bucket, Key: key, UploadId: uploadId }).catch((error) => {
      if (!isNoSuchUpload(error)) throw error;
    });
  }
}

/**
 * Resumable uploads in progress in the bucket (S3 mode, tus, issue 13): @tus/s3-store appends each
 * PATCH as parts of a multipart upload at the video's `resumableUploadKey` (bytes short of S3's
 * 5 MiB part minimum wait in a `.part` object), so any API of a cluster can take the next PATCH,
 * and the last one completes the object inside the bucket. MediaService.receiveResumableUpload
 * then copies it to the video's original there: no byte passes through Node after Stop.
 */
export class ResumableUploadObjects {
  private readonly store: VideoKeyedS3Store;

  constructor(
    private readonly deps: {
      /** The blob store's bucket: the same endpoint, credentials, region and path style. */
      s3: S3BlobStoreOptions;
      media: MediaService;
      /** The largest upload: sizes the parts while an upload's length is deferred. */
      maxUploadBytes: number;
    },
  ) {
    this.store = new VideoKeyedS3Store({
      s3ClientConfig: { ...s3ClientConfig(deps.s3), bucket: deps.s3.bucket },
      // Parts of 8 MiB while the length is deferred: the store sizes them for the largest upload,
      // 5 TiB (550 MiB parts, each first written to a temporary file) unless told ours.
      partSize: 8 * 1024 * 1024,
      cache: noCache,
    });
    (this.store as unknown as { maxUploadSize: number }).maxUploadSize = deps.maxUploadBytes;
  }

  /** The tus datastore, naming uploads by their video's id. */
  get datastore(): DataStore {
    return this.store;
  }

  /** Aborts the multipart upload (if still in progress), then deletes the object, `.info` and `.part`. */
  async remove(videoId: string): Promise<void> {
    await this.store.remove(videoId).catch((error: unknown) => {
      // No .info, or the multipart upload completed or aborted already: the deletes below remain.
      if (error !== ERRORS.FILE_NOT_FOUND) throw error;
    });
    await this.deps.media.removeResumableUpload(videoId);
  }

  /**
   * Removes the uploads whose objects and multipart uploads are all older than `before` and that
   * `inProgress` does not name (those expire through the database, on any API): what a process
   * killed between finishing, deleting or expiring an upload and removing its bytes left behind.
   * Resolves with how many went.
   */
  async removeIdle(before: Date, inProgress: (videoIds: string[]) => Promise<Set<string>>): Promise<number> {
    const latest = new Map<string, number>();
    const note = (id: string, time: Date) => latest.set(id, Math.max(latest.get(id) ?? 0, time.getTime()));
    for await (const { videoId, lastModified } of this.deps.media.listResumableUploads()) note(videoId, lastModified);
    const multipart: { id: string; key: string; uploadId: string }[] = [];
    for await (const upload of this.store.multipartUploads()) {
      const id = videoOfResumableUploadKey(upload.key);
      if (!id) continue;
      note(id, upload.initiated);
      multipart.push({ id, ...upload });
    }
    const idle = [...latest].filter(([, time]) => time < before.getTime()).map(([id]) => id);
    const active = await inProgress(idle);
    let removed = 0;
    for (const id of idle) {
      if (active.has(id)) continue;
      for (const upload of multipart.filter((one) => one.id === id))
        await this.store.abortMultipart(upload.key, upload.uploadId);
      await this.remove(id);
      removed++;
    }
    return removed;
  }
}
