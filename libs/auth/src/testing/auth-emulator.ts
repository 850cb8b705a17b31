// The real Firebase Auth emulator for tests (Node only). One per test run or per test file:
// each gets its own free port, so projects testing in parallel never collide.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export { EMULATOR_PROJECT_ID } from './emulator-project';
import { EMULATOR_PROJECT_ID } from './emulator-project';

/** firebase-tools' CLI found through the package, so the lib also works installed from its tarball. */
function firebaseCli(): string {
  const manifest = createRequire(import.meta.url).resolve('firebase-tools/package.json');
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: { firebase: string } };
  return join(dirname(manifest), bin.firebase);
}

export interface AuthEmulator {
  /** host:port, the value of FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  projectId: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function isUp(host: string): Promise<boolean> {
  try {
    const response = await fetch(`http://${host}/`);
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Starts `firebase emulators:start --only auth` on a free port (about 10-20 s) and resolves when
 * it answers. (`npm start` runs its own from tools/src/auth-emulator.mjs.)
 */
export async function startAuthEmulator(options: { port?: number } = {}): Promise<AuthEmulator> {
  const port = options.port ?? (await freePort());
  const host = `127.0.0.1:${port}`;
  const dir = mkdtempSync(join(tmpdir(), 'stream-auth-emulator-'));
  // Several emulators run at once on one machine (parallel test projects). Each gets its own hub and
  // logging ports and its own TMPDIR: the hub's locator file (TMPDIR/hub-demo-stream.json) is
  // otherwise shared, and one emulator stopping removed it under another, which then crashed.
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
  const child: ChildProcess = spawn(
    process.execPath,
    [firebaseCli(), 'emulators:start', '--only', 'auth', '--project', EMULATOR_PROJECT_ID],
    {
      cwd: dir,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        TMPDIR: dir,
        NO_UPDATE_NOTIFIER: '1',
        FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
        CI: 'true',
      },
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  let exited = false;
  let stopping = false;
  child.once('exit', (code, signal) => {
    exited = true;
    // A silent death shows up later as ECONNREFUSED in some test: say it here, with the reason.
    if (!stopping)
      console.error(`The Auth emulator on ${host} exited (code ${code}, signal ${signal}):\n${output.slice(-2000)}`);
  });

  const stop = async () => {
    stopping = true;
    if (!exited && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      await new Promise<void>((done) => {
        const timer = setTimeout(() => {
          try {
            if (child.pid) process.kill(-child.pid, 'SIGKILL');
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

  const deadline = Date.now() + 90_000;
  while (!(await isUp(host))) {
    if (exited || Date.now() > deadline) {
      await stop();
      throw new Error(`The Firebase Auth emulator did not start on ${host}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { host, projectId: EMULATOR_PROJECT_ID, stop };
}
