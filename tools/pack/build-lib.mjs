#!/usr/bin/env node
// A lib's `build` target (run from the lib's folder): its package.json `exports` entries compiled
// to ES modules in dist/ (one file per entry, shared code in chunks, every package import left
// external), and type declarations in dist/types/ from tsconfig.build.json. The repo itself keeps
// resolving the sources; `npm pack` publishes this build (tools/pack/lib-pack.mjs).
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { build } from 'vite';
import { libEntries } from './pack-manifest.mjs';

// A test runner's NODE_ENV=test would make this a development build (React's jsxDEV).
process.env.NODE_ENV = 'production';
const libDir = process.cwd();
const pkg = JSON.parse(readFileSync(join(libDir, 'package.json'), 'utf8'));
const entries = libEntries(pkg);
const workspaceRoot = join(import.meta.dirname, '../..');

rmSync(join(libDir, 'dist'), { recursive: true, force: true });
await build({
  configFile: false,
  root: libDir,
  mode: 'production',
  logLevel: 'warn',
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    minify: false,
    target: 'es2022',
    lib: { entry: Object.fromEntries(entries.map((e) => [e.name, join(libDir, e.source)])), formats: ['es'] },
    rolldownOptions: {
      // Packages (react, @connectrpc/*, @stream/proto, node:*) are the consumer's to install.
      external: (id) => !id.startsWith('.') && !isAbsolute(id) && !id.startsWith('\0'),
      output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});

const tsc = spawnSync(join(workspaceRoot, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.build.json'], {
  cwd: libDir,
  stdio: 'inherit',
});
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

// Some libs import their own files as `./x.ts` (allowImportingTsExtensions); a consumer's compiler
// finds `./x.d.ts` through `./x.js`, not through `./x.ts`.
const types = join(libDir, 'dist/types');
for (const entry of readdirSync(types, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.d.ts')) continue;
  const path = join(entry.parentPath, entry.name);
  const text = readFileSync(path, 'utf8');
  const fixed = text.replace(/(["'])(\.{1,2}\/[^"']+)\.tsx?\1/g, '$1$2.js$1');
  if (fixed !== text) writeFileSync(path, fixed);
}
