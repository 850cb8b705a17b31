// The API as `npm start` and a service manager run it: src/main.ts in its own Node process, for
// tests of what happens before and around build() (start-up checks, signals, the DATA_DIR lock).
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

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

/** Starts src/main.ts on a free port of 127.0.0.1, worker off, with `env` on top of this process's. */
export function startApiProcess(env: Record<string, string>, options: { uid?: number; gid?: number } = {}): ApiProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', mainScript], {
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
