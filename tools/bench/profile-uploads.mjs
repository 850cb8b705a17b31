#!/usr/bin/env node
// The upload paths of the API alone (issue 34): SIZE_MIB (default 256) uploaded ROUNDS times (3)
// as one multipart POST and as tus PATCHes of TUS_CHUNK_KIB (4096), each deleted after its round.
// Prints, per GiB and per path, the server's user and system CPU seconds and its minor page faults
// (medians of the rounds), read from /proc before and after each upload. The server runs as
// bench:api runs it (its core, the client on the other; `npm run serve`'s malloc settings):
// SERVER_ENV='{"GLIBC_TUNABLES":"…"}' adds or replaces variables of the server's environment only,
// BUILT=1 runs apps/api/dist, PROFILE_DIR writes the server's V8 CPU profile there, PERF_OUT=<f>
// records the first round of each path with `perf record -g` into <f>.multipart and <f>.tus.
// Usage: npx tsx tools/bench/profile-uploads.mjs
import { rm } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { uploadFile } from './lib/http-load.mjs';
import { countersBetween, countersOf } from './lib/cpu.mjs';
import { profilingSetup, startProfiledApi } from './lib/profiled-api.mjs';
import { recordPerf } from './lib/perf.mjs';
import { closeTusAgent, tusUpload } from '../soak/tus.mjs';

const root = resolve(import.meta.dirname, '../..');
const MiB = 1 << 20;
const sizeMiB = Number(process.env.SIZE_MIB ?? 256);
const rounds = Number(process.env.ROUNDS ?? 3);
const tusChunk = Number(process.env.TUS_CHUNK_KIB ?? 4096) * 1024;
const extraEnv = JSON.parse(process.env.SERVER_ENV ?? '{}');
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const setup = await profilingSetup({ prefix: 'prof-up-', fileBytes: sizeMiB * MiB });
const { scratch, file, emulator, user } = setup;
const server = await startProfiledApi({
  root,
  setup,
  nodeArgs: process.env.PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', process.env.PROFILE_DIR] : [],
  env: { MAX_UPLOAD_BYTES: String(Math.max(2048, sizeMiB + 1) * MiB), ...extraEnv },
});

async function deleteVideo(videoId) {
  const response = await fetch(`${server.baseUrl}/videoservice.VideoService/DeleteVideo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${user.idToken}` },
    body: JSON.stringify({ videoId }),
  });
  if (!response.ok) throw new Error(`DeleteVideo answered ${response.status}`);
}

const paths = {
  multipart: async () => {
    const answer = await uploadFile(`${server.baseUrl}/api/videoservice/upload`, file, user.idToken);
    if (answer.status !== 201) throw new Error(`upload answered ${answer.status}`);
    return answer.json.video.id;
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
    return answer.id;
  },
};
const perGiB = (value) => value / (sizeMiB / 1024);
try {
  await paths.multipart().then(deleteVideo); // warm-up: every module of both paths loaded
  await paths.tus().then(deleteVideo);
  console.log(`load ${loadavg()[0].toFixed(1)}; server env ${JSON.stringify(extraEnv)}`);
  for (const [name, upload] of Object.entries(paths)) {
    const measured = [];
    for (let round = 0; round < rounds; round++) {
      const perf =
        process.env.PERF_OUT && round === 0 ? recordPerf(server.pid, `${process.env.PERF_OUT}.${name}`) : undefined;
      const before = await countersOf(server.pid);
      const id = await upload();
      measured.push(countersBetween(before, await countersOf(server.pid)));
      await perf?.stop();
      await deleteVideo(id);
    }
    const of = (field) => perGiB(median(measured.map((counters) => counters[field])));
    console.log(
      `${name}: CPU ${of('cpu').toFixed(2)} s/GiB (user ${of('user').toFixed(2)}, system ${of('system').toFixed(2)}), ` +
        `${Math.round(of('minorFaults'))} minor faults/GiB; rounds ${measured.map((c) => perGiB(c.cpu).toFixed(2)).join(', ')} s/GiB`,
    );
  }
  console.log(`load ${loadavg()[0].toFixed(1)}`);
} finally {
  closeTusAgent();
  await server.stop();
  await emulator.stop();
  await rm(scratch, { recursive: true, force: true });
}
