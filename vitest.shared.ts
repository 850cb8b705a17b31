import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ViteUserConfig } from 'vitest/config';

const workspaceRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * Test settings every project shares. Besides the console reporter, each project writes a JSON
 * report to test-results/vitest/<project root>.json (a tier of a project's tests, run by its own
 * Nx target, to <project root>.<tier>.json, so no tier's report overwrites another's);
 * tools/test.mjs sums them all into the closing `N passed, N failed` line that CI reads.
 */
export function sharedTestConfig(
  projectDir: string,
  test: NonNullable<ViteUserConfig['test']> = {},
  options: { tier?: string } = {},
): ViteUserConfig['test'] {
  const projectRoot = relative(workspaceRoot, projectDir);
  const report = options.tier ? `${projectRoot}.${options.tier}.json` : `${projectRoot}.json`;
  return {
    watch: false,
    passWithNoTests: true,
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    reporters: ['default', ['json', { outputFile: resolve(workspaceRoot, 'test-results/vitest', report) }]],
    ...test,
  };
}
