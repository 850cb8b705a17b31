import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ViteUserConfig } from 'vitest/config';

const workspaceRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * Test settings every project shares. Besides the console reporter, each project writes a JSON
 * report to test-results/vitest/<project root>.json; tools/test.mjs sums them into the closing
 * `N passed, N failed` line that CI reads.
 */
export function sharedTestConfig(
  projectDir: string,
  test: NonNullable<ViteUserConfig['test']> = {},
): ViteUserConfig['test'] {
  const projectRoot = relative(workspaceRoot, projectDir);
  return {
    watch: false,
    passWithNoTests: true,
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    reporters: [
      'default',
      ['json', { outputFile: resolve(workspaceRoot, 'test-results/vitest', `${projectRoot}.json`) }],
    ],
    ...test,
  };
}
