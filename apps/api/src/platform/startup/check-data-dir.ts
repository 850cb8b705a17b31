// The disk the API writes under DATA_DIR (db for PGlite, blobs for the local store, tmp/processing
// for the in-process worker's scratch), checked before the database opens: otherwise a full disk ends in PGlite's
// `ErrnoError { errno: 51 }`, a read-only one in a stack trace, and a read-only blobs folder only
// shows when every upload fails.
import { mkdir, rm, stat, statfs, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Config } from '../../config';
import { StartupError } from './startup-error';

const MiB = 1024 ** 2;
/** A new embedded database takes about 40 MB before the first video arrives. */
export const MIN_FREE_BYTES = 64 * MiB;

const causes: Record<string, string> = {
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOTDIR: 'a file is in the way of a folder',
  EEXIST: 'a file is in the way of a folder',
};

/** The error's cause in words an operator reads: `read-only file system`, `permission denied`... */
export function describeCause(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code && causes[code]) return causes[code];
  return error instanceof Error ? error.message : String(error);
}

type DataDirSettings = Pick<Config, 'DATA_DIR' | 'DATABASE_URL' | 'S3_BUCKET' | 'WORKER'>;

/** Who checks: the API (which also takes resumable uploads) or a worker process. */
export type DataDirUser = 'api' | 'worker';

/** The folders under DATA_DIR this configuration writes to. */
export function dataDirFolders(config: DataDirSettings, user: DataDirUser = 'api'): string[] {
  const folders: string[] = [];
  if (!config.DATABASE_URL) folders.push(join(config.DATA_DIR, 'db'));
  if (!config.S3_BUCKET) folders.push(join(config.DATA_DIR, 'blobs'));
  // Resumable uploads in progress wait here on local storage (in the bucket with S3).
  if (!config.S3_BUCKET && user === 'api') folders.push(join(config.DATA_DIR, 'uploads'));
  if (config.WORKER || user === 'worker') folders.push(join(config.DATA_DIR, 'tmp', 'processing'));
  return folders;
}

/**
 * mkdir -p that reports the real cause: Node's recursive mkdir answers ENOENT when a missing
 * parent cannot be created on a read-only file system.
 */
async function makeFolder(path: string): Promise<void> {
  try {
    await mkdir(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') {
      if ((await stat(path)).isDirectory()) return;
      throw Object.assign(new Error(`${path} is a file`), { code: 'ENOTDIR' });
    }
    if (code !== 'ENOENT' || dirname(path) === path) throw error;
    await makeFolder(dirname(path));
    await makeFolder(path);
  }
}

/** Creates each folder, writes and removes a small file in it, and checks its free space. */
export async function checkDataDir(config: DataDirSettings, user: DataDirUser = 'api'): Promise<void> {
  const fail = (path: string, cause: string) =>
    new StartupError(`DATA_DIR=${config.DATA_DIR}: cannot use ${path}: ${cause}`);
  for (const folder of dataDirFolders(config, user)) {
    const probe = join(folder, `.write-check-${process.pid}`);
    try {
      await makeFolder(folder);
      await writeFile(probe, Buffer.alloc(4096));
    } catch (error) {
      throw fail(folder, describeCause(error));
    } finally {
      await rm(probe, { force: true }).catch(() => undefined);
    }
    const { bavail, bsize } = await statfs(folder);
    const free = bavail * bsize;
    if (free < MIN_FREE_BYTES) {
      const cause = free === 0 ? 'no space left on device' : 'too little free space';
      throw fail(folder, `${cause} (${(free / MiB).toFixed(1)} MiB free, at least ${MIN_FREE_BYTES / MiB} MiB needed)`);
    }
  }
}
