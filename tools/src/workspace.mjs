// Small helpers shared by the scripts in tools/: where the workspace is, how to run a step.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const workspaceRoot = fileURLToPath(new URL('../..', import.meta.url));
export const bin = (name) => join(workspaceRoot, 'node_modules/.bin', name);

/** Runs a command in the workspace root with inherited output; resolves to its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: workspaceRoot, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

/** Installs npm dependencies when node_modules is missing or older than the lockfile. */
export function ensureDependencies(log = console.log) {
  const marker = join(workspaceRoot, 'node_modules/.package-lock.json');
  if (existsSync(marker)) return;
  log('Installing npm dependencies (npm ci)...');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: workspaceRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm ci failed');
}
