// What a lib's tarball says about itself: its entries, and the package.json `npm pack` publishes.
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';

/** The lib's entries from its (source) `exports`: `.` is `index`, `./react` is `react/index`. */
export function libEntries(pkg) {
  return Object.entries(pkg.exports).map(([subpath, source]) => {
    const name = subpath === '.' ? 'index' : `${subpath.slice(2)}/index`;
    return { subpath, source, name };
  });
}

/**
 * What must exist once in the consumer app, so peers, never dependencies: the frameworks, and the
 * protobuf and Connect runtimes (two copies of @bufbuild/protobuf make the generated descriptors
 * and the client's types disagree).
 */
const PEERS = new Set(['react', 'react-dom', '@tanstack/react-query', '@bufbuild/protobuf', '@connectrpc/connect']);

const packageName = (specifier) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];

/** Every package a built file imports (`from '...'`, `import('...')`), node builtins left out. */
function importedPackages(code) {
  const names = new Set();
  // `resolve("pkg/...")`: a package found at run time (auth's testing entry finds firebase-tools' CLI).
  // Not a method named like them: `Buffer.from('text')` imports nothing.
  for (const [, specifier] of code.matchAll(
    /(?:(?<![.\w$])from|(?<![.\w$])import|resolve)\s*\(?\s*["']([^"'./\s][^"'\s]*)["']/g,
  )) {
    if (specifier.startsWith('node:') || builtinModules.includes(specifier)) continue;
    names.add(packageName(specifier));
  }
  return names;
}

function builtFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * The published package.json: `exports` point at dist (types first), `files` is dist and the
 * README, and the packages the build imports are declared with the workspace's versions:
 * frameworks as peers, and what only a `./testing` entry imports as optional peers. A lib's own
 * `dependencies` (hls.js in @stream/ui) count as installed too.
 */
export function publishManifest(pkg, { libDir, rootPkg, workspaceVersions }) {
  const versions = {
    ...rootPkg.devDependencies,
    ...rootPkg.dependencies,
    ...pkg.dependencies,
    ...workspaceVersions,
  };
  const entries = libEntries(pkg);
  const exports = Object.fromEntries(
    entries.map((e) => [e.subpath, { types: `./dist/types/${e.name}.d.ts`, import: `./dist/${e.name}.js` }]),
  );
  const used = new Set();
  const usedOutsideTesting = new Set();
  for (const file of builtFiles(join(libDir, 'dist'))) {
    const names = importedPackages(readFileSync(file, 'utf8'));
    const testingOnly = /[\\/]testing[\\/]/.test(file);
    for (const name of names) {
      used.add(name);
      if (!testingOnly) usedOutsideTesting.add(name);
    }
  }
  const dependencies = {};
  const peerDependencies = {};
  const peerDependenciesMeta = {};
  for (const name of [...used].sort()) {
    const version = versions[name];
    if (!version) throw new Error(`${pkg.name} imports ${name}, which the workspace does not install`);
    if (PEERS.has(name) || !usedOutsideTesting.has(name)) {
      peerDependencies[name] = version;
      if (!usedOutsideTesting.has(name)) peerDependenciesMeta[name] = { optional: true };
    } else dependencies[name] = version;
  }
  const { private: _private, nx: _nx, scripts: _scripts, devDependencies: _dev, ...kept } = pkg;
  return {
    ...kept,
    exports,
    types: exports['.']?.types,
    files: ['dist', 'README.md'],
    dependencies,
    peerDependencies,
    ...(Object.keys(peerDependenciesMeta).length ? { peerDependenciesMeta } : {}),
    license: rootPkg.license ?? kept.license,
    engines: rootPkg.engines,
  };
}
