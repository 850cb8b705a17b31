import { defineConfig } from 'vitest/config';
import { sharedTestConfig } from '../../vitest.shared.ts';

// One emulator, one build of the web app and one API for the whole run (src/global-setup.ts);
// test files take turns against them.
export default defineConfig({
  test: sharedTestConfig(import.meta.dirname, {
    environment: 'node',
    globalSetup: ['./src/global-setup.ts'],
    setupFiles: ['./src/harness/on-failure.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  }),
});
