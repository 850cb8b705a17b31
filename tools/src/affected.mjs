// What `npm run test:affected` compares against, and how it asks Nx which tasks a change touches.
import { spawnSync } from 'node:child_process';
import { workspaceRoot } from './workspace.mjs';

/** `origin/main` when the clone has it (CI, a fork), else the local `main`. */
export function defaultBase(cwd = workspaceRoot) {
  const probe = spawnSync('git', ['rev-parse', '--verify', '--quiet', 'origin/main'], { cwd, stdio: 'ignore' });
  return probe.status === 0 ? 'origin/main' : 'main';
}

/**
 * Reads `--base=REF` / `--base REF` and `--head=REF` / `--head REF` out of `args`; returns them and
 * the arguments left. Without a head, Nx compares the base with the working tree (uncommitted and
 * untracked files included), which is what a person about to push wants.
 */
export function takeRefs(args) {
  const refs = {};
  const rest = [];
  for (let i = 0; i < args.length; i++) {
    const match = /^--(base|head)(?:=(.*))?$/.exec(args[i]);
    if (!match) {
      rest.push(args[i]);
      continue;
    }
    const value = match[2] ?? args[++i];
    if (!value) throw new Error(`--${match[1]} needs a git ref`);
    refs[match[1]] = value;
  }
  return { ...refs, rest };
}

/** The Nx task ids (`project:target`) that `nx affected -t ...targets` would run, without running them. */
export function affectedTasks({ targets, base, head, bin, cwd = workspaceRoot, env = process.env }) {
  const args = ['affected', '-t', ...targets, `--base=${base}`, ...(head ? [`--head=${head}`] : []), '--graph=stdout'];
  const result = spawnSync(bin, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`nx ${args.join(' ')} failed:\n${result.stderr}`);
  const graph = JSON.parse(result.stdout.slice(result.stdout.indexOf('{')));
  return Object.keys(graph.tasks.tasks).sort();
}
