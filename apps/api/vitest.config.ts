import { defineConfig } from 'vitest/config';
import { sharedTestConfig } from '../../vitest.shared.ts';

export default defineConfig({
  test: sharedTestConfig(import.meta.dirname, {
    environment: 'node',
    // A migrated PGlite template and a throwaway PostgreSQL cluster for the whole run.
    globalSetup: ['./test/support/global-setup.ts'],
    hookTimeout: 120_000,
    testTimeout: 30_000,
  }),
});
