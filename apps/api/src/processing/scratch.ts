import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { isOwnerGone, ownerTag } from '../storage/temp-owner';

/** A new folder for one job's files under `root`, named after this process so a sweep knows whose it is. */
export async function makeScratch(root: string, videoId: string): Promise<string> {
  await mkdir(root, { recursive: true });
  return mkdtemp(join(root, `${ownerTag}-${videoId.replace(/[^\w-]/g, '_')}-`));
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
