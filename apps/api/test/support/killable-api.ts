// The API as its own process group (the run's dist/main.js, support/build-once.ts), for tests that
// kill it with SIGKILL mid-work: killing the group reaches the ffmpeg it started too.
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { builtEntry } from './built-api';
import { freePort } from './free-port';
import { until } from './until';

export interface KillableApi {
  child: ChildProcess;
  baseUrl: string;
  output(): string;
}

/** Starts the API on `dataDir` and adds it to `children` while it runs; resolves once it answers HTTP. */
export async function startKillableApi(options: {
  dataDir: string;
  emulatorHost: string;
  children: Set<ChildProcess>;
  env?: Record<string, string>;
}): Promise<KillableApi> {
  const port = await freePort();
  const child = spawn(process.execPath, [builtEntry('main')], {
    cwd: resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      DATA_DIR: options.dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST: join(options.dataDir, 'no-web-app'),
      FIREBASE_AUTH_EMULATOR_HOST: options.emulatorHost,
      FIREBASE_PROJECT_ID: 'demo-stream',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  options.children.add(child);
  child.once('exit', () => options.children.delete(child));
  const baseUrl = `http://127.0.0.1:${port}`;
  await until('the API to answer', async () => {
    if (child.exitCode !== null) throw new Error(`the API exited: ${output}`);
    return (await fetch(`${baseUrl}/api/videoservice/video/none`)).status;
  }).catch((error: Error) => {
    throw new Error(`${error.message}; output:\n${output}`);
  });
  return { child, baseUrl, output: () => output };
}

/** SIGKILL to the process group `child` leads; nothing if it is gone. */
export function killGroup(child: ChildProcess) {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
