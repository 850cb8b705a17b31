import { createReadStream } from 'node:fs';
import { open as openFile, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import * as assets from './media-asset.repository';
import type { MediaKind } from './media-asset.table';
import { lockVideo } from './video.repository';
import type { Database } from '../platform/db/schema';
import { BlobNotFoundError, type BlobStore, type OpenedBlob } from '../platform/storage/blob-store';
import {
  newMediaKey,
  newWriteProbeKey,
  RESUMABLE_UPLOAD_PREFIX,
  resumableUploadKey,
  resumableUploadObjects,
  videoOfResumableUploadKey,
} from '../platform/media/media-key';
import { peekHead } from '../platform/media/stream-head';
import { VIDEO_TYPE_HEAD_LENGTH, videoContentTypeOf } from '../platform/media/video-magic';

/** A version written to the store but not yet the video's current asset (see `publish`). */
export interface StagedAsset {
  readonly videoId: string;
  readonly kind: MediaKind;
  readonly sizeBytes: number;
}

/** One version of an asset, opened for reading; `version` opens that same version again later. */
export interface OpenedAsset extends OpenedBlob {
  readonly contentType: string;
  readonly version: AssetVersion;
}

/** A handle on one asset version: opens it again without asking the database (undefined once gone). */
export interface AssetVersion {
  open(): Promise<OpenedAsset | undefined>;
}

export interface MediaServiceDeps {
  db: Kysely<Database>;
  store: BlobStore;
  log: Logger;
  /** Hand out URLs of the store itself (S3 presigned GETs) valid this long, where the store can. */
  presignedReadSeconds?: number;
}

/**
 * The one owner of a video's bytes: the media_assets rows and the blobs they name. Nothing else
 * builds a storage key or touches a blob. A new version is written under a new key, then the row
 * switches to it, then the old blob goes; callers decide who may see what (access/video-access.ts)
 * before asking.
 */
export class MediaService {
  /** The key and type of each staged version, out of callers' reach. */
  private readonly stagedBlobs = new WeakMap<StagedAsset, { key: string; contentType: string }>();

  constructor(private readonly deps: MediaServiceDeps) {}

  /**
   * Stores an upload's bytes as a staged 'original', under the type its first bytes announce (an
   * MOV stays video/quicktime); fails (storing nothing) if `body` fails.
   */
  async receiveUpload(videoId: string, body: Readable): Promise<StagedAsset> {
    const { head, body: whole } = await peekHead(body, VIDEO_TYPE_HEAD_LENGTH);
    return this.stage(videoId, 'original', videoContentTypeOf(head), whole);
  }

  /**
   * A finished upload's local file as a staged 'original', without a copy where the store is on
   * the same disk (a hard link). The file stays at `path`: until the publish commits, it is the
   * upload's only way back, should the publish fail; the caller removes it after.
   */
  async receiveFile(videoId: string, path: string): Promise<StagedAsset> {
    const contentType = videoContentTypeOf(await fileHead(path, VIDEO_TYPE_HEAD_LENGTH));
    return this.stageFile(videoId, 'original', path, contentType, { keep: true });
  }

  /**
   * A video's complete resumable upload, waiting in the bucket (S3 mode, see `resumableUploadKey`),
   * as a staged 'original': copied inside the store (CopyObject), no byte through this process.
   * The upload's object stays: until the publish commits it is the upload's only way back, should
   * the publish fail; the caller removes it after (`removeResumableUpload`).
   */
  async receiveResumableUpload(videoId: string): Promise<StagedAsset> {
    const { store } = this.deps;
    if (!store.copy) throw new Error('This store cannot copy: resumable uploads wait on local disk here');
    const contentType = videoContentTypeOf(await this.resumableUploadHead(videoId, VIDEO_TYPE_HEAD_LENGTH));
    const key = newMediaKey(videoId, 'original', contentType);
    const { size } = await store.copy(resumableUploadKey(videoId), key, { contentType });
    const staged: StagedAsset = { videoId, kind: 'original', sizeBytes: size };
    this.stagedBlobs.set(staged, { key, contentType });
    return staged;
  }

  /** The first `length` bytes of a video's complete resumable upload in the store (a ranged read). */
  async resumableUploadHead(videoId: string, length: number): Promise<Buffer> {
    const key = resumableUploadKey(videoId);
    const blob = await this.deps.store.open(key);
    if (!blob) throw new BlobNotFoundError(key);
    const end = Math.min(length, blob.info.size) - 1;
    if (end < 0) return Buffer.alloc(0);
    const chunks: Buffer[] = [];
    for await (const chunk of await blob.stream({ start: 0, end })) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /**
   * Deletes the objects a video's resumable upload keeps in the store (the object, `.info`,
   * `.part`; see `resumableUploadKey`); missing ones are no error. The multipart upload itself is
   * the tus store's to abort first.
   */
  async removeResumableUpload(videoId: string): Promise<void> {
    for (const key of resumableUploadObjects(videoId)) await this.deps.store.delete(key);
  }

  /** Every object of resumable uploads in the store, as the video it belongs to and its time. */
  async *listResumableUploads(): AsyncIterable<{ videoId: string; lastModified: Date }> {
    for await (const blob of this.deps.store.list(RESUMABLE_UPLOAD_PREFIX)) {
      const videoId = videoOfResumableUploadKey(blob.key);
      if (videoId) yield { videoId, lastModified: blob.lastModified };
    }
  }

  /**
   * Takes a local file (the worker's output) as a staged version of `kind`: moved into the store
   * where it can (local disk: a rename, no copy), else written to it; the file at `path` is gone
   * after, unless `keep`.
   */
  async stageFile(
    videoId: string,
    kind: MediaKind,
    path: string,
    contentType: string,
    options: { keep?: boolean } = {},
  ): Promise<StagedAsset> {
    const key = newMediaKey(videoId, kind, contentType);
    const { store } = this.deps;
    const { size } = store.moveIn
      ? await store.moveIn(key, path, options)
      : await store.put(key, createReadStream(path), { contentType });
    if (!options.keep) await rm(path, { force: true });
    const staged: StagedAsset = { videoId, kind, sizeBytes: size };
    this.stagedBlobs.set(staged, { key, contentType });
    return staged;
  }

  /**
   * Makes staged versions current and removes the assets of `retire` kinds, in one transaction
   * that first runs `when` (a change of the video row); if `when` answers false, nothing changes
   * and the staged blobs are removed. The blobs of replaced versions go after the commit.
   */
  async publish(
    videoId: string,
    staged: StagedAsset[],
    options: { retire?: MediaKind[]; when?: (db: Kysely<Database>) => Promise<boolean> } = {},
  ): Promise<boolean> {
    let replaced: string[] = [];
    try {
      const applied = await this.deps.db.transaction().execute(async (trx) => {
        if (options.when && !(await options.when(trx))) return false;
        for (const asset of staged) {
          const { key, contentType } = this.blobOf(asset, videoId);
          const previous = await assets.putAsset(trx, {
            video_id: videoId,
            kind: asset.kind,
            storage_key: key,
            size_bytes: asset.sizeBytes,
            content_type: contentType,
          });
          if (previous) replaced.push(previous);
        }
        replaced.push(...(await assets.deleteAssets(trx, videoId, options.retire ?? [])));
        return true;
      });
      if (!applied) {
        replaced = [];
        await this.discard(staged);
      }
      return applied;
    } catch (error) {
      replaced = [];
      await this.discard(staged);
      throw error;
    } finally {
      await this.deleteBlobs(replaced);
    }
  }

  /** Removes staged versions that will not be published. */
  async discard(staged: StagedAsset[]): Promise<void> {
    await this.deleteBlobs(staged.map((asset) => this.blobOf(asset, asset.videoId).key));
  }

  /** Stores a small text held in memory (captions) as a staged version of `kind`. */
  stageBytes(videoId: string, kind: MediaKind, bytes: Buffer, contentType: string): Promise<StagedAsset> {
    return this.stage(videoId, kind, contentType, Readable.from([bytes]));
  }

  /** Makes the file at `path` (taken, see `stageFile`) the current `kind` of the video: new key, switch, remove the old one. */
  async replace(videoId: string, kind: MediaKind, path: string, contentType: string): Promise<void> {
    await this.publish(videoId, [await this.stageFile(videoId, kind, path, contentType)]);
  }

  /** The current version of the first of `kinds` the video has, opened; undefined if none. */
  async open(videoId: string, kinds: readonly MediaKind[]): Promise<OpenedAsset | undefined> {
    // A replace may remove the version just looked up: look again once.
    for (let attempt = 0; attempt < 2; attempt++) {
      const asset = await assets.findAsset(this.deps.db, videoId, kinds);
      if (!asset) return undefined;
      const opened = await this.openKey(asset.storage_key, asset.content_type);
      if (opened) return opened;
    }
    return undefined;
  }

  /**
   * Whether `presignedUrl` mints URLs: asked for, and a store that can (S3). Otherwise readers
   * come through `open`.
   */
  get presignsReads(): boolean {
    return this.deps.presignedReadSeconds !== undefined && this.deps.store.presignRead !== undefined;
  }

  /**
   * A short-lived URL of the store serving the current version of the first of `kinds`, or
   * undefined (no such asset, or no presigned reads). Decide who may read before asking.
   */
  async presignedUrl(videoId: string, kinds: readonly MediaKind[]): Promise<string | undefined> {
    const { store, presignedReadSeconds } = this.deps;
    if (!store.presignRead || presignedReadSeconds === undefined) return undefined;
    const asset = await assets.findAsset(this.deps.db, videoId, kinds);
    return asset && store.presignRead(asset.storage_key, presignedReadSeconds);
  }

  /** Copies the current version of the first of `kinds` to a local file; false if there is none. */
  async download(videoId: string, kinds: readonly MediaKind[], path: string): Promise<boolean> {
    const asset = await assets.findAsset(this.deps.db, videoId, kinds);
    if (!asset) return false;
    try {
      await this.deps.store.download(asset.storage_key, path);
      return true;
    } catch (error) {
      if (error instanceof BlobNotFoundError) return false;
      throw error;
    }
  }

  /**
   * Removes every asset of the video, rows then blobs, in a transaction that also runs `within`
   * (deleting the video row) after locking the row, so a publish cannot slip in between.
   * False (and nothing changed) when there is no such video or `within` answers false.
   */
  async deleteAll(videoId: string, within?: (db: Kysely<Database>) => Promise<boolean>): Promise<boolean> {
    const removed = await this.deps.db
      .transaction()
      .execute(async (trx) => {
        if (!(await lockVideo(trx, videoId))) return undefined;
        const keys = await assets.deleteAssets(trx, videoId);
        if (within && !(await within(trx))) throw new RolledBack();
        return keys;
      })
      .catch((error: unknown) => {
        if (error instanceof RolledBack) return undefined;
        throw error;
      });
    if (!removed) return false;
    await this.deleteBlobs(removed);
    return true;
  }

  /**
   * Removes the partial files of dead processes now (start-up, before the server answers: a cheap
   * scan of partial uploads), then sweeps the whole store (see `sweep`) in the background and every
   * `intervalMs` after: listing a large bucket must not hold up start-up. Resolves with the
   * function that stops the sweeping.
   */
  async startSweeping(intervalMs = 10 * 60 * 1000): Promise<() => Promise<void>> {
    const sweep = async () => {
      const removed = await this.sweep().catch((error: unknown) => {
        this.deps.log.warn({ err: error }, 'could not sweep the blob store');
        return 0;
      });
      if (removed) this.deps.log.info({ removed }, 'removed what interrupted uploads and jobs left in the blob store');
    };
    await this.deps.store.sweep().catch((error: unknown) => {
      this.deps.log.warn({ err: error }, 'could not remove the partial uploads of dead processes');
    });
    const first = setTimeout(() => void sweep(), 0).unref();
    const timer = setInterval(() => void sweep(), intervalMs).unref();
    return async () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }

  /**
   * Whether the store takes a write (/readyz): writes and removes one small probe blob under a key
   * of its own, outside `videos/`, so no sweep, video or concurrent probe ever sees it.
   */
  async probeWrite(): Promise<void> {
    const key = newWriteProbeKey();
    await this.deps.store.put(key, Readable.from([Buffer.from('ok')]), { contentType: 'text/plain' });
    await this.deps.store.delete(key);
  }

  /**
   * Removes what a crash left in the store: partial files of dead processes (BlobStore.sweep) and
   * whole blobs no asset row names (a process killed between writing a version and publishing
   * it), once older than `orphanAgeMs`: a version is published milliseconds after it is written,
   * so a younger one may still be on its way. Resolves with how many entries went.
   */
  async sweep(orphanAgeMs = 60 * 60 * 1000): Promise<number> {
    let removed = await this.deps.store.sweep();
    const before = Date.now() - orphanAgeMs;
    const candidates: string[] = [];
    for await (const blob of this.deps.store.list('videos/')) {
      if (blob.lastModified.getTime() < before) candidates.push(blob.key);
    }
    for (let i = 0; i < candidates.length; i += 500) {
      const batch = candidates.slice(i, i + 500);
      const inUse = await assets.keysInUse(this.deps.db, batch);
      const orphans = batch.filter((key) => !inUse.has(key));
      await this.deleteBlobs(orphans);
      removed += orphans.length;
    }
    return removed;
  }

  private async stage(videoId: string, kind: MediaKind, contentType: string, body: Readable): Promise<StagedAsset> {
    const key = newMediaKey(videoId, kind, contentType);
    const { size } = await this.deps.store.put(key, body, { contentType });
    const staged: StagedAsset = { videoId, kind, sizeBytes: size };
    this.stagedBlobs.set(staged, { key, contentType });
    return staged;
  }

  private blobOf(staged: StagedAsset, videoId: string): { key: string; contentType: string } {
    const blob = this.stagedBlobs.get(staged);
    if (!blob || staged.videoId !== videoId)
      throw new Error(`Not staged here for ${videoId}: ${staged.kind} of ${staged.videoId}`);
    return blob;
  }

  private async openKey(key: string, contentType: string): Promise<OpenedAsset | undefined> {
    const blob = await this.deps.store.open(key);
    if (!blob) return undefined;
    const version: AssetVersion = { open: () => this.openKey(key, contentType) };
    return {
      info: blob.info,
      stream: (range) => blob.stream(range).catch(gone),
      writeTo: (out, range) => blob.writeTo(out, range).catch(gone),
      ...(blob.handOff ? { handOff: blob.handOff } : {}),
      contentType,
      version,
    };
  }

  private async deleteBlobs(keys: string[]): Promise<void> {
    for (const key of keys) {
      await this.deps.store.delete(key).catch((error: unknown) => {
        // The row is gone already: the blob is only disk to reclaim, not a user-visible failure.
        this.deps.log.error({ err: error, key }, 'could not delete blob');
      });
    }
  }
}

class RolledBack extends Error {}

/** The first `length` bytes of the file at `path` (fewer if it is shorter). */
async function fileHead(path: string, length: number): Promise<Buffer> {
  const file = await openFile(path, 'r');
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(length), 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** The version that was opened is gone (replaced or deleted) before it could be read. */
export class MediaGoneError extends Error {
  constructor(options?: ErrorOptions) {
    super('This version of the media is gone', options);
    this.name = 'MediaGoneError';
  }
}

const gone = (error: unknown): never => {
  throw error instanceof BlobNotFoundError ? new MediaGoneError({ cause: error }) : error;
};
