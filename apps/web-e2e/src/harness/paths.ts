import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

export const workspaceRoot = resolve(import.meta.dirname, '../../../..');
export const webRoot = resolve(workspaceRoot, 'apps/web');

/** Screenshots and other artefacts a person may look at after a run (git-ignored). */
export function resultsDir(): string {
  const dir = resolve(workspaceRoot, 'apps/web-e2e/test-results');
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Screenshots of the product the README links to (docs/screens/, committed). */
export function docsScreensDir(): string {
  const dir = resolve(workspaceRoot, 'docs/screens');
  mkdirSync(dir, { recursive: true });
  return dir;
}
