import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import type { DataStore, Upload } from '@tus/server';
import { readFileHead } from './file-head';

/**
 * Resumable uploads in progress on this node's disk (local mode, DATA_DIR/uploads): the files
 * @tus/file-store keeps, `<id>` (the bytes so far) and `<id>.json` (length and metadata). Like
 * ResumableUploadObjects in S3 mode, the media layer owns them: nothing else reads or removes them.
 */
export class ResumableUploadFiles {
  readonly datastore: DataStore;

  constructor(readonly directory: string) {
    this.datastore = new FileStore({ directory });
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
