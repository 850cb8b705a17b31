import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';

/**
 * A new folder for a test's files, inside the run's scratch folder (global-setup.ts), which the
 * run's teardown removes: a test that forgets to, or dies first, leaves nothing in /tmp.
 */
export function scratchDir(prefix: string): string {
  return mkdtempSync(join(inject('scratchDir'), `${prefix}-`));
}
