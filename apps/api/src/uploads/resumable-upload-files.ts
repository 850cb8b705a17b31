import { open, readdir, rm, stat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { ERRORS, type DataStore, type Upload } from '@tus/server';
import { BatchedFileWriter } from '../platform/storage/batched-file-writer';
import { isDiskFull } from '../platform/storage/disk-full';
import { readFileHead } from '../platform/media/file-head';

/**
 * @tus/file-store's FileStore with PATCH bodies written as the blob store writes (storage/
 * batched-file-writer.ts, in 1 MiB writev batches): its own write stream kept the 16 KiB default,
 * so each 64 KiB network chunk became a write of its own through libuv's thread pool, behind a
 * counting Transform that `bytesWritten` makes unnecessary. Nothing is flushed here, as before: a
 * finished upload is flushed once, when the blob store takes it (moveIn).
 */
class ResumableFileStore extends FileStore {
  override async write(readable: IncomingMessage | Readable, id: string, offset: number): Promise<number> {
    const file = resolve(this.directory, id);
    if (dirname(file) !== resolve(this.directory)) throw ERRORS.FILE_NOT_FOUND; // as FileStore's own resolve
    let out: BatchedFileWriter | undefined;
    try {
      out = new BatchedFileWriter(await open(file, 'r+'), { position: offset });
      await pipeline(readable, out);
    } catch (error) {
      // A full disk stays itself, for the route's 507: tus's own pipeline sees the same error on the
      // body stream, and answered 507 or 500 by which of the two reached it first.
      throw isDiskFull(error) ? error : ERRORS.FILE_WRITE_ERROR;
    }
    return offset + out.bytesWritten;
  }
}

/**
 * Resumable uploads in progress on this node's disk (local mode, DATA_DIR/uploads): the files
 * @tus/file-store keeps, `<id>` (the bytes so far) and `<id>.json` (length and metadata). Like
 * ResumableUploadObjects in S3 mode, the media layer owns them: nothing else reads or removes them.
 */
export class ResumableUploadFiles {
  readonly datastore: DataStore;

  constructor(readonly directory: string) {
    this.datastore = new ResumableFileStore({ directory });
  }

  /** The file holding `upload`'s bytes. */
  pathOf(upload: Upload): string {
    return upload.storage?.path ?? join(this.directory, upload.id);
  }

  /** The first `length` bytes of `upload` (fewer if it is shorter). */
  head(upload: Upload, length: number): Promise<Buffer> {
    return readFileHead(this.pathOf(upload), length);
  }

  /** Removes the files of upload `id`; removing a missing one is not an error. */
  async remove(id: string): Promise<void> {
    await rm(join(this.directory, id), { force: true });
    await rm(join(this.directory, `${id}.json`), { force: true });
  }

  /** Removes the files of uploads untouched since `before` (their videos expire alike); resolves with how many. */
  async removeIdle(before: Date): Promise<number> {
    const names = await readdir(this.directory).catch(() => [] as string[]);
    const ids = new Set(names.map((name) => name.replace(/\.json$/, '')));
    let removed = 0;
    for (const id of ids) {
      const data = await stat(join(this.directory, id)).catch(() => undefined);
      const info = await stat(join(this.directory, `${id}.json`)).catch(() => undefined);
      const latest = Math.max(data?.mtimeMs ?? 0, info?.mtimeMs ?? 0);
      if (latest < before.getTime()) {
        await this.remove(id);
        removed++;
      }
    }
    return removed;
  }
}
