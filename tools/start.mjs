#!/usr/bin/env node
// `npm start`: the whole product on its embedded defaults, on http://localhost:8080.
// Installs dependencies if needed, builds the web app, starts the Firebase Auth emulator on
// 127.0.0.1:9099 (or reuses one already there), then runs the API (which serves the web app and
// runs the processing worker) until Ctrl-C, and stops the emulator it started.
import { spawn } from 'node:child_process';
import { ensureSystemPackages } from './src/system-packages.mjs';
import { bin, ensureDependencies, run, workspaceRoot } from './src/workspace.mjs';

ensureDependencies();
ensureSystemPackages(['ffmpeg']);

const env = { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false', NX_NO_CLOUD: 'true' };
const built = await run(bin('nx'), ['run', '@stream/web:build', '--outputStyle=stream'], { env });
if (built !== 0) process.exit(built);

// The emulator helper is the one the tests use (TypeScript, so loaded through tsx once installed).
const { register } = await import('tsx/esm/api');
register();
const { startAuthEmulator } = await import('@stream/auth/testing');
process.env.FIREBASE_AUTH_EMULATOR_HOST ||= '127.0.0.1:9099';
const emulatorPort = Number(process.env.FIREBASE_AUTH_EMULATOR_HOST.split(':').at(-1));
console.log(`Firebase Auth emulator on ${process.env.FIREBASE_AUTH_EMULATOR_HOST} (reused if one answers there)...`);
const emulator = await startAuthEmulator({ port: emulatorPort, reuse: true, timeoutMs: 120_000 });
const api = spawn(bin('tsx'), ['apps/api/src/main.ts'], {
  cwd: workspaceRoot,
  stdio: 'inherit',
  env: { ...env, FIREBASE_AUTH_EMULATOR_HOST: emulator.host },
});
// Ctrl-C in a terminal reaches the API itself (same process group); a SIGTERM is passed on.
// Either way the API closes, then the emulator this script started stops.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => api.kill('SIGTERM'));
const code = await new Promise((resolve) => api.on('exit', (exit, signal) => resolve(exit ?? (signal ? 1 : 0))));
await emulator.stop();
process.exit(code);
