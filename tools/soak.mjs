#!/usr/bin/env node
// `npm run soak`: a fresh server under N concurrent uploads plus M concurrent range streams for
// T seconds (defaults 20, 200, 60 s; `npm run soak -- --help`), then checks that every upload is
// READY with its media intact, that no answer was a 5xx and no range returned a wrong byte, and
// writes latencies, the server's RSS and its memory sampled through the load (flat after warm-up)
// to bench/results/soak.md. 127.0.0.1 only; bounded in
// uploads (--max-uploads) and time; stops what it started even when it fails or is interrupted.
// Not part of `npm test`.
import { Buffer } from 'node:buffer';
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createTestUser } from '@stream/auth/testing';
import { startApiServer } from './bench/lib/processes.mjs';
import { memoryOf, sampleRss } from './bench/lib/rss.mjs';
import { runStreams, runUploads } from './soak/load.mjs';
import { flatAfterWarmup, sampleEverySeconds, sampleTimeline, warmupSeconds } from './soak/memory-timeline.mjs';
import { serverMemory } from './soak/server-memory.mjs';
import { closeTusAgent } from './soak/tus.mjs';
import { parseOptions, usage } from './soak/options.mjs';
import { soakReport } from './soak/report.mjs';
import { Stats } from './soak/stats.mjs';
import { getVideo, waitForProcessing } from './soak/video-api.mjs';
import { fingerprint, makeBaseVideo, makeVariant } from './soak/videos.mjs';
import { startAuthEmulator } from './src/auth-emulator.mjs';
import { freePort } from './src/free-port.mjs';
import { ensureSystemPackages } from './src/system-packages.mjs';

const root = resolve(import.meta.dirname, '..');
const MiB = 1024 * 1024;
const SEEDS = 3;
const log = (line) => console.log(`[soak] ${line}`);
const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');
const cleanups = [];

async function cleanUp() {
  for (const cleanup of cleanups.splice(0)) await cleanup().catch((error) => console.error(error));
}

async function read(url, stats) {
  const started = performance.now();
  const response = await fetch(url);
  const bytes = Buffer.from(await response.arrayBuffer());
  stats.record(response.status, performance.now() - started, bytes.length);
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return bytes;
}

async function soak(options) {
  const startedAt = new Date();
  const loadBefore = loadavg()[0];
  ensureSystemPackages(['ffmpeg']);
  const scratch = await mkdtemp(join(tmpdir(), 'stream-soak-'));
  cleanups.push(() => rm(scratch, { recursive: true, force: true }));

  log(`making a ${options.videoSeconds} s WebM and ${options.maxUploads + SEEDS} titled copies of it in ${scratch}`);
  const base = join(scratch, 'base.webm');
  await makeBaseVideo(base, options.videoSeconds);
  const { streams: baseStreams } = await fingerprint(base);
  const videoBytes = (await stat(base)).size;
  const files = [];
  for (let i = 0; i < options.maxUploads + SEEDS; i++) {
    const title = `soak-${i}`;
    const file = join(scratch, `${title}.webm`);
    await makeVariant(base, file, title);
    files.push({ file, title, size: (await stat(file)).size });
  }

  log('starting the Auth emulator and the API');
  const emulator = await startAuthEmulator({ port: await freePort() });
  cleanups.unshift(() => emulator.stop());
  const { idToken: token } = await createTestUser(emulator.host);
  // tus creations are limited to 30 per person in 10 minutes: the resumable uploads come from
  // several people, 25 each.
  const tusTokens = [];
  for (let i = 0; i < Math.ceil(options.maxUploads / 25); i++)
    tusTokens.push((await createTestUser(emulator.host)).idToken);
  const metricsToken = randomBytes(16).toString('hex');
  // The built server, as production runs it (`npm run serve`); tsx's transpiling at start made
  // the source server miss a 60 s start on a busy machine.
  log('building the API (npm run build -w @stream/api)');
  execFileSync('npm', ['run', 'build', '-w', '@stream/api'], { cwd: root, stdio: 'ignore' });
  const server = await startApiServer({
    root,
    built: true,
    startTimeoutMs: 180_000,
    env: {
      DATA_DIR: join(scratch, 'data'),
      WEB_DIST: join(scratch, 'no-web-app'),
      WORKER: 'true',
      LOG_LEVEL: 'warn',
      METRICS_TOKEN: metricsToken,
      // As the deploy guide's units and npm start run it (docs/deploy.md, Sizing).
      MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072',
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      FIREBASE_PROJECT_ID: 'demo-stream',
    },
  });
  cleanups.unshift(() => server.stop());
  const uploadUrl = `${server.baseUrl}/api/videoservice/upload`;
  const absolute = (url) => new URL(url, server.baseUrl).href;

  log(`uploading and processing ${SEEDS} videos for the streamers`);
  const seedStats = new Stats();
  const seeds = await runUploads({
    uploadUrl,
    files: files.splice(0, SEEDS),
    token,
    concurrency: SEEDS,
    seconds: 0,
    stats: seedStats,
  });
  if (seeds.length !== SEEDS) throw new Error(`the seed uploads failed: ${seedStats.errors.join('; ')}`);
  const seeded = await waitForProcessing(
    server.baseUrl,
    token,
    seeds.map((seed) => seed.id),
    Date.now() + 120_000,
  );
  const targets = [];
  for (const [id, video] of seeded) {
    if (video.status !== 'STATUS_READY')
      throw new Error(`seed video ${id} is ${video.status}: ${video.failureReason ?? ''}`);
    targets.push({ id, url: absolute(video.url), bytes: await read(absolute(video.url), new Stats()) });
  }

  const memoryBefore = await serverMemory(server, metricsToken);
  log(
    `load: ${options.maxUploads} uploads, ${options.uploads} at a time, and ${options.streams} streamers for ${options.seconds} s`,
  );
  const uploads = new Stats();
  const ranges = new Stats();
  const sampler = sampleRss(server.pid, 200);
  const timeline = sampleTimeline(() => serverMemory(server, metricsToken), sampleEverySeconds(options.seconds));
  const deadline = Date.now() + options.seconds * 1000;
  const [uploaded] = await Promise.all([
    runUploads({
      uploadUrl,
      files,
      token,
      tus: options.tus ? { baseUrl: server.baseUrl, tokens: tusTokens } : undefined,
      concurrency: options.uploads,
      seconds: options.seconds,
      stats: uploads,
    }),
    runStreams({ targets, workers: options.streams, deadline, stats: ranges }),
  ]);
  const loadEnded = Date.now();
  const { peak } = await sampler.stop();
  const samples = await timeline.stop();
  const flat = flatAfterWarmup(samples, warmupSeconds(options.seconds));
  log(`${uploaded.length} uploads answered 201 and ${ranges.count} ranges were read; waiting for processing`);

  const ownerOf = new Map(uploaded.map((upload) => [upload.id, upload.token]));
  const processed = await waitForProcessing(
    server.baseUrl,
    (id) => ownerOf.get(id),
    uploaded.map((upload) => upload.id),
    loadEnded + options.settleSeconds * 1000,
  );
  const processingSeconds = (Date.now() - loadEnded) / 1000;
  log(`checking the ${uploaded.length} stored videos`);
  const reads = new Stats();
  const notReady = [];
  const damaged = [];
  for (const upload of uploaded) {
    const video = processed.get(upload.id);
    if (video.status !== 'STATUS_READY') {
      notReady.push(`${upload.title} (${upload.id}) is ${video.status} ${video.failureReason ?? ''}`.trim());
      continue;
    }
    try {
      const url = absolute((await getVideo(server.baseUrl, upload.token, upload.id)).url);
      const first = await read(url, reads);
      const again = await read(url, reads);
      const stored = join(scratch, `stored-${upload.title}.webm`);
      await writeFile(stored, first);
      const found = await fingerprint(stored);
      await rm(stored);
      if (sha256(first) !== sha256(again)) damaged.push(`${upload.title}: two reads gave different bytes`);
      else if (found.streams !== baseStreams) damaged.push(`${upload.title}: its packets differ from the upload's`);
      else if (found.title !== upload.title)
        damaged.push(`${upload.title}: the stored file is titled ${JSON.stringify(found.title)}`);
    } catch (error) {
      damaged.push(`${upload.title}: ${error.message}`);
    }
  }
  closeTusAgent();
  const after = await memoryOf(server.pid);
  if (options.idleSeconds) log(`idle for ${options.idleSeconds} s before the last memory reading`);
  await new Promise((resolve) => setTimeout(resolve, options.idleSeconds * 1000));
  const memoryIdle = await serverMemory(server, metricsToken);
  const rssGrowth = memoryIdle.rss - memoryBefore.rss;
  const serverAlive = await fetch(`${server.baseUrl}/api/videoservice/video/none`).then(
    (r) => r.status === 401,
    () => false,
  );

  const fiveHundreds = uploads.count5xx() + ranges.count5xx() + reads.count5xx() + seedStats.count5xx();
  const checks = [
    {
      what: 'uploads answered 201',
      ok: uploads.errors.length === 0 && uploaded.length > 0,
      detail: `${uploaded.length} of ${uploaded.length + uploads.errors.length}`,
    },
    {
      what: 'every upload READY',
      ok: notReady.length === 0,
      detail: notReady.length ? notReady.slice(0, 5).join('; ') : `${uploaded.length} READY`,
    },
    {
      what: 'every stored video intact',
      ok: damaged.length === 0,
      detail: damaged.length ? damaged.slice(0, 5).join('; ') : 'same packets, own title, stable bytes',
    },
    {
      what: 'every range 206 with the right bytes',
      ok: ranges.errors.length === 0 && ranges.count > 0,
      detail: `${ranges.count - ranges.errors.length} of ${ranges.count}`,
    },
    { what: 'no 5xx answer', ok: fiveHundreds === 0, detail: `${fiveHundreds}` },
    {
      what: `RSS ${options.idleSeconds} s after the load within 30 MiB of before it`,
      ok: rssGrowth <= 30 * MiB,
      detail: `${(rssGrowth / MiB).toFixed(0)} MiB`,
    },
    { what: `flat after warm-up: ${flat.rule}`, ok: flat.ok, detail: flat.detail },
    { what: 'server still answering', ok: serverAlive, detail: serverAlive ? 'yes' : 'no' },
  ];
  const report = soakReport({
    options,
    startedAt,
    loadBefore,
    uploads,
    ranges,
    reads,
    checks,
    rss: { before: memoryBefore.rss, peak, after: after.rss, hwm: after.hwm },
    memory: { before: memoryBefore, idle: memoryIdle },
    timeline: samples,
    processingSeconds,
    uploadedCount: uploaded.length,
    videoBytes,
  });
  const out = join(root, 'bench/results/soak.md');
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, report);
  console.log(`\n${report}`);
  log(`written to ${out}`);
  return checks.every((check) => check.ok);
}

let options;
try {
  options = parseOptions(process.argv.slice(2).filter((arg) => arg !== '--'));
} catch (error) {
  console.error(process.argv.includes('--help') ? usage : `${error.message}\n${usage}`);
  process.exit(process.argv.includes('--help') ? 0 : 2);
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    log(`${signal}: stopping the server and the emulator`);
    cleanUp().finally(() => process.exit(130));
  });
}
soak(options)
  .then(async (passed) => {
    await cleanUp();
    process.exit(passed ? 0 : 1);
  })
  .catch(async (error) => {
    console.error(error);
    await cleanUp();
    process.exit(1);
  });
