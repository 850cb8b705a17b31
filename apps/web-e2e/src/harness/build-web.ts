import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { webRoot } from './paths';

/**
 * Builds apps/web into a fresh temp folder with the Auth emulator's address baked in, as a
 * deployment would bake in its Firebase project (`VITE_FIREBASE_*` are read at build time).
 */
export async function buildWeb(options: { emulatorHost: string }): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'stream-web-e2e-dist-'));
  const previous = process.env.VITE_FIREBASE_AUTH_EMULATOR_HOST;
  process.env.VITE_FIREBASE_AUTH_EMULATOR_HOST = options.emulatorHost;
  try {
    await build({
      root: webRoot,
      configFile: join(webRoot, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    if (previous === undefined) delete process.env.VITE_FIREBASE_AUTH_EMULATOR_HOST;
    else process.env.VITE_FIREBASE_AUTH_EMULATOR_HOST = previous;
  }
  return outDir;
}
