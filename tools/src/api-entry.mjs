// Runs one of the API's built entry points (apps/api/dist/<name>.js) with this process's arguments
// and environment, for `npm run backup` and `npm run restore`. A checkout with its dev tools
// builds first (esbuild, under a second), so the entry is this checkout's code; a production
// install (`npm ci --omit=dev`) runs the dist/ its `npm run build` made.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const api = join(root, 'apps/api');

/** Runs apps/api/dist/`name`.js to its end and exits with its code. */
export function runApiEntry(name) {
  if (existsSync(join(root, 'node_modules/esbuild'))) {
    const built = spawnSync(process.execPath, [join(api, 'build.mjs')], { stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  const entry = join(api, 'dist', `${name}.js`);
  if (!existsSync(entry)) {
    console.error(`${entry} is missing: run npm run build first`);
    process.exit(1);
  }
  const run = spawnSync(process.execPath, ['--enable-source-maps', entry, ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  process.exit(run.status ?? 1);
}
