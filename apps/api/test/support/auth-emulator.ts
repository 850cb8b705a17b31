// The real Firebase Auth emulator for API tests, like `startAuthEmulator` of @stream/auth/testing
// but with its own hub and logging ports. firebase-tools reserves 4400 (hub) and 4500 (logging)
// for every emulator; when several start at once (parallel test files, other projects' tests)
// the losers print "An unexpected error has occurred" and exit with code 2 after reporting ready,
// and tests then fail with ECONNREFUSED. Free ports for all three avoid that.
// TODO(lead): fold into libs/auth/src/testing/auth-emulator.ts and use that again.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createTestUser, EMULATOR_PROJECT_ID, freePort, type AuthEmulator, type TestUser } from '@stream/auth/testing';

const firebaseCli = resolve(import.meta.dirname, '../../../../node_modules/.bin/firebase');

async function answers(host: string): Promise<boolean> {
  try {
    return (await fetch(`http://${host}/`)).ok;
  } catch {
    return false;
  }
}

export async function startAuthEmulator(options: { timeoutMs?: number } = {}): Promise<AuthEmulator> {
  const [port, hubPort, loggingPort] = [await freePort(), await freePort(), await freePort()];
  const host = `127.0.0.1:${port}`;
  const dir = mkdtempSync(join(tmpdir(), 'stream-api-auth-emulator-'));
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
  const child = spawn(firebaseCli, ['emulators:start', '--only', 'auth', '--project', EMULATOR_PROJECT_ID], {
    cwd: dir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', CI: 'true' },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  let exited = false;
  let stopping = false;
  child.once('exit', (code) => {
    exited = true;
    if (!stopping) console.error(`The Auth emulator on ${host} exited (code ${code}):\n${output.slice(-2000)}`);
  });

  const stop = async () => {
    stopping = true;
    if (!exited && child.pid) {
      const pid = child.pid;
      const kill = (signal: NodeJS.Signals) => {
        try {
          process.kill(-pid, signal);
        } catch {
          /* already gone */
        }
      };
      kill('SIGTERM');
      await new Promise<void>((done) => {
        const timer = setTimeout(() => {
          kill('SIGKILL');
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

  const deadline = Date.now() + (options.timeoutMs ?? 110_000);
  while (!(await answers(host))) {
    if (exited || Date.now() > deadline) {
      await stop();
      throw new Error(`The Firebase Auth emulator did not start on ${host}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { host, projectId: EMULATOR_PROJECT_ID, stop };
}

/**
 * createTestUser, retried when the connection drops: the emulator closes idle keep-alive sockets
 * after 5 s, and a POST sent on one just as it closes fails with "other side closed" (fetch
 * retries only idempotent requests). Under load that gap is easy to hit.
 */
export async function newTestUser(host: string, options?: Parameters<typeof createTestUser>[1]): Promise<TestUser> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await createTestUser(host, options);
    } catch (error) {
      if (!(error instanceof TypeError) || attempt >= 3) throw error;
    }
  }
}
