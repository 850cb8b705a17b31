#!/usr/bin/env node
// The range path of the API under a V8 CPU profile (issue 34): a 64 MiB upload, then 40 untimed
// and 40 timed rounds of 64 × 1 MiB ranges on 4 connections, through nginx with ACCEL_REDIRECT
// (ACCEL=0: from Node itself; BUILT=1: apps/api/dist; CACHED=1: nginx with cached decisions).
// Prints the API's (and the front nginx's) CPU per range request;
// the profile goes to PROFILE_DIR (default /tmp/stream-range-profile), for profile-summary.mjs.
// Usage: npx tsx tools/bench/profile-ranges.mjs
import { Buffer } from 'node:buffer';
import { mkdtemp, rm, writeFile, chmod } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createTestUser, startAuthEmulator } from '@stream/auth/testing';
import { makeTestClip } from '@stream/video-api/testing';
import { readFile } from 'node:fs/promises';
import { rangeLoad, uploadFile } from './lib/http-load.mjs';
import { startApiServer, startFrontNginx } from './lib/processes.mjs';
import { cpuSecondsOf } from './lib/cpu.mjs';
const root = resolve(import.meta.dirname, '../..');
const MiB = 1 << 20;
const size = 64 * MiB;
const scratch = await mkdtemp(join(tmpdir(), 'prof-'));
await chmod(scratch, 0o755);
const dataDir = join(scratch, 'data');
const file = join(scratch, 'r.webm');
await makeTestClip(join(scratch, 'seed.webm'), { seconds: 1, audio: false, live: true }, '/usr/bin/ffmpeg');
await writeFile(file, Buffer.concat([await readFile(join(scratch, 'seed.webm')), randomBytes(size)]).subarray(0, size));
const emulator = await startAuthEmulator();
const user = await createTestUser(emulator.host);
const accel = process.env.ACCEL !== '0';
const server = await startApiServer({
  root,
  built: process.env.BUILT === '1',
  nodeArgs: ['--cpu-prof', '--cpu-prof-dir', process.env.PROFILE_DIR ?? '/tmp/stream-range-profile'],
  env: {
    DATA_DIR: dataDir,
    WEB_DIST: join(scratch, 'x'),
    WORKER: 'false',
    LOG_LEVEL: 'warn',
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
    FIREBASE_PROJECT_ID: emulator.projectId,
    ...(accel ? { ACCEL_REDIRECT: '/_stream_blobs/' } : {}),
  },
});
const up = await uploadFile(`${server.baseUrl}/api/videoservice/upload`, file, user.idToken);
const base = accel
  ? await startFrontNginx({
      root,
      scratch,
      api: new URL(server.baseUrl).host,
      blobDir: join(dataDir, 'blobs'),
      cachedDecisions: process.env.CACHED === '1',
    })
  : server;
const url = new URL(up.json.video.url, base.baseUrl).href;
const RANGE = { chunk: MiB, count: 64, concurrency: 4, size };
for (let i = 0; i < 40; i++) await rangeLoad(url, RANGE);
const c0 = await cpuSecondsOf(server.pid);
const f0 = accel ? await cpuSecondsOf(base.pid) : 0;
const t0 = Date.now();
for (let i = 0; i < 40; i++) await rangeLoad(url, RANGE);
const c1 = await cpuSecondsOf(server.pid);
const f1 = accel ? await cpuSecondsOf(base.pid) : 0;
const perRequest = (seconds) => ((seconds / 2560) * 1e6).toFixed(0);
console.log(
  `API CPU per request ${perRequest(c1 - c0)} us, front nginx ${perRequest(f1 - f0)} us; ${Date.now() - t0} ms for 2560 requests`,
);
await server.stop();
if (accel) await base.stop();
await emulator.stop();
await rm(scratch, { recursive: true, force: true });
