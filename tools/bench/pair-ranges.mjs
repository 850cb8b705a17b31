#!/usr/bin/env node
// Two range servers side by side, to see a change to the range path that bench:api's
// run-to-run noise (±15% here) hides: the built API of this checkout (apps/api/dist, "after")
// against another build of it (BEFORE_DIST, "before") or bare Node's sendfile server (BEFORE=bare),
// with nginx alone as the reference, all on the server core: each API serves its own upload of one
// 64 MiB file, bare Node and nginx the file itself.
// After WARM untimed rounds (20) each, ROUNDS (60) alternating rounds of 64 × 1 MiB ranges on 4
// connections; the CPU of a round comes from each thread's schedstat (nanoseconds: a round is
// about 25 ms of CPU, which /proc's 10 ms ticks cannot tell apart). Prints CPU per request, the
// ratios of the sums and the median of the paired rounds' ratios. Stops what it started, and
// removes its scratch, even when a step fails.
// Usage (the "before" build kept under node_modules, where its packages resolve and no lint looks):
//   npx nx build api && rm -rf node_modules/.cache/api-before && cp -r apps/api/dist node_modules/.cache/api-before
//   (make the change) npx nx build api && BEFORE_DIST=node_modules/.cache/api-before npx tsx tools/bench/pair-ranges.mjs
//   BEFORE=bare npx tsx tools/bench/pair-ranges.mjs  (the API against Node's own floor)
// To find what bench:api's sequence does to a server: BEFORE=same runs this build twice; AFTER_TSX=1
// runs "after" from source through tsx (as in development); PREP_UPLOADS=n has "after" take n
// multipart and n tus uploads of the file first, each deleted (bench:api's first server takes 5 of
// each before its ranges); SIZE_MIB (64) sets the file and a round's ranges. AFTER_NODE_ARGS
// (space-separated) adds node arguments to "after" alone: V8's GC settings against this build's defaults.
import { rm } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { deleteVideo, rangeLoad, uploadFile } from './lib/http-load.mjs';
import { productServerEnv, startBareNodeSendfile, startNginx } from './lib/processes.mjs';
import { countersBetween, countersOf, runSecondsOf } from './lib/cpu.mjs';
import { profilingSetup, startProfiledApi } from './lib/profiled-api.mjs';
import { tusUpload } from '../soak/tus.mjs';

const root = resolve(import.meta.dirname, '../..');
const MiB = 1 << 20;
const sizeMiB = Number(process.env.SIZE_MIB ?? 64);
const size = sizeMiB * MiB;
const ROUNDS = Number(process.env.ROUNDS ?? 60);
const WARM = Number(process.env.WARM ?? 20);
const PREP_UPLOADS = Number(process.env.PREP_UPLOADS ?? 0);
const RANGE = { chunk: MiB, count: sizeMiB, concurrency: 4, size };
const bare = process.env.BEFORE === 'bare';
const same = process.env.BEFORE === 'same';
if (!bare && !same && !process.env.BEFORE_DIST)
  throw new Error('Set BEFORE_DIST=<a build of apps/api>, BEFORE=bare or BEFORE=same');
const thisBuild = join(root, 'apps/api/dist');

const setup = await profilingSetup({ prefix: 'pair-ranges-', fileBytes: size });
const started = [];
try {
  const token = setup.user.idToken;
  /**
   * The built API at `distDir` (or from source, `tsx`) on a data directory of its own, with the file
   * uploaded after `prepUploads` uploads of it each way: its signed URL.
   */
  const api = async (name, { distDir, tsx = false, prepUploads = 0, nodeArgs = [] }) => {
    const server = await startProfiledApi({
      nodeArgs,
      root,
      setup: { ...setup, dataDir: join(setup.scratch, name) },
      ...(tsx ? { tsx } : { distDir }),
      env: { MAX_UPLOAD_BYTES: String(Math.max(2048, sizeMiB + 1) * MiB) },
    });
    started.push(server);
    const uploadUrl = `${server.baseUrl}/api/videoservice/upload`;
    for (let upload = 0; upload < prepUploads; upload++) {
      const multipart = await uploadFile(uploadUrl, setup.file, token);
      if (multipart.status !== 201) throw new Error(`upload to ${name}: ${multipart.status}`);
      await deleteVideo(server.baseUrl, token, multipart.json.video.id);
      const resumable = await tusUpload({
        baseUrl: server.baseUrl,
        file: setup.file,
        token,
        title: 'p',
        chunkBytes: 8 * MiB,
      });
      if (resumable.status !== 201) throw new Error(`tus upload to ${name}: ${resumable.error}`);
      await deleteVideo(server.baseUrl, token, resumable.id);
    }
    const up = await uploadFile(uploadUrl, setup.file, token);
    if (up.status !== 201 && up.status !== 200) throw new Error(`upload to ${name}: ${up.status}`);
    return { pid: server.pid, url: new URL(up.json.video.url, server.baseUrl).href };
  };
  const before = bare
    ? await startBareNodeSendfile({ file: setup.file, serverCore: true, env: productServerEnv() }).then((server) => {
        started.push(server);
        return { pid: server.pid, url: `${server.baseUrl}/r.webm` };
      })
    : await api('before', { distDir: same ? thisBuild : resolve(process.env.BEFORE_DIST) });
  const after = await api('after', {
    distDir: thisBuild,
    tsx: process.env.AFTER_TSX === '1',
    nodeArgs: process.env.AFTER_NODE_ARGS?.split(' ').filter(Boolean),
    prepUploads: PREP_UPLOADS,
  });
  const nginx = await startNginx({ dir: setup.scratch, scratch: setup.scratch, serverCore: true });
  started.push(nginx);
  const servers = { before, after, nginx: { pid: nginx.pid, url: `${nginx.baseUrl}/r.webm` } };

  for (let round = 0; round < WARM; round++)
    for (const server of Object.values(servers)) await rangeLoad(server.url, RANGE);
  const load = loadavg()[0];
  const spent = { before: [], after: [], nginx: [] };
  // User and system time over all the rounds, in ticks: enough of them to split the total.
  const counters = Object.fromEntries(
    await Promise.all(Object.entries(servers).map(async ([name, { pid }]) => [name, await countersOf(pid)])),
  );
  for (let round = 0; round < ROUNDS; round++) {
    // Alternating which of the two goes first, so neither always follows nginx.
    for (const name of round % 2 ? ['before', 'after', 'nginx'] : ['after', 'before', 'nginx']) {
      const { pid, url } = servers[name];
      const at = await runSecondsOf(pid);
      await rangeLoad(url, RANGE);
      spent[name].push(((await runSecondsOf(pid)) - at) / RANGE.count);
    }
  }
  for (const [name, { pid }] of Object.entries(servers))
    counters[name] = countersBetween(counters[name], await countersOf(pid));
  const sum = (values) => values.reduce((total, value) => total + value, 0);
  const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
  const perRequest = (seconds) => ((seconds / ROUNDS / RANGE.count) * 1e6).toFixed(0);
  const us = (name) =>
    `${((sum(spent[name]) / ROUNDS) * 1e6).toFixed(0)} µs (user ${perRequest(counters[name].user)}, system ${perRequest(counters[name].system)})`;
  const ratio = (a, b) => (sum(spent[a]) / sum(spent[b])).toFixed(3);
  console.log(
    `CPU per 1 MiB range request: before (${bare ? 'bare Node' : same ? 'this build' : 'BEFORE_DIST'}) ${us('before')}, after ${us('after')}, nginx ${us('nginx')}\n` +
      `after/before ${ratio('after', 'before')} (median of ${ROUNDS} paired rounds ${median(spent.after.map((value, round) => value / spent.before[round])).toFixed(3)}); ` +
      `before/nginx ${ratio('before', 'nginx')}, after/nginx ${ratio('after', 'nginx')}; load ${load.toFixed(1)} to ${loadavg()[0].toFixed(1)}`,
  );
} finally {
  for (const server of started.reverse()) await server.stop().catch(() => undefined);
  await setup.emulator.stop().catch(() => undefined);
  await rm(setup.scratch, { recursive: true, force: true });
}
