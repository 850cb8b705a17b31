#!/usr/bin/env node
// `npm pack` of a lib (its prepack and postpack scripts, run from the lib's folder):
//   prepack   builds the lib, keeps the repo's package.json aside and writes the published one
//             (tools/pack/pack-manifest.mjs): exports pointing at dist, dependencies declared;
//   postpack  puts the repo's package.json back.
// The repo resolves the libs' sources through their own `exports` (vite, vitest, tsc and tsx all
// do, with no build and no condition to configure); only the tarball points at compiled files.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { publishManifest } from './pack-manifest.mjs';

const libDir = process.cwd();
const workspaceRoot = join(import.meta.dirname, '../..');
const manifest = join(libDir, 'package.json');
const kept = join(libDir, '.package.repo.json');
const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

function workspaceVersions() {
  const versions = {};
  for (const dir of readdirSync(join(workspaceRoot, 'libs'))) {
    const path = join(
      workspaceRoot,
      'libs',
      dir,
      existsSync(join(workspaceRoot, 'libs', dir, '.package.repo.json')) ? '.package.repo.json' : 'package.json',
    );
    if (!existsSync(path)) continue;
    const pkg = readJson(path);
    versions[pkg.name] = pkg.version;
  }
  return versions;
}

const step = process.argv[2];
if (step === 'prepack') {
  if (existsSync(kept)) throw new Error(`${kept} exists: a pack was cut short; move it back to package.json first`);
  const built = spawnSync(process.execPath, [join(import.meta.dirname, 'build-lib.mjs')], {
    cwd: libDir,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
  const pkg = readJson(manifest);
  const published = publishManifest(pkg, {
    libDir,
    rootPkg: readJson(join(workspaceRoot, 'package.json')),
    workspaceVersions: workspaceVersions(),
  });
  renameSync(manifest, kept);
  writeFileSync(manifest, `${JSON.stringify(published, null, 2)}\n`);
} else if (step === 'postpack') {
  if (existsSync(kept)) renameSync(kept, manifest);
} else {
  throw new Error('usage: lib-pack.mjs prepack|postpack');
}
