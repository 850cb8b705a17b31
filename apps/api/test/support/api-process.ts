// The API as a service manager runs it, in its own Node process, for tests of what happens before
// and around build() (start-up checks, signals, the DATA_DIR lock): the run's build (dist/main.js,
// support/build-once.ts) under plain node, or src/main.ts through tsx as `npm start` runs it.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { builtEntry } from './built-api';

const mainScript = resolve(import.meta.dirname, '../../src/main.ts');

export interface ApiProcess {
  child: ChildProcess;
  pid: number;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  stderr(): string;
  /** Resolves when the process ends, with its exit code (or signal). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves with the base URL once the server logs that it listens; rejects if it exits first. */
  listening(timeoutMs?: number): Promise<string>;
}

/**
 * Starts the API on a free port of 127.0.0.1, worker off, with `env` on top of this process's:
 * dist/main.js, or with `source` src/main.ts through tsx (`npm start`), which transpiles the whole
 * API at each start (~2 s of CPU more), so only a test of that way of starting asks for it.
 */
export function startApiProcess(
  env: Record<string, string>,
  { source = false, ...options }: { uid?: number; gid?: number; source?: boolean } = {},
): ApiProcess {
  const args = source ? ['--import', 'tsx', mainScript] : [builtEntry('main')];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      WORKER: 'false',
      // Transcripts only where a test asks: pocketsphinx would take cores from every other test.
      TRANSCRIBE: 'off',
      LOG_LEVEL: 'info',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...options,
  });
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );
  const listening = async (timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      if (url) return url;
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`the API exited before listening:\n${out}${err}`);
      if (Date.now() > deadline) throw new Error(`the API did not listen within ${timeoutMs} ms:\n${out}${err}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return { child, pid: child.pid!, output: () => out + err, stderr: () => err, exited, listening };
}
