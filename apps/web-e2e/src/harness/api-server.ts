import { execFile, spawn } from 'node:child_process';
import { cpSync, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '@stream/auth/testing';
import { workspaceRoot } from './paths';

export interface ApiServer {
  /** http://127.0.0.1:PORT — the web app and the API on one origin. */
  baseUrl: string;
  /** The server's DATA_DIR (database and blobs), a fresh temp folder. */
  dataDir: string;
  /** Everything the process printed so far (pino JSON lines), for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

export interface StartApiOptions {
  /** The built web app to serve at `/` (WEB_DIST). */
  webDist: string;
  /** host:port of the Auth emulator (FIREBASE_AUTH_EMULATOR_HOST). */
  emulatorHost: string;
  /** Also writes everything the process prints to this file (see harness/on-failure.ts). */
  logFile?: string;
  /** More environment for this instance, e.g. `{ MAX_UPLOAD_BYTES: '1000' }`. */
  env?: Record<string, string>;
  /** An empty database to start from (`inject('databaseTemplate')`, see makeDatabaseTemplate). */
  databaseTemplate?: string;
  timeoutMs?: number;
}

/** Starts `apps/api/src/main.ts` as its own process group on a free port and waits until `/` answers. */
export async function startApi(options: StartApiOptions): Promise<ApiServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'stream-web-e2e-data-'));
  if (options.databaseTemplate) cpSync(options.databaseTemplate, join(dataDir, 'db'), { recursive: true });
  const child = spawn(
    resolve(workspaceRoot, 'node_modules/.bin/tsx'),
    [resolve(workspaceRoot, 'apps/api/src/main.ts')],
    {
      cwd: workspaceRoot,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST: options.webDist,
        FIREBASE_AUTH_EMULATOR_HOST: options.emulatorHost,
        FIREBASE_PROJECT_ID: 'demo-stream',
        // Transcripts only where a test asks: pocketsphinx would take cores from every other test.
        TRANSCRIBE: 'off',
        ...options.env,
      },
    },
  );
  let output = '';
  const log = options.logFile ? createWriteStream(options.logFile) : undefined;
  const keep = (chunk: Buffer) => {
    output += chunk;
    log?.write(chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  const exit = new Promise<void>((done) => child.once('exit', () => ((exited = true), done())));

  const stop = async () => {
    if (!exited && child.pid) {
      const signal = (name: NodeJS.Signals) => {
        try {
          process.kill(-child.pid!, name);
        } catch {
          /* already gone */
        }
      };
      signal('SIGTERM');
      const timer = setTimeout(() => signal('SIGKILL'), 5000);
      await exit;
      clearTimeout(timer);
    }
    log?.end();
    rmSync(dataDir, { recursive: true, force: true });
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  // tsx compiles the API and PGlite migrates a fresh DATA_DIR: 10-15 s on a quiet machine, but 50 s
  // and more at load 20 on 2 cores; the hooks that call this allow 120 s.
  const deadline = Date.now() + (options.timeoutMs ?? 100_000);
  for (;;) {
    try {
      const response = await fetch(`${baseUrl}/`);
      if (response.ok) break;
    } catch {
      /* not listening yet */
    }
    if (exited || Date.now() > deadline) {
      await stop();
      throw new Error(`The API did not start on ${baseUrl}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { baseUrl, dataDir, output: () => output, stop };
}

/**
 * An empty embedded database, made once a run (src/global-setup.ts) for every API the run starts to
 * copy into its DATA_DIR. The API makes its database on first use by running PGlite's initdb in a
 * child process (apps/api/src/platform/db/pglite-files.ts): about 5 s of a core, in each of the
 * nine APIs a run starts. This runs the same initdb the same way, once; each API still migrates
 * its copy itself, as it would a database it made.
 */
export async function makeDatabaseTemplate(): Promise<string> {
  const dir = join(mkdtempSync(join(tmpdir(), 'stream-web-e2e-db-')), 'db');
  const pglite = createRequire(resolve(workspaceRoot, 'apps/api/package.json')).resolve('@electric-sql/pglite');
  const source = `require(${JSON.stringify(pglite)}).PGlite.create(process.argv[1]).then((db) => db.close())`;
  await promisify(execFile)(process.execPath, ['-e', source, dir], {
    timeout: 180_000,
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  return dir;
}
