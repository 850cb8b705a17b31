// `npm run build` for the API: src/main.ts, worker.ts, migrate.ts, backup.ts and restore.ts bundled by esbuild into
// dist/*.js, plain JavaScript that `node` runs without a TypeScript loader. Our workspace libraries
// (@stream/proto, TypeScript sources) are bundled in; every npm dependency stays an import of
// node_modules, so `npm ci --omit=dev` installs exactly what dist/ needs (docs/deploy.md).
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';

const root = join(import.meta.dirname, '../..');
const dependenciesOf = (dir) =>
  Object.keys(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).dependencies ?? {});
// The root's and this workspace's own (nodemailer, yazl): npm ci installs both.
const dependencies = [...dependenciesOf(root), ...dependenciesOf(import.meta.dirname)];

const { outputFiles } = await build({
  entryPoints: ['main', 'worker', 'migrate', 'backup', 'restore'].map((name) =>
    join(import.meta.dirname, 'src', `${name}.ts`),
  ),
  outdir: join(import.meta.dirname, 'dist'),
  absWorkingDir: import.meta.dirname, // the same output (paths in comments, chunk names) from any directory
  bundle: true,
  splitting: true, // the three entries share one copy of the code they have in common
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  // Only the runtime dependencies stay external (and their subpaths): a dev dependency that slipped
  // into server code would be bundled here rather than missing in production.
  external: dependencies,
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  write: false,
});
// Each file is written beside its place and renamed into it, so a process starting from dist/
// while another build runs (npm start beside the tests' own builds) reads whole files, old or new.
for (const { path, contents } of outputFiles) {
  mkdirSync(dirname(path), { recursive: true });
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, contents);
  renameSync(partial, path);
}
