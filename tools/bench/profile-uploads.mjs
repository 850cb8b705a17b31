#!/usr/bin/env node
// The upload paths of the API alone: SIZE_MIB (default 256) uploaded ROUNDS times (3)
// as one multipart POST and as tus PATCHes of TUS_CHUNK_KIB (4096), each deleted after its round,
// and as the same multipart POST to bare Node (node:http piping the body into a file, flushed: no
// parsing, auth or database; bench:api's ceiling), the floor Node itself sets, and to bare Node that
// also searches each chunk for the boundary (`search`: the least any multipart parser does), under
// the same malloc settings and on the same core.
// Prints, per GiB and per path, the server's user and system CPU seconds and its minor page faults
// (medians of the rounds), read from /proc before and after each upload, and the MiB/s. The server runs as
// bench:api runs it (its core, the client on the other; `npm run serve`'s malloc settings):
// SERVER_ENV='{"GLIBC_TUNABLES":"…"}' adds or replaces variables of the server's environment only,
// TSX=1 runs the API's source through tsx, PROFILE_DIR writes the server's V8 CPU profile there, PERF_OUT=<f>
// records the first round (PERF_ROUND=n: the nth, from 0) of each path with `perf record -g` into <f>.bare, <f>.search,
// <f>.multipart, <f>.tus.
// PATHS=multipart,tus measures only those paths.
// Usage: npx tsx tools/bench/profile-uploads.mjs
import { mkdir, rm } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { join, resolve } from 'node:path';
import { deleteVideo as deleteAnyVideo, uploadFile } from './lib/http-load.mjs';
import { countersBetween, countersOf } from './lib/cpu.mjs';
import { profilingSetup, startProfiledApi } from './lib/profiled-api.mjs';
import { recordPerf } from './lib/perf.mjs';
import { productServerEnv, startBareNodeSink } from './lib/processes.mjs';
import { closeTusAgent, tusUpload } from '../soak/tus.mjs';

const root = resolve(import.meta.dirname, '../..');
const MiB = 1 << 20;
const sizeMiB = Number(process.env.SIZE_MIB ?? 256);
const rounds = Number(process.env.ROUNDS ?? 3);
const tusChunk = Number(process.env.TUS_CHUNK_KIB ?? 4096) * 1024;
// A variable set to null is left out: SERVER_ENV='{"MALLOC_MMAP_THRESHOLD_":null}' runs glibc's defaults.
const extraEnv = Object.fromEntries(
  Object.entries(JSON.parse(process.env.SERVER_ENV ?? '{}')).map(([name, value]) => [name, value ?? undefined]),
);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const setup = await profilingSetup({ prefix: 'prof-up-', fileBytes: sizeMiB * MiB });
const { scratch, file, emulator, user } = setup;
const server = await startProfiledApi({
  root,
  setup,
  nodeArgs: process.env.PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', process.env.PROFILE_DIR] : [],
  env: { MAX_UPLOAD_BYTES: String(Math.max(2048, sizeMiB + 1) * MiB), ...extraEnv },
});
const bareDir = join(scratch, 'bare');
await mkdir(bareDir);
const bare = await startBareNodeSink({ dir: bareDir, serverCore: true, env: { ...productServerEnv(), ...extraEnv } });

const deleteVideo = (videoId) => deleteAnyVideo(server.baseUrl, user.idToken, videoId);

/** Each path's upload: resolves with a function that removes what it stored. */
const paths = {
  bare: async () => {
    const answer = await uploadFile(`${bare.baseUrl}/`, file, 'none');
    if (answer.status !== 201) throw new Error(`bare Node answered ${answer.status}`);
    return () => bare.empty();
  },
  search: async () => {
    await bare.searched(file);
    return () => bare.empty();
  },
  multipart: async () => {
    const answer = await uploadFile(`${server.baseUrl}/api/videoservice/upload`, file, user.idToken);
    if (answer.status !== 201) throw new Error(`upload answered ${answer.status}`);
    return () => deleteVideo(answer.json.video.id);
  },
  tus: async () => {
    const answer = await tusUpload({
      baseUrl: server.baseUrl,
      file,
      token: user.idToken,
      title: 't',
      chunkBytes: tusChunk,
    });
    if (answer.status !== 201) throw new Error(answer.error);
    return () => deleteVideo(answer.id);
  },
};
/** PATHS=tus,bare measures only those. */
const chosen = Object.fromEntries(
  Object.entries(paths).filter(([name]) => !process.env.PATHS || process.env.PATHS.split(',').includes(name)),
);
// PERF_ROUND picks the round perf records (default the first; a later one misses the first touch of new memory).
const perfRound = Number(process.env.PERF_ROUND ?? 0);
const perGiB = (value) => value / (sizeMiB / 1024);
try {
  // Warm-up: every module of each path loaded.
  for (const upload of Object.values(chosen)) await (await upload())();
  console.log(`load ${loadavg()[0].toFixed(1)}; server env ${process.env.SERVER_ENV ?? '{}'}`);
  for (const [name, upload] of Object.entries(chosen)) {
    const pid = name === 'bare' || name === 'search' ? bare.pid : server.pid;
    const measured = [];
    for (let round = 0; round < rounds; round++) {
      const perf =
        process.env.PERF_OUT && round === perfRound ? recordPerf(pid, `${process.env.PERF_OUT}.${name}`) : undefined;
      const before = await countersOf(pid);
      const started = performance.now();
      const remove = await upload();
      const seconds = (performance.now() - started) / 1000;
      measured.push({ ...countersBetween(before, await countersOf(pid)), mibps: sizeMiB / seconds });
      await perf?.stop();
      await remove();
    }
    const of = (field) => perGiB(median(measured.map((counters) => counters[field])));
    console.log(
      `${name}: CPU ${of('cpu').toFixed(2)} s/GiB (user ${of('user').toFixed(2)}, system ${of('system').toFixed(2)}), ` +
        `${Math.round(of('minorFaults'))} minor faults/GiB, ${Math.round(median(measured.map((c) => c.mibps)))} MiB/s; rounds ${measured.map((c) => perGiB(c.cpu).toFixed(2)).join(', ')} s/GiB`,
    );
  }
  console.log(`load ${loadavg()[0].toFixed(1)}`);
} finally {
  closeTusAgent();
  await bare.stop();
  await server.stop();
  await emulator.stop();
  await rm(scratch, { recursive: true, force: true });
}
