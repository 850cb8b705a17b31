import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A small disk of its own for a test that fills one: a tmpfs of `size` (mount's syntax, "64m") on a
 * new folder. Mounting needs root, as CI has; elsewhere `mounted` is false and the folder is gone,
 * and the suite says why it did not run. `remove` unmounts (lazily: a killed process may still hold
 * a file there) and deletes the folder.
 */
export function mountTmpfs(prefix: string, size: string): { path: string; mounted: boolean; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  let mounted = false;
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', path], { stdio: 'ignore' });
    mounted = true;
  } catch {
    rmSync(path, { recursive: true, force: true });
  }
  return {
    path,
    mounted,
    remove: () => {
      if (mounted) execFileSync('umount', ['-l', path]);
      rmSync(path, { recursive: true, force: true });
    },
  };
}
