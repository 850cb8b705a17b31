#!/usr/bin/env node
// The range path of the API under a V8 CPU profile: a 64 MiB upload, then 40 untimed
// and 40 timed rounds of 64 × 1 MiB ranges on 4 connections, through nginx with ACCEL_REDIRECT
// (ACCEL=0: from Node itself; TSX=1: the API's source through tsx; CACHED=1: nginx with cached decisions;
// NGINX=1: nginx alone on the same file as well, its rounds paired with the API's).
// Prints the API's (and the front nginx's) CPU per range request, the API's split into user and
// system time, and its minor page faults; servers on one core and this client on the other, the
// API with the product's malloc settings, as bench:api runs them. The profile goes to PROFILE_DIR
// (default /tmp/stream-range-profile; PROFILE_INTERVAL_US sets V8's sampling interval), for
// profile-summary.mjs; PROFILE=0: no profiler (it costs
// CPU of its own, so compare CPU per request only between runs alike); PERF_OUT=<file>: `perf
// record -g` of the API through the timed rounds (`perf report -i <file>`).
// Usage: npx tsx tools/bench/profile-ranges.mjs
import { rm } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { rangeLoad, uploadFile } from './lib/http-load.mjs';
import { startFrontNginx, startNginx } from './lib/processes.mjs';
import { countersBetween, countersOf } from './lib/cpu.mjs';
import { profilingSetup, startProfiledApi } from './lib/profiled-api.mjs';
import { recordPerf } from './lib/perf.mjs';
const root = resolve(import.meta.dirname, '../..');
const MiB = 1 << 20;
const size = 64 * MiB;
const setup = await profilingSetup({ prefix: 'prof-', fileBytes: size });
const { scratch, dataDir, file, emulator, user } = setup;
const accel = process.env.ACCEL !== '0';
const server = await startProfiledApi({
  root,
  setup,
  nodeArgs:
    process.env.PROFILE === '0'
      ? []
      : [
          '--cpu-prof',
          '--cpu-prof-dir',
          process.env.PROFILE_DIR ?? '/tmp/stream-range-profile',
          // PROFILE_INTERVAL_US: V8's sampling interval (1000 by default; 100 sees short functions).
          ...(process.env.PROFILE_INTERVAL_US ? ['--cpu-prof-interval', process.env.PROFILE_INTERVAL_US] : []),
        ],
  env: { METRICS_TOKEN: 'profile-ranges-metrics', ...(accel ? { ACCEL_REDIRECT: '/_stream_blobs/' } : {}) },
});
const up = await uploadFile(`${server.baseUrl}/api/videoservice/upload`, file, user.idToken);
const base = accel
  ? await startFrontNginx({
      root,
      scratch,
      api: new URL(server.baseUrl).host,
      blobDir: join(dataDir, 'blobs'),
      cachedDecisions: process.env.CACHED === '1',
      serverCore: true,
    })
  : server;
const url = new URL(up.json.video.url, base.baseUrl).href;
// NGINX=1: nginx alone serving the same file (bench:api's reference), its rounds between the API's.
const alone = process.env.NGINX === '1' ? await startNginx({ dir: scratch, scratch, serverCore: true }) : undefined;
const RANGE = { chunk: MiB, count: 64, concurrency: 4, size };
for (let i = 0; i < 40; i++) {
  await rangeLoad(url, RANGE);
  if (alone) await rangeLoad(`${alone.baseUrl}/r.webm`, RANGE);
}
const load = loadavg()[0];
const zero = { user: 0, system: 0, minorFaults: 0, majorFaults: 0, cpu: 0 };
const spent = { api: { ...zero }, front: { ...zero }, alone: { ...zero } };
const add = (sum, counters) => Object.keys(sum).forEach((name) => (sum[name] += counters[name]));
const measure = async (pid, into, task) => {
  const before = await countersOf(pid);
  await task();
  add(into, countersBetween(before, await countersOf(pid)));
};
const perf = process.env.PERF_OUT ? recordPerf(server.pid, process.env.PERF_OUT) : undefined;
const t0 = Date.now();
for (let i = 0; i < 40; i++) {
  const c0 = await countersOf(server.pid);
  if (accel) await measure(base.pid, spent.front, () => rangeLoad(url, RANGE));
  else await rangeLoad(url, RANGE);
  add(spent.api, countersBetween(c0, await countersOf(server.pid)));
  if (alone) await measure(alone.pid, spent.alone, () => rangeLoad(`${alone.baseUrl}/r.webm`, RANGE));
}
await perf?.stop();
const { api, front } = spent;
const perRequest = (seconds) => ((seconds / 2560) * 1e6).toFixed(0);
console.log(
  `API CPU per request ${perRequest(api.cpu)} us (user ${perRequest(api.user)}, system ${perRequest(api.system)}, ` +
    `${(api.minorFaults / 2560).toFixed(1)} minor faults), front nginx ${perRequest(front.cpu)} us` +
    `${alone ? `, nginx alone ${perRequest(spent.alone.cpu)} us` : ''}; ` +
    `${Date.now() - t0} ms for 40 rounds; load ${load.toFixed(1)} to ${loadavg()[0].toFixed(1)}`,
);
// How many requests reached the API (with cached decisions: how many decisions nginx asked for).
const metrics = await (
  await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: 'Bearer profile-ranges-metrics' } })
).text();
const answered = [
  ...metrics.matchAll(/^stream_http_requests_total\{route="\/api\/videoservice\/video\/:id"[^}]*\} (\d+)/gm),
];
console.log(
  `the API answered ${answered.reduce((sum, [, count]) => sum + Number(count), 0)} stream requests in all (warm-up included)`,
);
// What the API spends with nothing to serve (its timers): with cached decisions, most of its share.
const idleSeconds = Number(process.env.IDLE_SECONDS ?? 10);
const idleBefore = await countersOf(server.pid);
await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
const idle = countersBetween(idleBefore, await countersOf(server.pid));
console.log(`API idle: ${((idle.cpu / idleSeconds) * 1000).toFixed(1)} ms of CPU per second over ${idleSeconds} s`);
await alone?.stop();
await server.stop();
if (accel) await base.stop();
await emulator.stop();
await rm(scratch, { recursive: true, force: true });
