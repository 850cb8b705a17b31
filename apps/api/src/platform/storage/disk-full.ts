import { statfs } from 'node:fs/promises';

/** How a full disk shows: the file system's errno, PostgreSQL's disk_full (PGlite writes to the same disk), ffmpeg's words. */
const FULL_ERRNOS = new Set(['ENOSPC', 'EDQUOT']);
const DISK_FULL_STATE = '53100';
const FULL_WORDS = /No space left on device|Disk quota exceeded/i;

/**
 * Whether `error` (or what it wraps) is a disk without room: a write of ours, PGlite extending a
 * table file, or ffmpeg's output. Such a failure is the disk's, not the video's: it is tried again
 * once there is room instead of counting against the video.
 */
export function isDiskFull(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (FULL_ERRNOS.has(code) || code === DISK_FULL_STATE)) return true;
    if (typeof message === 'string' && FULL_WORDS.test(message)) return true;
    current = (current as Error).cause;
  }
  return false;
}

/** Bytes an unprivileged process may still write on the file system holding `dir`. */
export async function freeBytes(dir: string): Promise<number> {
  const { bavail, bsize } = await statfs(dir);
  return bavail * bsize;
}
