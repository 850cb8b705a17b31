import { defineConfig, type ViteUserConfig } from 'vitest/config';
import { sharedTestConfig } from '../../vitest.shared.ts';

/**
 * The API's tests in tiers, each an Nx target of its own (package.json scripts, each with its
 * vitest.<tier>.config.ts), so Nx runs them side by side and a change can run just the tier it
 * needs. A tier is a folder: a file is in the tier whose folder holds it, and a new file placed
 * directly in test/ runs with the integration tier until someone files it.
 *   unit         src/**: one module, no server, no global setup.
 *   integration  test/integration/: the server in the test process on port 0 (Connect contract
 *                per service, HTTP routes), PGlite, PostgreSQL where the dialect matters.
 *   system       test/system/: whole processes (cluster, killed processes, backup/restore, disk
 *                full, start-up, proxy trust, database restart, the deploy guide).
 *   media        test/media/: ffmpeg, OCR and speech doing real work.
 * Each tier runs one file at a time (vitest's default on two cores): measured, even the system tier,
 * whose tests wait on other processes, keeps about one core busy, so Nx's two lanes are the
 * parallelism, and more workers would only stretch the tests' time-outs.
 */
export const tierFiles = {
  unit: ['src/**/*.test.ts'],
  integration: ['test/integration/**/*.test.ts', 'test/*.test.ts'],
  system: ['test/system/**/*.test.ts'],
  media: ['test/media/**/*.test.ts'],
} as const;

export type Tier = keyof typeof tierFiles;

/** What every tier that starts servers shares: a PostgreSQL cluster, Auth emulator and PGlite template per run. */
const serverTests = {
  globalSetup: ['./test/support/global-setup.ts'],
  hookTimeout: 120_000,
  testTimeout: 30_000,
};

/**
 * The system tier starts the API and worker as processes from one build per run (dist/), not through
 * tsx. Its files kill, restart and starve those processes, never the test process, so they too share
 * one module graph (~6.6 s between files at load 14 in the clean-clone CI at a8551b3; all 26 files
 * passed shared at load 15 here).
 */
const processTests = { globalSetup: [...serverTests.globalSetup, './test/support/build-once.ts'] };

/**
 * The integration and media tiers' files share one module graph (isolate: false): each file imported
 * the server's ~400 modules anew (~1.9 s of CPU; 133 s of the integration tier's clean-clone run),
 * where the files only need their own servers, which each starts on port 0 with its own database and
 * DATA_DIR. What is process-wide in the server (metrics registries, the job heartbeats) is per
 * instance or idempotent; no file mocks modules or leaves fake timers behind. A file that must have
 * a fresh process cannot be in these tiers.
 */
const sharedModules = { isolate: false };

export function tierConfig(tier: Tier | 'all', test: NonNullable<ViteUserConfig['test']> = {}): ViteUserConfig {
  const include = tier === 'all' ? Object.values(tierFiles).flat() : [...tierFiles[tier]];
  return defineConfig({
    test: sharedTestConfig(
      import.meta.dirname,
      {
        environment: 'node',
        include,
        ...(tier === 'unit' ? {} : serverTests),
        ...(tier === 'system' || tier === 'all' ? processTests : {}),
        ...(tier === 'integration' || tier === 'media' || tier === 'system' ? sharedModules : {}),
        ...test,
      },
      // The units keep the report name the `test` target always had.
      { tier: tier === 'unit' ? undefined : tier },
    ),
  });
}

// Every tier at once, for `npx vitest run <file>` on any test file; `npm test` and CI run each tier
// as its own Nx target instead (package.json: `test` with vitest.unit.config.ts, `test:<tier>`).
export default tierConfig('all');
