import type fs from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline, Transform, type Readable } from 'node:stream';
import { S3Store, type MetadataValue } from '@tus/s3-store';
import { ERRORS, Upload, type DataStore, type KvStore } from '@tus/server';
import { s3ClientConfig, type S3BlobStoreOptions } from '../platform/storage';
import { RESUMABLE_UPLOAD_PREFIX, resumableUploadKey, videoOfResumableUploadKey } from '../platform/media/media-key';
import type { MediaService } from '../videos';

/**
 * No metadata cache between requests: in a cluster another API may declare an upload's length or
 * remove it between two requests here, so each request reads the `.info` object afresh.
 */
const noCache: KvStore<MetadataValue> = {
  get: async () => undefined,
  set: async () => undefined,
  delete: async () => undefined,
};

const named = (error: unknown, ...names: string[]) =>
  typeof error === 'object' && error !== null && 'name' in error && names.includes(error.name as string);
const isNoSuchUpload = (error: unknown) => named(error, 'NoSuchUpload');
const isNoSuchKey = (error: unknown) => named(error, 'NoSuchKey');
const isNotFound = (error: unknown) => named(error, 'NotFound', 'NoSuchKey');

/** S3 user metadata on a `.part` object: the offset in the upload where its bytes begin. */
const PART_START = 'part-start';

/** What a write in progress has seen, per upload key (see VideoKeyedS3Store.write). */
interface Writing {
  /** The offset the PATCH starts at (the parts and the `.part` before it). */
  offset: number;
  /** Bytes of the PATCH read so far. */
  received: number;
  /** Whether an earlier `.part` was taken in front of the PATCH's bytes. */
  carried: boolean;
  /** Whether this write stored a new `.part`. */
  storedPart: boolean;
}

/**
 * @tus/s3-store keeping each upload at the media layer's key of its video (`uploads/<id>`, see
 * resumableUploadKey) rather than at the bucket's root; tus still names the upload by the video id.
 *
 * And without the store's window of loss: a PATCH takes the `.part` (bytes short of a part, already
 * acknowledged) in front of its own bytes, and the store deleted it at once, before those bytes
 * were stored again as a part or a new `.part`, so a process killed during the PATCH (the cluster
 * test's SIGKILL) lost them and the upload went back to the last whole part. Here the `.part` stays
 * until it is overwritten or its bytes are in a part, and each `.part` records the offset it begins
 * at (`x-amz-meta-part-start`): one whose bytes a part already holds (the process died between the
 * two) counts for nothing, so the offset is right at every moment, on any API.
 */
class VideoKeyedS3Store extends S3Store {
  private readonly writing = new Map<string, Writing>();

  override async create(upload: Upload): Promise<Upload> {
    const created = await super.create(new Upload({ ...upload, id: resumableUploadKey(upload.id) }));
    upload.storage = created.storage;
    upload.creation_date = created.creation_date;
    return upload;
  }

  override async write(src: Readable, id: string, offset: number): Promise<number> {
    const key = resumableUploadKey(id);
    const state: Writing = { offset, received: 0, carried: false, storedPart: false };
    const counted = pipeline(
      src,
      new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          state.received += chunk.length;
          callback(null, chunk);
        },
      }),
      () => undefined, // an error reaches the store through `counted`
    );
    this.writing.set(key, state);
    try {
      const written = await super.write(counted, key, offset);
      // The earlier .part went into a part and no new one took its place: its bytes are counted there.
      if (state.carried && !state.storedPart) await super.deleteIncompletePart(key);
      return written;
    } finally {
      this.writing.delete(key);
    }
  }

  override async getUpload(id: string): Promise<Upload> {
    const key = resumableUploadKey(id);
    let metadata: MetadataValue;
    try {
      metadata = await this.getMetadata(key);
    } catch {
      throw ERRORS.FILE_NOT_FOUND;
    }
    const { file } = metadata;
    let parts: number;
    try {
      parts = (await this.retrieveParts(key)).reduce((sum, part) => sum + (part.Size ?? 0), 0);
    } catch (error) {
      // The multipart upload completed (or was aborted): the .info says how long it is.
      if (isNoSuchUpload(error) || isNoSuchKey(error))
        return new Upload({ ...file, id, offset: file.size ?? 0, size: file.size });
      throw error;
    }
    const part = await this.incompletePart(key);
    const offset = parts + (part && !part.stale(parts) ? part.size : 0);
    return new Upload({ ...file, id, offset, size: file.size });
  }

  /** The `.part` of `key`: its size, and whether a part already holds its bytes (given the parts' total). */
  private async incompletePart(key: string) {
    try {
      const head = await this.client.headObject({ Bucket: this.bucket, Key: this.partKey(key, true) });
      const start = head.Metadata?.[PART_START];
      return {
        size: head.ContentLength ?? 0,
        stale: (parts: number) => start !== undefined && Number(start) < parts,
      };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  protected override async downloadIncompletePart(key: string) {
    const part = await this.incompletePart(key);
    if (!part) return undefined;
    if (part.stale((await this.retrieveParts(key)).reduce((sum, one) => sum + (one.Size ?? 0), 0))) {
      await super.deleteIncompletePart(key);
      return undefined;
    }
    const downloaded = await super.downloadIncompletePart(key);
    const state = this.writing.get(key);
    if (state && downloaded) state.carried = true;
    return downloaded;
  }

  /** During a write, kept: overwritten by the next `.part`, or deleted once a part holds its bytes. */
  protected override async deleteIncompletePart(key: string): Promise<void> {
    if (this.writing.has(key)) return;
    await super.deleteIncompletePart(key);
  }

  /** The trailing bytes of a PATCH, short of a part, with the offset they begin at. */
  protected override async uploadIncompletePart(key: string, readStream: fs.ReadStream | Readable): Promise<string> {
    const state = this.writing.get(key);
    const path = (readStream as Partial<fs.ReadStream>).path;
    const size = typeof path === 'string' ? (await stat(path)).size : undefined;
    const start = state && size !== undefined ? state.offset + state.received - size : undefined;
    const data = await this.client.putObject({
      Bucket: this.bucket,
      Key: this.partKey(key, true),
      Body: readStream,
      ...(start !== undefined ? { Metadata: { [PART_START]: String(start) } } : {}),
    });
    if (state) state.storedPart = true;
    return data.ETag!;
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
 * Resumable uploads in progress in the bucket (S3 mode, tus): @tus/s3-store appends each
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
