// What a benchmark's report says about its run, and how it is kept: the machine and its load
// (other engineers' work shares the cores, so every report names it), the nearest-rank percentile,
// the markdown written to bench/results/, and the clean-up that runs whatever failed.
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';

/** The 1-minute load average, as reports print it. */
export const loadNow = () => loadavg()[0].toFixed(2);

/** When and on what a run starts: `date` (UTC, to the minute), CPU count and model, load at the start. */
export const runMeta = () => ({
  date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model ?? 'unknown',
  load: loadNow(),
});

/** The p-th percentile (nearest rank) of `sorted`, ascending numbers; undefined when it is empty. */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Writes `markdown` to bench/results/`name`.md under `root` and prints it. */
export async function writeResults(root, name, markdown) {
  await mkdir(join(root, 'bench/results'), { recursive: true });
  await writeFile(join(root, 'bench/results', `${name}.md`), markdown);
  console.log(markdown);
}

/** Runs every clean-up in order; one that fails does not keep the others from running. */
export async function runCleanups(cleanups) {
  for (const cleanup of cleanups)
    await Promise.resolve()
      .then(cleanup)
      .catch(() => undefined);
}
