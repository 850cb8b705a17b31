// `npm start` stopped the ways people and service managers stop it: SIGTERM to npm's pid, Ctrl-C
// (SIGINT to the terminal's process group), and SIGTERM while the Auth emulator is still starting.
// Each time every process it started (the API, the emulator and their children) is gone and both
// ports are closed within 10 s. Real processes throughout: npm, tools/start.mjs, the API on a temp
// DATA_DIR and the Firebase Auth emulator, on free ports of 127.0.0.1.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePorts } from '@stream/auth/testing';

const root = resolve(import.meta.dirname, '../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seen = new Set<number>();
const dataDirs: string[] = [];

afterAll(() => {
  for (const pid of seen) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* gone, as it should be */
    }
  }
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** Live (not zombie) processes as pid → [parent pid, command line]. */
function processes(): Map<number, [number, string]> {
  const table = new Map<number, [number, string]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state === 'Z') continue;
      table.set(Number(entry), [Number(ppid), readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ')]);
    } catch {
      /* ended while we looked */
    }
  }
  return table;
}

/** `pid` and every live process below it, with their command lines. */
function tree(pid: number): Map<number, string> {
  const table = processes();
  const found = new Map<number, string>();
  const walk = (parent: number) => {
    for (const [child, [ppid, command]] of table) {
      if (ppid === parent && !found.has(child)) {
        found.set(child, command);
        walk(child);
      }
    }
  };
  if (table.has(pid)) found.set(pid, table.get(pid)![1]);
  walk(pid);
  for (const child of found.keys()) seen.add(child);
  return found;
}

const isAlive = (pid: number) => processes().has(pid);
const portOpen = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => done(!!socket.destroy()));
    socket.once('error', () => done(false));
  });

async function until(what: string, probe: () => boolean | Promise<boolean>, timeoutMs: number, output: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}:\n${output()}`);
    await sleep(100);
  }
}

interface Product {
  child: ChildProcess;
  port: number;
  emulatorPort: number;
  output(): string;
}

async function startProduct(via: 'npm' | 'node'): Promise<Product> {
  const [port, emulatorPort] = (await freePorts(2)) as [number, number];
  const dataDir = mkdtempSync(join(tmpdir(), 'stream-start-'));
  dataDirs.push(dataDir);
  const [command, args] =
    via === 'npm' ? ['npm', ['start', '--', '--no-build']] : [process.execPath, ['tools/start.mjs', '--no-build']];
  const child = spawn(command, args as string[], {
    cwd: root,
    detached: true, // its own process group, as a terminal gives it, so the test can "press Ctrl-C"
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      WORKER: 'false',
      LOG_LEVEL: 'warn',
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${emulatorPort}`,
    },
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  seen.add(child.pid!);
  return { child, port, emulatorPort, output: () => output };
}

/** Waits for the API to answer; fails at once if npm start gives up first. */
async function apiUp(product: Product) {
  await until(
    'the API to answer',
    async () => {
      if (product.child.exitCode !== null)
        throw new Error(`npm start exited with ${product.child.exitCode}:\n${product.output()}`);
      return apiAnswers(product.port);
    },
    150_000,
    product.output,
  );
}

async function apiAnswers(port: number) {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/videoservice/video/none`)).status === 401;
  } catch {
    return false;
  }
}

/** Sends `signal` and expects every process in `started` gone and both ports closed within 10 s. */
async function expectAllStopped(product: Product, started: Map<number, string>, send: () => void) {
  send();
  const sent = Date.now();
  await until(
    'every process npm start started to end',
    () => [...started.keys()].every((pid) => !isAlive(pid)),
    10_000,
    () =>
      `still running: ${[...started]
        .filter(([pid]) => isAlive(pid))
        .map(([pid, cmd]) => `${pid} ${cmd}`)
        .join('\n')}\n${product.output()}`,
  );
  expect(Date.now() - sent).toBeLessThan(10_000);
  expect(await portOpen(product.port)).toBe(false);
  expect(await portOpen(product.emulatorPort)).toBe(false);
}

const startedBoth = (started: Map<number, string>) => {
  const commands = [...started.values()];
  expect(commands.some((command) => command.includes('emulators:start'))).toBe(true);
  expect(commands.some((command) => command.includes('apps/api/dist/main.js'))).toBe(true);
};

describe('npm start, stopped', () => {
  it('by SIGTERM to npm (as a service manager stops it) stops the API and the Auth emulator', async () => {
    const product = await startProduct('npm');
    await apiUp(product);
    const started = tree(product.child.pid!);
    startedBoth(started);
    await expectAllStopped(product, started, () => product.child.kill('SIGTERM'));
  }, 180_000);

  it('by Ctrl-C (SIGINT to its process group) stops the API and the Auth emulator', async () => {
    const product = await startProduct('node');
    await apiUp(product);
    const started = tree(product.child.pid!);
    startedBoth(started);
    await expectAllStopped(product, started, () => process.kill(-product.child.pid!, 'SIGINT'));
  }, 180_000);

  it('by SIGTERM while the Auth emulator is still starting stops the emulator and never starts the API', async () => {
    const product = await startProduct('node');
    let started = new Map<number, string>();
    await until(
      'the emulator process',
      () => [...(started = tree(product.child.pid!)).values()].some((command) => command.includes('emulators:start')),
      60_000,
      product.output,
    );
    expect(await portOpen(product.emulatorPort)).toBe(false); // still starting
    await expectAllStopped(product, started, () => product.child.kill('SIGTERM'));
    await sleep(1000);
    expect(await apiAnswers(product.port)).toBe(false);
  }, 120_000);
});
