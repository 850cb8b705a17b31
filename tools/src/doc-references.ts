// What the docs name must exist: files and folders (in links and in `backticks`), and the names
// they import from a lib (`import { x } from '@stream/ui'`) or list as a lib's exports. Used by
// doc-references.test.ts over README.md, docs/**/*.md and every README of the workspace.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, resolve } from 'node:path';
import ts from 'typescript';

export interface DocProblem {
  doc: string;
  line: number;
  message: string;
}

/** Extensions that make a `backticked` word a file name rather than a MIME type or a word. */
const FILE_EXTENSIONS = /\.(ts|tsx|mts|mjs|cjs|js|md|json|proto|ya?ml|sh|css|html|sql|conf|service|env)$/;
/** First path segments that make a `backticked` word a path of the repository. */
const REPO_ROOTS = /^(apps|libs|docs|tools|examples|bench|\.ci)\//;

/** The docs the test reads: the root README, docs/**.md, and every tracked README.md. */
export function docFiles(root: string): string[] {
  const tracked = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '*.md'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => file && existsSync(join(root, file)));
  return tracked.filter((file) => file === 'README.md' || file.startsWith('docs/') || file.endsWith('/README.md'));
}

/** Every tracked path, and every folder holding one: what a doc may name. */
function repoPaths(root: string): { files: Set<string>; dirs: Set<string> } {
  const files = new Set(
    execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean),
  );
  const dirs = new Set<string>();
  for (const file of files) for (let dir = dirname(file); dir !== '.'; dir = dirname(dir)) dirs.add(dir);
  return { files, dirs };
}

/** A `backticked` word that names a path: a file with a known extension, a repo path, or a folder. */
export function looksLikePath(text: string): boolean {
  if (/[\s<>{}*$=:;,@'"`|()[\]+?]/.test(text) || text.startsWith('/') || text.startsWith('-')) return false;
  if (/^[A-Z][A-Z0-9_]*\//.test(text)) return false; // DATA_DIR/blobs: a place at run time
  if (text.startsWith('.') && !text.includes('/')) return false; // an extension: `.d.ts`
  if (/^[\w.-]+\/$/.test(text) && !REPO_ROOTS.test(text)) return false; // a bucket's or store's prefix: `videos/`
  if (/(^|\/)(node_modules|dist|data|test-results)(\/|$)/.test(text)) return false; // made by builds and runs
  // A bare data file (`meta.json`) may be one a program writes; a bare source file must exist.
  if (!text.includes('/')) return /\.(ts|tsx|mts|mjs|cjs|js|md|proto|sh|css|html)$/.test(text);
  return FILE_EXTENSIONS.test(text) || REPO_ROOTS.test(text) || text.endsWith('/');
}

function pathExists(paths: { files: Set<string>; dirs: Set<string> }, path: string): boolean {
  const clean = path.replace(/\/$/, '');
  return paths.files.has(clean) || paths.dirs.has(clean) || clean === '';
}

/**
 * Where a named path may be: relative to the doc (always, for `./` and `../`), to the workspace
 * root, or, for a path written from inside a package (`platform/processing/smart-cut.ts`), at the end of
 * some tracked path.
 */
function findPath(paths: { files: Set<string>; dirs: Set<string> }, root: string, doc: string, name: string) {
  const target = name.split('#')[0]!.split('?')[0]!;
  if (!target) return true;
  const fromDoc = normalize(relative(root, resolve(root, dirname(doc), target)));
  if (pathExists(paths, fromDoc)) return true;
  if (target.startsWith('./') || target.startsWith('../')) return false;
  if (pathExists(paths, normalize(target))) return true;
  const suffix = '/' + target.replace(/\/$/, '');
  for (const set of [paths.files, paths.dirs]) for (const known of set) if (known.endsWith(suffix)) return true;
  return false;
}

/** The workspace's libs: package name → { entry subpath ('.', './testing') → file }. */
function libEntries(root: string): Map<string, Map<string, string>> {
  const libs = new Map<string, Map<string, string>>();
  const manifests = execFileSync('git', ['ls-files', 'libs/*/package.json'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
  for (const manifest of manifests) {
    const pkg = JSON.parse(readFileSync(join(root, manifest), 'utf8')) as {
      name: string;
      exports?: Record<string, string>;
    };
    const entries = new Map<string, string>();
    for (const [subpath, file] of Object.entries(pkg.exports ?? {}))
      entries.set(subpath, join(dirname(manifest), file));
    libs.set(pkg.name, entries);
  }
  return libs;
}

/** The names an entry file exports (following `export *` and re-exports), read by the TypeScript compiler. */
const exportsCache = new Map<string, Map<string, Set<string>>>();
function exportsOf(root: string, files: string[]): Map<string, Set<string>> {
  const key = `${root}\n${files.join('\n')}`;
  const cached = exportsCache.get(key);
  if (cached) return cached;
  const program = ts.createProgram(
    files.map((file) => join(root, file)),
    {
      jsx: ts.JsxEmit.ReactJSX,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      noEmit: true,
      skipLibCheck: true,
    },
  );
  const checker = program.getTypeChecker();
  const names = new Map<string, Set<string>>();
  for (const file of files) {
    const source = program.getSourceFile(join(root, file));
    const symbol = source && checker.getSymbolAtLocation(source);
    names.set(file, new Set(symbol ? checker.getExportsOfModule(symbol).map((s) => s.getName()) : []));
  }
  exportsCache.set(key, names);
  return names;
}

const IMPORT = /import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'(@stream\/[a-z-]+)(\/[a-z-]+)?'/g;

/** Names a lib's README lists: a bullet or table row that starts with `name` or `name(...)`. */
const LISTED = /^\s*(?:[-*]|\|)\s*`([A-Za-z_$][\w$]*)(?:\(|`)/;

/** Every name some module of a lib declares as an export (tests aside): what its README may list. */
function declaredIn(root: string, libDir: string): Set<string> {
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', `${libDir}/src`], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\./.test(file) && existsSync(join(root, file)));
  const names = new Set<string>();
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const match of text.matchAll(
      /export\s+(?:async\s+)?(?:function|const|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/g,
    ))
      names.add(match[1]!);
  }
  return names;
}

/**
 * What every doc names that does not exist. `planted` reads these docs instead (path → text), as
 * if they were in the repository: how the test shows that each kind of mistake is caught.
 */
export function findDocProblems(root: string, planted?: Record<string, string>): DocProblem[] {
  const paths = repoPaths(root);
  const docs = planted ? Object.keys(planted) : docFiles(root);
  const libs = libEntries(root);
  const entryFiles = [...libs.values()].flatMap((entries) => [...entries.values()]);
  const exported = exportsOf(root, entryFiles);
  const problems: DocProblem[] = [];
  const exportedBy = (lib: string, subpath: string) => {
    const file = libs.get(lib)?.get(subpath);
    return file ? exported.get(file) : undefined;
  };

  for (const doc of docs) {
    const text = planted?.[doc] ?? readFileSync(join(root, doc), 'utf8');
    // The lib a README belongs to: libs/<name>/README.md.
    const ownLib = [...libs.entries()].find(([, entries]) =>
      dirname(entries.get('.') ?? '').startsWith(dirname(doc) + '/'),
    )?.[0];
    const allOwnExports = ownLib
      ? new Set([...libs.get(ownLib)!.keys()].flatMap((sub) => [...(exportedBy(ownLib, sub) ?? [])]))
      : undefined;
    const declared = ownLib ? declaredIn(root, dirname(doc)) : new Set<string>();
    // Names a README says are helpers, not exports: "(`StatusBadge`, `formatTime`, ...)".
    const helpers = new Set([...text.matchAll(/\(`([A-Za-z_$][\w$]*)`/g)].map((m) => m[1]!));
    let inFence = false;
    text.split('\n').forEach((line, index) => {
      const at = (message: string) => problems.push({ doc, line: index + 1, message });
      if (/^\s*```/.test(line)) inFence = !inFence;
      if (!inFence) {
        for (const [, target] of line.matchAll(/\]\(([^)\s]+)\)/g)) {
          if (/^(https?:|mailto:|#)/.test(target!)) continue;
          if (!findPath(paths, root, doc, target!)) at(`links to ${target}, which does not exist`);
        }
        for (const [, code] of line.matchAll(/`([^`]+)`/g)) {
          if (looksLikePath(code!) && !findPath(paths, root, doc, code!)) at(`names ${code}, which does not exist`);
        }
        const listed = LISTED.exec(line)?.[1];
        // A name the lib declares somewhere, listed in its README, is part of its API: its index exports it.
        if (listed && allOwnExports && declared.has(listed) && !helpers.has(listed) && !allOwnExports.has(listed))
          at(`lists ${listed} as part of ${ownLib}, which does not export it`);
      }
    });
    for (const match of text.matchAll(IMPORT)) {
      const [, list, lib, sub] = match;
      const names = exportedBy(lib!, sub ? `.${sub}` : '.');
      const line = text.slice(0, match.index).split('\n').length;
      if (!libs.has(lib!)) continue; // not one of ours
      if (!names) {
        problems.push({ doc, line, message: `imports from ${lib}${sub ?? ''}, an entry the lib does not have` });
        continue;
      }
      for (const raw of list!.split(',')) {
        const name = raw
          .replace(/^\s*type\s+/, '')
          .split(/\s+as\s+/)[0]!
          .trim();
        if (name && !names.has(name))
          problems.push({ doc, line, message: `imports ${name} from ${lib}${sub ?? ''}, which does not export it` });
      }
    }
  }
  return problems;
}
