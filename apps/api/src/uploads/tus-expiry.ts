import type { Logger } from 'pino';
import type { ResumableUploadService } from './resumable-upload.service';
import type { TusStorage } from './tus-files';

/**
 * Every so often (a quarter of the shorter expiry, at most 10 minutes), uploads idle for `expiryMs`,
 * and uploads that never received a byte for `emptyExpiryMs`, go: their videos (any API node may
 * do it: the database says who is idle) and their bytes (this node's files, or the bucket's
 * objects in S3 mode). Resolves with the function that stops it.
 */
export function startUploadExpiry(deps: {
  uploads: ResumableUploadService;
  files: TusStorage;
  expiryMs: number;
  emptyExpiryMs: number;
  log: Logger;
}): () => Promise<void> {
  const intervalMs = Math.max(1000, Math.min(deps.expiryMs / 4, deps.emptyExpiryMs / 4, 10 * 60_000));
  let running: Promise<void> | undefined;
  const sweep = async () => {
    const before = new Date(Date.now() - deps.expiryMs);
    const emptyBefore = new Date(Date.now() - deps.emptyExpiryMs);
    try {
      for (const id of await deps.uploads.expire({ idleBefore: before, emptyBefore })) await deps.files.remove(id);
      await deps.files.removeIdle(before);
    } catch (error) {
      deps.log.warn({ err: error }, 'could not expire abandoned uploads');
    }
  };
  const timer = setInterval(() => {
    running ??= sweep().finally(() => (running = undefined));
  }, intervalMs).unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
