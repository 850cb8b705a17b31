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
    // The files share one module graph: each file imported the harness, playwright-core and the
    // contract anew, 7 s between files at load 12 against 3 s shared (six files measured here; 387 s
    // of gaps over 46 files in the clean-clone CI at a8551b3). Every file launches its own browser
    // and signs in its own people; none mocks modules or leaves fake timers behind.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll gives up after 1 s by default: a page that answers a click in 1.7 s at load 25
    // (share.e2e's link, seen here) then failed a test that asserts nothing about speed.
    expect: { poll: { timeout: 15_000 } },
  }),
});
