import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { takeRefs } from './affected.mjs';

const workspaceRoot = resolve(import.meta.dirname, '../..');

const git = (args: string[], env: NodeJS.ProcessEnv = process.env, input?: string) =>
  execFileSync('git', args, { cwd: workspaceRoot, env, input, encoding: 'utf8' }).trim();

/**
 * A commit on top of HEAD that changes one file only, built in a private index so the shared
 * working tree and index stay as they are (other people may be editing them).
 */
function commitTouching(path: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'stream-affected-'));
  try {
    const env = { ...process.env, GIT_INDEX_FILE: join(dir, 'index') };
    git(['read-tree', 'HEAD'], env);
    const changed = `${git(['show', `HEAD:${path}`])}\n// touched by affected.test.ts\n`;
    const blob = git(['hash-object', '-w', '--stdin'], env, changed);
    git(['update-index', '--cacheinfo', `100644,${blob},${path}`], env);
    const tree = git(['write-tree'], env);
    const author = {
      GIT_AUTHOR_NAME: 'test',
      GIT_AUTHOR_EMAIL: 't@example.test',
      GIT_COMMITTER_NAME: 'test',
      GIT_COMMITTER_EMAIL: 't@example.test',
    };
    return git(['commit-tree', tree, '-p', 'HEAD', '-m', `touch ${path}`], { ...env, ...author });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What `npm run test:affected -- --base=HEAD --head=<commit>` would run, from its own dry run. */
function plannedTasks(head: string): string[] {
  const output = execFileSync('node', ['tools/test.mjs', '--affected', '--dry-run', '--base=HEAD', `--head=${head}`], {
    cwd: workspaceRoot,
    encoding: 'utf8',
  });
  return output
    .split('\n')
    .slice(1)
    .map((line) => line.trim())
    .filter(Boolean);
}

// Each plan computes Nx's project graph: a few seconds, more on a busy machine.
describe('npm run test:affected', { timeout: 60_000 }, () => {
  it('runs lint, typecheck and tests of libs/ui and its dependents only when libs/ui alone changed', () => {
    const tasks = plannedTasks(commitTouching('libs/ui/src/index.ts'));
    expect(tasks).toEqual(
      expect.arrayContaining(['@stream/ui:lint', '@stream/ui:typecheck', '@stream/ui:test', '@stream/web:test']),
    );
    expect(tasks.filter((task) => task.startsWith('@stream/api:'))).toEqual([]);
    expect(tasks.filter((task) => /^@stream\/(proto|video-api|recorder|auth):/.test(task))).toEqual([]);
  });

  it('runs the API tests when the contract it serves changed', () => {
    const tasks = plannedTasks(commitTouching('libs/proto/src/index.ts'));
    expect(tasks).toEqual(expect.arrayContaining(['@stream/proto:test', '@stream/api:test', '@stream/web:test']));
  });

  it('reads the base and head refs in either spelling and leaves the other flags to Nx', () => {
    expect(takeRefs(['--base=origin/main', '--head', 'HEAD~1', '--skip-nx-cache'])).toEqual({
      base: 'origin/main',
      head: 'HEAD~1',
      rest: ['--skip-nx-cache'],
    });
    expect(() => takeRefs(['--base'])).toThrow('--base needs a git ref');
  });
});
