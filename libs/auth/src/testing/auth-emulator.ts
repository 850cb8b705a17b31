// The real Firebase Auth emulator (Node only): the one launcher of the workspace, used by tests
// (one per test run or file, each on its own free port so parallel projects never collide) and by
// `npm start` and the soak (tools/src/auth-emulator.mjs, on a given port, reusing one already there).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type AddressInfo, type Server } from 'node:net';
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

export interface AuthEmulatorOptions {
  /** Default: a free port of 127.0.0.1. */
  port?: number;
  /** Use an emulator already answering on `port` instead of starting one (`npm start`). */
  reuse?: boolean;
  /** How long it may take to answer; default 120 s. */
  timeoutMs?: number;
  /** After SIGTERM, how long `stop()` waits before SIGKILL; default 3 s. */
  graceMs?: number;
  /** Polled while it starts: once true, the emulator is stopped and the start rejects. */
  cancelled?: () => boolean;
  /** Told when the emulator exits without `stop()`; default: logged with its last output. */
  onUnexpectedExit?: (output: string) => void;
}

export interface AuthEmulator {
  /** host:port, the value of FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  projectId: string;
  /** The firebase CLI's pid (leader of its process group); undefined when an emulator was reused. */
  pid: number | undefined;
  reused: boolean;
  /** The emulator's last output (empty when reused). */
  output(): string;
  /** Resolves when the emulator exits (never, when reused). */
  exited: Promise<unknown>;
  /** Ends the emulator's whole process group and removes its folder. */
  stop(): Promise<void>;
}

/** A TCP port on 127.0.0.1 the OS just handed out and released, for a server to listen on next. */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port!;
}

/**
 * `count` different ports the OS just handed out and released, none of them in `not`. Each is held
 * until all are found: taken one after another and released in between, two could be the same
 * port (a CI run once gave `npm start` the port it had just given its emulator).
 */
export async function freePorts(count: number, { not = [] }: { not?: number[] } = {}): Promise<number[]> {
  const held: Server[] = [];
  try {
    const ports: number[] = [];
    while (ports.length < count) {
      const server = createServer();
      held.push(server);
      await new Promise<void>((listening, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => listening());
      });
      const port = (server.address() as AddressInfo).port;
      if (!not.includes(port)) ports.push(port);
    }
    return ports;
  } finally {
    await Promise.all(held.map((server) => new Promise((closed) => server.close(closed))));
  }
}

async function answers(host: string): Promise<boolean> {
  try {
    return (await fetch(`http://${host}/`)).ok;
  } catch {
    return false;
  }
}

/** Sends `signal` to the whole process group led by `pid`; false when it is already gone. */
function killGroup(pid: number | undefined, signal: NodeJS.Signals): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** An emulator someone else started and will stop, on `host`: `stop()` leaves it running. */
export function reusedAuthEmulator(host: string): AuthEmulator {
  return {
    host,
    projectId: EMULATOR_PROJECT_ID,
    pid: undefined,
    reused: true,
    output: () => '',
    exited: new Promise<never>(() => undefined),
    stop: async () => {},
  };
}

/**
 * Starts `firebase emulators:start --only auth` (about 10-20 s) in its own process group and temp
 * folder, with its own hub and logging ports, and resolves when it answers.
 */
export async function startAuthEmulator(options: AuthEmulatorOptions = {}): Promise<AuthEmulator> {
  const { timeoutMs = 120_000, graceMs = 3000, cancelled = () => false } = options;
  const [port, hubPort, loggingPort] =
    options.port === undefined ? await freePorts(3) : [options.port, ...(await freePorts(2, { not: [options.port] }))];
  const host = `127.0.0.1:${port}`;
  if (options.reuse && (await answers(host))) return reusedAuthEmulator(host);
  const dir = mkdtempSync(join(tmpdir(), 'stream-auth-emulator-'));
  // Several emulators run at once on one machine (parallel test projects, `npm start`). Each gets its
  // own hub and logging ports and its own TMPDIR: the hub's locator file (TMPDIR/hub-demo-stream.json)
  // is otherwise shared, and one emulator stopping removed it under another, which then crashed.
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
  const child = spawn(
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
  const keep = (chunk: Buffer) => (output = (output + chunk).slice(-4000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let gone = false;
  let stopping = false;
  const exited = new Promise<unknown>((resolve) => child.once('exit', resolve));
  void exited.then(() => {
    gone = true;
    // A silent death shows up later as ECONNREFUSED somewhere else: say it here, with the reason.
    if (stopping) return;
    if (options.onUnexpectedExit) options.onUnexpectedExit(output);
    else console.error(`The Auth emulator on ${host} exited:\n${output.slice(-2000)}`);
  });

  const stop = async () => {
    stopping = true;
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
  return { host, projectId: EMULATOR_PROJECT_ID, pid: child.pid, reused: false, output: () => output, exited, stop };
}
