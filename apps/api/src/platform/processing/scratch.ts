import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { isOwnerGone, ownerTag } from '../storage/temp-owner';

/** A new folder for one job's files under `root`, named after this process so a sweep knows whose it is. */
export async function makeScratch(root: string, videoId: string): Promise<string> {
  await mkdir(root, { recursive: true });
  return mkdtemp(join(root, `${ownerTag}-${videoId.replace(/[^\w-]/g, '_')}-`));
}

/**
 * Runs one attempt of a job in its own scratch folder, removed however it ends. `left` is the time
 * that remains of `timeoutMs` (at least a second), for each tool run in turn.
 */
export async function inScratch<T>(
  root: string,
  videoId: string,
  timeoutMs: number,
  attempt: (work: string, left: () => number) => Promise<T>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  const work = await makeScratch(root, videoId);
  try {
    return await attempt(work, () => Math.max(1000, deadline - Date.now()));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Removes the scratch folders of processes that are gone (killed mid-job: their `finally` never
 * ran); the folders of jobs running in this or another live process stay. Returns how many went.
 */
export async function sweepScratch(root: string): Promise<number> {
  const entries = await readdir(root).catch(() => [] as string[]);
  let removed = 0;
  for (const name of entries) {
    if (!isOwnerGone(name.split('-')[0])) continue;
    await rm(join(root, name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}
