#!/usr/bin/env node
// Two upload paths side by side, to see a change to the multipart upload that bench:api's
// run-to-run noise hides: the built API of this checkout (apps/api/dist, "after") against another
// build of it (BEFORE_DIST, "before") or against itself (BEFORE=same), with bare Node that searches
// each chunk for the boundary (bench:api's floor of any multipart upload) as the reference, all on
// the server core, each on a data directory of its own.
// After WARM untimed uploads (2) each, ROUNDS (12) alternating rounds of one multipart upload of a
// SIZE_MIB (256) file to each, every upload deleted after its round; the CPU of an upload comes
// from each thread's schedstat (nanoseconds). Prints CPU per GiB (medians), and the median of the
// paired rounds' ratios. Stops what it started, and removes its scratch, even when a step fails.
// Usage (the "before" build kept under node_modules, where its packages resolve and no lint looks):
//   npx nx build api && rm -rf node_modules/.cache/api-before && cp -r apps/api/dist node_modules/.cache/api-before
//   (make the change) npx nx build api && BEFORE_DIST=node_modules/.cache/api-before npx tsx tools/bench/pair-uploads.mjs
import { mkdir, rm } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { deleteVideo, uploadFile } from './lib/http-load.mjs';
import { runSecondsOf } from './lib/cpu.mjs';
import { productServerEnv, startBareNodeSink } from './lib/processes.mjs';
import { profilingSetup, startProfiledApi } from './lib/profiled-api.mjs';

const root = resolve(import.meta.dirname, '../..');
const MiB = 1 << 20;
const sizeMiB = Number(process.env.SIZE_MIB ?? 256);
const ROUNDS = Number(process.env.ROUNDS ?? 12);
const WARM = Number(process.env.WARM ?? 2);
const same = process.env.BEFORE === 'same';
if (!same && !process.env.BEFORE_DIST) throw new Error('Set BEFORE_DIST=<a build of apps/api> or BEFORE=same');
const thisBuild = join(root, 'apps/api/dist');
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];

const setup = await profilingSetup({ prefix: 'pair-uploads-', fileBytes: sizeMiB * MiB });
const started = [];
try {
  const token = setup.user.idToken;
  /** The built API at `distDir` on a data directory of its own: one upload, removed once measured. */
  const api = async (name, distDir) => {
    const server = await startProfiledApi({
      root,
      setup: { ...setup, dataDir: join(setup.scratch, name) },
      distDir,
      env: { MAX_UPLOAD_BYTES: String(Math.max(2048, sizeMiB + 1) * MiB) },
    });
    started.push(server);
    return {
      pid: server.pid,
      async upload() {
        const answer = await uploadFile(`${server.baseUrl}/api/videoservice/upload`, setup.file, token);
        if (answer.status !== 201) throw new Error(`upload to ${name}: ${answer.status}`);
        return () => deleteVideo(server.baseUrl, token, answer.json.video.id);
      },
    };
  };
  const before = await api('before', same ? thisBuild : resolve(process.env.BEFORE_DIST));
  const after = await api('after', thisBuild);
  const sinkDir = join(setup.scratch, 'bare');
  await mkdir(sinkDir);
  const sink = await startBareNodeSink({ dir: sinkDir, serverCore: true, env: productServerEnv() });
  started.push(sink);
  const floor = {
    pid: sink.pid,
    async upload() {
      await sink.searched(setup.file);
      return () => sink.empty();
    },
  };
  const servers = { before, after, floor };

  for (let round = 0; round < WARM; round++)
    for (const server of Object.values(servers)) await (await server.upload())();
  const load = loadavg()[0];
  const perGiB = { before: [], after: [], floor: [] };
  for (let round = 0; round < ROUNDS; round++) {
    // Alternating which of the two goes first, so neither always follows the floor.
    for (const name of round % 2 ? ['before', 'after', 'floor'] : ['after', 'before', 'floor']) {
      const { pid, upload } = servers[name];
      const at = await runSecondsOf(pid);
      const remove = await upload();
      perGiB[name].push(((await runSecondsOf(pid)) - at) / (sizeMiB / 1024));
      await remove();
    }
  }
  const paired = (a, b) => median(perGiB[a].map((value, round) => value / perGiB[b][round])).toFixed(3);
  const s = (name) =>
    `${median(perGiB[name]).toFixed(2)} s (rounds ${perGiB[name].map((v) => v.toFixed(2)).join(', ')})`;
  console.log(
    `CPU per GiB uploaded (medians): before (${same ? 'this build' : 'BEFORE_DIST'}) ${s('before')}\n  after ${s('after')}\n  bare Node + search ${s('floor')}\n` +
      `after/before ${paired('after', 'before')} (median of ${ROUNDS} paired rounds); before/floor ${paired('before', 'floor')}, after/floor ${paired('after', 'floor')}; load ${load.toFixed(1)} to ${loadavg()[0].toFixed(1)}`,
  );
} finally {
  for (const server of started.reverse()) await server.stop().catch(() => undefined);
  await setup.emulator.stop().catch(() => undefined);
  await rm(setup.scratch, { recursive: true, force: true });
}
