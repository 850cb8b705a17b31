// The API as production runs it: `npm run build` output (apps/api/dist) under plain `node`, no
// TypeScript loader, each process in its own group so a kill reaches what it started.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { freePort } from './free-port';
import { until } from './until';

export const apiRoot = resolve(import.meta.dirname, '../..');
export const distDir = join(apiRoot, 'dist');

/** Runs the API's build (esbuild, well under a second); throws with its output on failure. */
export function buildApi(): void {
  execFileSync(process.execPath, [join(apiRoot, 'build.mjs')], { cwd: apiRoot, stdio: 'pipe' });
}

/**
 * dist/<entry>.js, built once per run of the tiers that start processes (support/build-once.ts), for
 * tests that spawn it with their own environment. Plain `node` runs it in ~1 s of CPU where
 * `node --import tsx src/<entry>.ts` transpiles the whole API first (~3 s), at every start.
 */
export const builtEntry = (entry: 'main' | 'worker' | 'migrate') => join(distDir, `${entry}.js`);

export interface BuiltProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<port> for a server; empty for a worker or migrate. */
  baseUrl: string;
  port: number;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  signal(signal: NodeJS.Signals): void;
}

/**
 * `node dist/<entry>.js` with `env` on top of a clean environment (PATH and HOME only, so nothing
 * of the test runner's loader leaks in), on a free port of 127.0.0.1 unless env sets PORT.
 */
export async function startBuilt(
  entry: 'main' | 'worker' | 'migrate',
  env: Record<string, string>,
  children?: Set<ChildProcess>,
): Promise<BuiltProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, [join(distDir, `${entry}.js`)], {
    cwd: apiRoot,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? '/tmp',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_FORMAT: 'json',
      FIREBASE_PROJECT_ID: 'demo-stream',
      ...env,
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  children?.add(child);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => {
      children?.delete(child);
      done({ code, signal });
    }),
  );
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // already gone
    }
  };
  return {
    child,
    baseUrl: entry === 'main' ? `http://127.0.0.1:${port}` : '',
    port,
    output: () => output,
    exited,
    signal,
  };
}

/** Resolves once `GET /readyz` answers 200; rejects with the process's output if it exits or stalls. */
export async function ready(api: BuiltProcess, timeoutMs = 60_000): Promise<void> {
  const fail = (why: string) => new Error(`${api.baseUrl} ${why}; output:\n${api.output()}`);
  const state = await until(
    `${api.baseUrl} to be ready`,
    async () => {
      if (api.child.exitCode !== null || api.child.signalCode !== null) return 'exited';
      const answer = await fetch(`${api.baseUrl}/readyz`).catch(() => undefined);
      return answer?.status === 200 ? 'ready' : undefined;
    },
    timeoutMs,
  ).catch((error: Error) => {
    throw fail(error.message);
  });
  if (state === 'exited') throw fail('exited before it was ready');
}
