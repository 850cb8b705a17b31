// The product as a browser meets it, for the browser benchmarks (web, record): the Auth emulator,
// a production build of the web app pointing at it, the API serving that build, and Debian's
// Chromium. Everything started is stopped by the callbacks pushed on `cleanups` (first in, last run).
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startAuthEmulator } from '@stream/auth/testing';
import { chromium } from 'playwright-core';
import { startApiServer } from './processes.mjs';

const run = promisify(execFile);

/** `vite build` of apps/web into `outDir`, signing in against the emulator at `emulatorHost`. */
async function buildWeb(root, outDir, emulatorHost) {
  await run(
    join(root, 'node_modules/.bin/vite'),
    ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: join(root, 'apps/web'),
      env: { ...process.env, NODE_ENV: 'production', VITE_FIREBASE_AUTH_EMULATOR_HOST: emulatorHost },
    },
  );
}

/**
 * The emulator, the web build (in `scratch`/dist) and the API over it (data in `scratch`/data);
 * resolves with { emulator, server }.
 */
export async function startProduct({ root, scratch, cleanups, log, startTimeoutMs }) {
  log('starting the Firebase Auth emulator');
  const emulator = await startAuthEmulator();
  cleanups.unshift(() => emulator.stop());
  log('building the web app (production)');
  const dist = join(scratch, 'dist');
  await buildWeb(root, dist, emulator.host);
  log('starting the API server');
  const server = await startApiServer({
    root,
    ...(startTimeoutMs ? { startTimeoutMs } : {}),
    env: {
      DATA_DIR: join(scratch, 'data'),
      WEB_DIST: dist,
      LOG_LEVEL: 'warn',
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      FIREBASE_PROJECT_ID: emulator.projectId,
    },
  });
  cleanups.unshift(() => server.stop());
  return { emulator, server };
}

/** Debian's Chromium (CHROMIUM_PATH overrides), headless, closed by `cleanups`. */
export async function launchChromium(cleanups) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  cleanups.unshift(() => browser.close());
  return browser;
}
