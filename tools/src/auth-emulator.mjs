// The Firebase Auth emulator that `npm start` runs beside the API: firebase-tools in its own
// process group (so stopping it stops everything it spawned), in a temp folder of its own with
// its own hub and logging ports, so it never collides with the emulators tests start at the same
// time. Tests use their own helper from @stream/auth/testing.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.mjs';
import { bin } from './workspace.mjs';

/** The project the web app's emulator build and the API's default FIREBASE_PROJECT_ID use. */
export const EMULATOR_PROJECT_ID = 'demo-stream';

async function answers(host) {
  try {
    return (await fetch(`http://${host}/`)).ok;
  } catch {
    return false;
  }
}

/** Sends `signal` to the whole process group led by `pid`; false when it is already gone. */
export function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts the emulator on 127.0.0.1:`port` and resolves once it answers, or reuses one that
 * already answers there. If `cancelled()` turns true while it starts, stops it and rejects.
 * Resolves with { host, pid (undefined when reused), stop() }: stop sends SIGTERM to its group,
 * then SIGKILL after `graceMs`, and removes its folder.
 */
export async function startAuthEmulator({ port, timeoutMs = 120_000, graceMs = 3000, cancelled = () => false } = {}) {
  const host = `127.0.0.1:${port}`;
  if (await answers(host)) return { host, pid: undefined, reused: true, stop: async () => {} };
  const dir = mkdtempSync(join(tmpdir(), 'stream-auth-emulator-'));
  const [hubPort, loggingPort] = [await freePort(), await freePort()];
  writeFileSync(
    join(dir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port },
        hub: { host: '127.0.0.1', port: hubPort },
        logging: { host: '127.0.0.1', port: loggingPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const child = spawn(bin('firebase'), ['emulators:start', '--only', 'auth', '--project', EMULATOR_PROJECT_ID], {
    cwd: dir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    // TMPDIR: the hub's locator file lives there, and another emulator stopping would remove it.
    env: {
      ...process.env,
      TMPDIR: dir,
      NO_UPDATE_NOTIFIER: '1',
      FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
      CI: 'true',
    },
  });
  let output = '';
  const keep = (chunk) => (output = (output + chunk).slice(-4000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let gone = false;
  exited.then(() => (gone = true));

  const stop = async () => {
    if (!gone && killGroup(child.pid, 'SIGTERM')) {
      const timer = setTimeout(() => killGroup(child.pid, 'SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    }
    killGroup(child.pid, 'SIGKILL'); // anything it left behind in its group
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  while (!(await answers(host))) {
    if (gone || cancelled() || Date.now() > deadline) {
      await stop();
      if (cancelled()) throw new Error('stopped while the Auth emulator was starting');
      throw new Error(`The Firebase Auth emulator did not start on ${host}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { host, pid: child.pid, reused: false, output: () => output, exited, stop };
}
