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
  const previous = { host: process.env.VITE_FIREBASE_AUTH_EMULATOR_HOST, nodeEnv: process.env.NODE_ENV };
  process.env.VITE_FIREBASE_AUTH_EMULATOR_HOST = options.emulatorHost;
  // Vitest sets NODE_ENV=test, which would make this a development build of React.
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: webRoot,
      configFile: join(webRoot, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'error',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    restore('VITE_FIREBASE_AUTH_EMULATOR_HOST', previous.host);
    restore('NODE_ENV', previous.nodeEnv);
  }
  return outDir;
}

function restore(name: string, value: string | undefined) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}
