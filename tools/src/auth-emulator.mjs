// The Firebase Auth emulator for `npm start`: reuses one already answering on the address, or
// starts `firebase emulators:start --only auth` (firebase-tools, project demo-stream) and stops it
// with the caller.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bin } from './workspace.mjs';

export const EMULATOR_PROJECT_ID = 'demo-stream';

async function answers(host) {
  try {
    return (await fetch(`http://${host}/`)).ok;
  } catch {
    return false;
  }
}

/** Resolves with `{ host, started, stop() }` once the emulator answers on `host` (127.0.0.1:9099). */
export async function ensureAuthEmulator({ host = '127.0.0.1:9099', timeoutMs = 120_000, log = console.log } = {}) {
  if (await answers(host)) {
    log(`Using the Firebase Auth emulator already on ${host}`);
    return { host, started: false, stop: async () => {} };
  }
  const [address, port] = host.split(':');
  const dir = mkdtempSync(join(tmpdir(), 'stream-auth-emulator-'));
  writeFileSync(
    join(dir, 'firebase.json'),
    JSON.stringify({ emulators: { auth: { host: address, port: Number(port) }, ui: { enabled: false }, singleProjectMode: true } }),
  );
  log(`Starting the Firebase Auth emulator on ${host} (project ${EMULATOR_PROJECT_ID})...`);
  const child = spawn(bin('firebase'), ['emulators:start', '--only', 'auth', '--project', EMULATOR_PROJECT_ID], {
    cwd: dir,
    detached: true, // its own process group, so stopping it stops its Java-less node children too
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  let exited = false;
  child.once('exit', () => (exited = true));

  const stop = async () => {
    if (!exited) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      await new Promise((done) => {
        const timer = setTimeout(() => {
          try {
            process.kill(-child.pid, 'SIGKILL');
          } catch {
            /* already gone */
          }
          done();
        }, 5000);
        child.once('exit', () => {
          clearTimeout(timer);
          done();
        });
      });
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  while (!(await answers(host))) {
    if (exited || Date.now() > deadline) {
      await stop();
      throw new Error(`The Firebase Auth emulator did not start on ${host}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { host, started: true, stop };
}
