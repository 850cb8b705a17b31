import { defineConfig } from 'vitest/config';
import { sharedTestConfig } from '../vitest.shared.ts';

export default defineConfig({
  // The lint-rule tests' first lintText loads ESLint's whole config (typescript-eslint included):
  // about 2 s on a quiet machine and past vitest's default 5 s at load 20 on 2 cores.
  test: sharedTestConfig(import.meta.dirname, { environment: 'node', testTimeout: 30_000 }),
});
