#!/usr/bin/env node
// `npm start`: the whole product on its embedded defaults, on http://localhost:8080.
// Installs dependencies if needed, builds the web app (skip with `--no-build`) and the API (always:
// esbuild, under a second), starts the Firebase Auth emulator on 127.0.0.1:9099 (or reuses one
// already there), then runs the built API, apps/api/dist/main.js, as `npm run serve` does but
// outside production; it serves the web app and runs the processing worker.
// PORT, DATA_DIR and the other API settings pass through; FIREBASE_AUTH_EMULATOR_HOST picks the
// emulator's port, and FIREBASE_AUTH=off (with OIDC_*) starts no emulator at all. Every child runs
// in its own process group, and SIGINT (Ctrl-C) or SIGTERM (a service manager) stops all of them
// within a few seconds, at whatever step it arrives.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { setInterval } from 'node:timers';
import { killGroup, startAuthEmulator } from './src/auth-emulator.mjs';
import { ensureSystemPackages } from './src/system-packages.mjs';
import { bin, ensureDependencies, workspaceRoot } from './src/workspace.mjs';

const GRACE_MS = 4000;
const env = { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false', NX_NO_CLOUD: 'true' };
let stopping = false;
const children = new Set(); // running child processes, each leading its own group
let emulatorStarting; // the emulator's start, awaited by stopAll even when it is cut short

/** Spawns a group leader with inherited output; resolves with its exit code. */
function start(command, args, options = {}) {
  const child = spawn(command, args, {
    cwd: workspaceRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
    env,
    ...options,
  });
  children.add(child);
  const exited = new Promise((resolve) => {
    child.once('error', () => resolve(127));
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  }).finally(() => children.delete(child));
  return { child, exited };
}

/** Stops every child: SIGTERM to each group, SIGKILL to what is left after the grace period. */
async function stopAll() {
  stopping = true;
  const waits = [...children].map((child) => {
    killGroup(child.pid, 'SIGTERM');
    return new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const timer = setTimeout(() => killGroup(child.pid, 'SIGKILL'), GRACE_MS);
      child.once('exit', () => resolve(clearTimeout(timer)));
    });
  });
  const emulator = await emulatorStarting?.catch(() => undefined);
  await Promise.all([...waits, emulator?.stop()]);
}

let signalled = false;
function stopOn(reason) {
  if (signalled) return; // a second Ctrl-C while stopping changes nothing: SIGKILL follows anyway
  signalled = true;
  console.log(`\n${reason}: stopping the API and the Auth emulator...`);
  stopAll().finally(() => process.exit(0));
}
process.on('SIGINT', () => stopOn('SIGINT'));
process.on('SIGTERM', () => stopOn('SIGTERM'));
// Run as `npm start`, a SIGTERM to npm reaches this process only because the script execs it;
// should npm be killed outright, this process is orphaned: stop then too.
const parent = process.ppid;
setInterval(() => process.ppid !== parent && stopOn('npm exited'), 1000).unref();

async function main() {
  ensureDependencies();
  ensureSystemPackages(['ffmpeg']);
  if (!process.argv.includes('--no-build')) {
    const built = await start(bin('nx'), ['run', '@stream/web:build', '--outputStyle=stream']).exited;
    if (stopping) return undefined; // the signal handler exits
    if (built !== 0) return built;
  }
  // The JavaScript `npm run serve` runs: under tsx the API took 60-75 MiB more memory idle and
  // 0.6-0.8 s longer to start (bench/results/api.md), for nothing a laptop needs.
  const apiBuilt = await start(process.execPath, [join(workspaceRoot, 'apps/api/build.mjs')]).exited;
  if (stopping) return undefined;
  if (apiBuilt !== 0) return apiBuilt;

  if (process.env.FIREBASE_AUTH === 'off') {
    // No Firebase at all (sign-in through the organisation's OIDC_* provider): no emulator either.
    console.log('FIREBASE_AUTH=off: no Firebase Auth emulator; sign-in is your organisation’s');
    return runApi(env);
  }
  const emulatorPort = Number((process.env.FIREBASE_AUTH_EMULATOR_HOST || '127.0.0.1:9099').split(':').at(-1));
  console.log(`Firebase Auth emulator on 127.0.0.1:${emulatorPort} (reused if one answers there)...`);
  emulatorStarting = startAuthEmulator({ port: emulatorPort, cancelled: () => stopping });
  const emulator = await emulatorStarting.catch((error) => {
    if (stopping) return undefined;
    throw error;
  });
  if (!emulator || stopping) return undefined;
  emulator.exited?.then(
    () =>
      stopping ||
      console.error(`The Auth emulator on ${emulator.host} exited; sign-ins will fail:\n${emulator.output()}`),
  );

  return runApi({ ...env, FIREBASE_AUTH_EMULATOR_HOST: emulator.host });
}

/** Runs the built API until it ends; then stops the rest. */
async function runApi(apiEnv) {
  const api = start(process.execPath, ['--enable-source-maps', join(workspaceRoot, 'apps/api/dist/main.js')], {
    // As the deploy guide's units: freed read buffers go back to the system (docs/deploy.md, Sizing).
    env: { MALLOC_MMAP_THRESHOLD_: '131072', ...apiEnv },
  });
  const code = await api.exited;
  if (stopping) return undefined;
  await stopAll(); // the API ended by itself (a start-up error, a crash): stop the rest
  return code;
}

main()
  .then((code) => code !== undefined && process.exit(code))
  .catch(async (error) => {
    console.error(error instanceof Error ? error.message : error);
    await stopAll();
    process.exit(1);
  });
