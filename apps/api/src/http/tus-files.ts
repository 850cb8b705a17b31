import { open, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import type { DataStore, Upload } from '@tus/server';
import type { FinishedUpload } from '../services/resumable-upload.service';

const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
/** How many bytes `startsAsWebm` looks at. */
export const WEBM_MAGIC_LENGTH = EBML_MAGIC.length;

/** Whether `head` (the first bytes of a file) starts as every WebM does (the EBML magic). */
export function startsAsWebm(head: Buffer): boolean {
  return head.length >= EBML_MAGIC.length && head.subarray(0, EBML_MAGIC.length).equals(EBML_MAGIC);
}

/** Whether the file starts as every WebM does (the EBML magic). */
export async function isWebmFile(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(EBML_MAGIC.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return startsAsWebm(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

/**
 * Where tus uploads in progress wait for their last byte: this API node's disk (TusFiles) or the
 * bucket (TusObjects, S3 mode). The routes and the expiry sweep see only this.
 */
export interface TusStorage {
  readonly datastore: DataStore;
  /** Whether the complete upload starts as every WebM does. */
  isWebm(upload: Upload): Promise<boolean>;
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

/**
 * The files @tus/file-store keeps for uploads in progress on this node: `<id>` (the bytes so
 * far) and `<id>.json` (length and metadata).
 */
export class TusFiles implements TusStorage {
  readonly datastore: DataStore;

  constructor(readonly directory: string) {
    this.datastore = new FileStore({ directory });
  }

  private pathOf(upload: Upload): string {
    return upload.storage?.path ?? join(this.directory, upload.id);
  }

  isWebm(upload: Upload): Promise<boolean> {
    return isWebmFile(this.pathOf(upload));
  }

  bytesOf(upload: Upload): FinishedUpload {
    return { file: this.pathOf(upload) };
  }

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
