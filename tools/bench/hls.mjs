#!/usr/bin/env node
// `npm run bench:hls`: a 1080p screen recording on a link throttled to 3 Mbit/s in
// Debian's Chromium (CDP Network.emulateNetworkConditions): time to first frame and stalls after the
// first 10 s, through the video's HLS presentation (hls.js, Auto) against its single WebM as played
// before. The real API (worker included) makes the renditions; results go to bench/results/hls.md.
// BENCH_SECONDS: the recording's length (default 600); BENCH_WATCH_SECONDS: how long each run plays
// (default 60); BENCH_RUNS: runs of each (default 2); BENCH_FPS: the source's frame rate (default 30).
// The source is made once with libvpx's fastest realtime mode (MediaRecorder's codec) and kept in the
// OS temp dir between runs.
// The MOV row, in a file of its own: a BENCH_MOV_MB (default 1024) MOV upload (ProRes Proxy + PCM,
// BENCH_FPS) transcoded to the MP4 that plays, with the API's and its ffmpeg's RSS sampled and
// GetVideo's processing_progress seen over time; results in bench/results/mov-transcode.md. BENCH_PARTS: 'hls', 'mov' or both (default 'hls,mov').
/* global document, performance, Hls -- the measurement runs in the page */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { createTestUser } from '@stream/auth/testing';
import { ensureSystemPackages } from '../src/system-packages.mjs';
import { uploadFile } from './lib/http-load.mjs';
import { CLIP_SECONDS, loopedSource } from './lib/looped-source.mjs';
import { makeMov, transcodeMov } from './lib/mov-transcode.mjs';
import { screenContentInputs } from './lib/screen-content.mjs';
import { progressOverTime } from './lib/progress-samples.mjs';
import { launchChromium, startProduct } from './lib/product.mjs';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 600);
const WATCH_SECONDS = Number(process.env.BENCH_WATCH_SECONDS ?? 60);
const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const FPS = Number(process.env.BENCH_FPS ?? 30);
const PARTS = (process.env.BENCH_PARTS ?? 'hls,mov').split(',');
const MOV_MB = Number(process.env.BENCH_MOV_MB ?? 1024);
const LINK_BITS = 3_000_000;
const log = (line) => console.log(`[bench:hls] ${new Date().toISOString().slice(11, 19)} ${line}`);

/** Screen content (lib/screen-content.mjs) as a recorder sends it: VP8 at MediaRecorder's 2.5 Mbit/s for 1080p, Opus. */
async function screenRecording(seconds) {
  const dir = join(tmpdir(), 'stream-bench-hls-cache');
  const path = join(dir, `screen-1080p-${seconds}s-${FPS}fps.webm`);
  if (existsSync(path)) return path;
  await mkdir(dir, { recursive: true });
  log(`making the ${seconds} s 1080p source (once; kept at ${path})`);
  const partial = `${path}.partial.webm`;
  const encode = (length, out) =>
    run('/usr/bin/ffmpeg', [
      ...['-v', 'error', '-y'],
      ...screenContentInputs(FPS),
      '-t',
      String(length),
      '-c:v',
      'libvpx',
      '-deadline',
      'realtime',
      '-cpu-used',
      '16',
      '-b:v',
      '2500k',
      '-c:a',
      'libopus',
      '-f',
      'webm',
      '-live',
      '1',
      out,
    ]);
  await loopedSource({ seconds, out: partial, format: 'webm', encode, extraOutputArgs: ['-live', '1'] });
  await rename(partial, path);
  return path;
}

async function rpc(baseUrl, token, method, body) {
  const response = await fetch(`${baseUrl}/videoservice.VideoService/${method}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

async function untilRenditions(baseUrl, token, videoId, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let readyAt;
  for (;;) {
    const video = await rpc(baseUrl, token, 'GetVideo', { videoId });
    if (video.status === 'STATUS_FAILED') throw new Error(`processing failed: ${video.failureReason}`);
    if (video.status === 'STATUS_READY' && readyAt === undefined) readyAt = Date.now();
    if (video.hlsUrl) return { video, renditionMs: Date.now() - (readyAt ?? Date.now()) };
    if (video.mp4State === 'RENDITION_STATE_FAILED') throw new Error('the rendition failed');
    if (Date.now() > deadline) throw new Error(`no HLS presentation after ${timeoutMs / 1000} s`);
    await new Promise((done) => setTimeout(done, 2000));
  }
}

/** The page both players run in: a bare <video> and, for HLS, hls.js as the web app loads it. */
const benchPage = `<!doctype html><meta charset="utf-8"><body style="margin:0;background:#000">
<video id="v" muted playsinline style="width:100%;height:auto"></video><script src="/__bench/hls.js"></script></body>`;

/**
 * One run in a fresh context on a 3 Mbit/s link: start playing `src` (HLS through hls.js when `hls`)
 * and watch for WATCH_SECONDS. First frame: play() to the first frame presented. A stall: a
 * `waiting` after the first frame, until `playing`; counted from 10 s of playback time on.
 */
async function playOnce(browser, baseUrl, src, hls) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const hlsJs = await readFile(join(root, 'node_modules/hls.js/dist/hls.min.js'));
  await page.route(`${baseUrl}/__bench/**`, (route) =>
    route.request().url().endsWith('hls.js')
      ? route.fulfill({ body: hlsJs, contentType: 'text/javascript' })
      : route.fulfill({ body: benchPage, contentType: 'text/html' }),
  );
  await page.goto(`${baseUrl}/__bench/page`);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 40,
    downloadThroughput: LINK_BITS / 8,
    uploadThroughput: 1_000_000 / 8,
  });
  const bytes = { total: 0 };
  cdp.on('Network.dataReceived', (event) => (bytes.total += event.encodedDataLength || event.dataLength));
  const result = await page.evaluate(
    async ({ src, hls, watchSeconds }) => {
      const video = document.getElementById('v');
      const stalls = [];
      const heights = new Set();
      let stallStart;
      let firstFrameMs;
      const started = performance.now();
      video.addEventListener('waiting', () => {
        if (firstFrameMs !== undefined && stallStart === undefined)
          stallStart = { at: performance.now(), t: video.currentTime };
      });
      video.addEventListener('playing', () => {
        if (stallStart) stalls.push({ t: stallStart.t, seconds: (performance.now() - stallStart.at) / 1000 });
        stallStart = undefined;
      });
      video.requestVideoFrameCallback(() => (firstFrameMs = performance.now() - started));
      if (hls) {
        const player = new Hls();
        player.loadSource(src);
        player.attachMedia(video);
      } else video.src = src;
      await video.play().catch(() => undefined);
      const until = performance.now() + watchSeconds * 1000;
      while (performance.now() < until && !video.ended) {
        if (video.videoHeight) heights.add(video.videoHeight);
        await new Promise((done) => setTimeout(done, 250));
      }
      if (stallStart) stalls.push({ t: stallStart.t, seconds: (performance.now() - stallStart.at) / 1000, open: true });
      return { firstFrameMs, stalls, played: video.currentTime, heights: [...heights] };
    },
    { src, hls, watchSeconds: WATCH_SECONDS },
  );
  await context.close();
  const late = result.stalls.filter((stall) => stall.t >= 10);
  return {
    ...result,
    lateStalls: late.length,
    lateStallSeconds: late.reduce((sum, stall) => sum + stall.seconds, 0),
    megabytes: bytes.total / 1e6,
  };
}

/** The MOV upload's transcode, written to bench/results/mov-transcode.md. */
async function movRow({ baseUrl, pid, token, mov, loadAtStart }) {
  log(`uploading the MOV (${((await stat(mov)).size / 1e6).toFixed(1)} MB)`);
  const r = await transcodeMov({ baseUrl, pid, token, mov, rpc, timeoutMs: 6 * 3600_000 });
  log(`MOV: ${JSON.stringify(r)}`);
  const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
  const report = `# A large MOV upload transcoded

\`BENCH_PARTS=mov npm run bench:hls\` (tools/bench/hls.mjs, lib/mov-transcode.mjs), ${new Date().toISOString()}.
Machine: ${cpus().length} cores, Node ${process.version}; 1-minute load average ${loadAtStart.toFixed(1)} at the start and
${loadavg()[0].toFixed(1)} at the end (other engineers' work on the same cores).

Source: ${(r.sizeBytes / 1e6).toFixed(0)} MB MOV, ${r.durationSeconds.toFixed(1)} s of 1920×1080 ${FPS} fps screen content as
ProRes 422 Proxy + PCM (what a Mac's screen recorder or an editor exports; ${CLIP_SECONDS} s encoded, then repeated
by packet copy: lib/looped-source.mjs), uploaded to the real API
(PGlite, local disk, worker in the API), which encodes it to the H.264/AAC MP4 that plays (x264
\`X264_SETTINGS\`) and keeps the MOV as the original. RSS sampled from /proc every 100 ms (API) and
200 ms (its ffmpeg children, summed).

| MOV | length | upload | last byte to READY | × length | API peak RSS (rise) | ffmpeg peak RSS | states seen |
| --- | --- | --- | --- | --- | --- | --- | --- |
| ${(r.sizeBytes / 1e6).toFixed(0)} MB | ${r.durationSeconds.toFixed(1)} s | ${r.uploadSeconds.toFixed(1)} s | ${r.toReadySeconds.toFixed(1)} s | ${(r.toReadySeconds / r.durationSeconds).toFixed(2)} | ${mib(r.apiPeakRss)} (+${mib(r.apiRssRise)}) | ${mib(r.ffmpegPeakRss)} | ${r.statesSeen.join(', ')} |

Progress (GetVideo's \`processing_progress\` while PROCESSING, asked every second; seconds after the
last byte → percent): ${progressOverTime(r.progress, r.toReadySeconds)}.
`;
  const out = join(root, 'bench/results/mov-transcode.md');
  await writeFile(out, report);
  console.log(`\n${report}`);
  log(`written to ${out}`);
}

async function main() {
  ensureSystemPackages(['chromium', 'ffmpeg']);
  const loadAtStart = loadavg()[0];
  const source = PARTS.includes('hls') ? await screenRecording(SECONDS) : undefined;
  const mov = PARTS.includes('mov')
    ? await makeMov(join(tmpdir(), 'stream-bench-hls-cache'), MOV_MB, FPS, log)
    : undefined;
  const scratch = await mkdtemp(join(tmpdir(), 'stream-bench-hls-'));
  const cleanups = [() => rm(scratch, { recursive: true, force: true })];
  try {
    const { emulator, server } = await startProduct({ root, scratch, cleanups, log });
    const { baseUrl } = server;
    const user = await createTestUser(emulator.host);
    if (mov) await movRow({ baseUrl, pid: server.pid, token: user.idToken, mov, loadAtStart });
    if (!source) return;
    log(`uploading the source (${((await stat(source)).size / 1e6).toFixed(1)} MB)`);
    const { status, json } = await uploadFile(`${baseUrl}/api/videoservice/upload`, source, user.idToken);
    if (status !== 201) throw new Error(`upload answered ${status}`);
    const { video, renditionMs } = await untilRenditions(baseUrl, user.idToken, json.video.id, 3 * 3600_000);
    log(
      `renditions made ${Math.round(renditionMs / 1000)} s after READY; rungs ${video.hlsRungs.map((r) => r.height).join(', ')}`,
    );
    const webmBytes = (await stat(source)).size;
    const browser = await launchChromium(cleanups);
    const absolute = (url) => new URL(url, baseUrl).href;
    const results = { hls: [], webm: [] };
    for (let i = 0; i < RUNS; i++) {
      results.hls.push(await playOnce(browser, baseUrl, absolute(video.hlsUrl), true));
      log(`HLS run ${i + 1}: ${JSON.stringify(results.hls.at(-1))}`);
      results.webm.push(await playOnce(browser, baseUrl, absolute(video.url), false));
      log(`WebM run ${i + 1}: ${JSON.stringify(results.webm.at(-1))}`);
    }
    const row = (name, runs) =>
      `| ${name} | ${runs.map((r) => (r.firstFrameMs === undefined ? 'never' : `${(r.firstFrameMs / 1000).toFixed(2)} s`)).join(', ')} | ${runs.map((r) => `${r.lateStalls} (${r.lateStallSeconds.toFixed(1)} s)`).join(', ')} | ${runs.map((r) => `${r.played.toFixed(1)} s`).join(', ')} | ${runs.map((r) => r.heights.join('/') || '-').join(', ')} | ${runs.map((r) => r.megabytes.toFixed(1)).join(', ')} |`;
    const rungs = video.hlsRungs
      .map((r) => `${r.width}×${r.height} at ${(r.bandwidth / 1e6).toFixed(2)} Mbit/s peak`)
      .join(', ');
    const report = `# HLS on a slow link

\`npm run bench:hls\` (tools/bench/hls.mjs), ${new Date().toISOString()}. Machine: ${cpus().length} cores,
Node ${process.version}, Debian's Chromium headless; 1-minute load average ${loadAtStart.toFixed(1)} at the start and
${loadavg()[0].toFixed(1)} at the end (other engineers' work on the same 2 cores).

Source: ${SECONDS} s of 1920×1080 ${FPS} fps screen content (still page, grid, a moving box, a busy corner),
VP8 2.5 Mbit/s (MediaRecorder's rate for 1080p) + Opus, ${(webmBytes / 1e6).toFixed(1)} MB (${CLIP_SECONDS} s encoded,
then repeated by packet copy: lib/looped-source.mjs), uploaded to the real API.
The rendition job made the MP4 and the HLS presentation ${Math.round(renditionMs / 1000)} s after READY
(${(renditionMs / 1000 / SECONDS).toFixed(2)}× the length, on the loaded machine): ${rungs}.

Each run: a fresh context, the link throttled to 3 Mbit/s down, 1 Mbit/s up, 40 ms latency (CDP
\`Network.emulateNetworkConditions\`); a bare page plays the signed URL (HLS: hls.js, Auto; WebM: \`<video src>\`
as the player did before) for ${WATCH_SECONDS} s of wall time. First frame: \`play()\` to the first frame presented.
Stalls: \`waiting\` after the first frame, from 10 s of playback on (count and seconds stalled).

| source | first frame | stalls after 10 s | played in ${WATCH_SECONDS} s | heights shown | MB received |
| --- | --- | --- | --- | --- | --- |
${row('HLS (hls.js, Auto)', results.hls)}
${row('single WebM', results.webm)}

Target: first frame under 2.5 s and no stall after the first 10 s.
`;
    const out = join(root, 'bench/results/hls.md');
    await writeFile(out, report);
    console.log(`\n${report}`);
    log(`written to ${out}`);
  } finally {
    for (const cleanup of cleanups) await cleanup().catch((error) => console.error(error));
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
