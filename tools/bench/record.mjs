#!/usr/bin/env node
// `npm run bench:record`: how long after Stop a recording has its link, is READY, and plays on its
// watch page, uploading while recording against uploading the whole file after Stop.
// In Debian's Chromium with the upload throttled to 10 Mbit/s through the DevTools protocol
// (Network.emulateNetworkConditions), the bytes of a real WebM (VP8 + Opus from ffmpeg, about the
// bitrate of a Chromium screen recording) are fed to the app's own upload sink one second's worth a
// second (the recording's own pace), or uploaded whole by the app's upload client at Stop. The real
// API (tsx, PGlite, local disk, worker in process) and the Auth emulator on 127.0.0.1; results go
// to bench/results/record.md. BENCH_RECORD_SECONDS (default "10,300") lists the lengths.
// The drawing rows (record/drawing.mjs): frames recorded per second at 1080p30 with and
// without drawing. BENCH_RECORD_FIGURES (default "upload,drawing") picks which run; run alone, the
// drawing rows replace their section of record.md and leave the upload rows as they were.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { createTestUser } from '@stream/auth/testing';
import { makeTestClip } from '@stream/video-api/testing';
import { build } from 'vite';
import { ensureSystemPackages } from '../src/system-packages.mjs';
import { launchChromium, startProduct } from './lib/product.mjs';
import { drawingHeading, measureDrawing } from './record/drawing.mjs';
import { instantInPage, wholeFileInPage } from './record/in-page.mjs';

/* global document -- firstFrameAt's check runs in the page */

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const LENGTHS = (process.env.BENCH_RECORD_SECONDS ?? '10,300').split(',').map(Number);
const FIGURES = (process.env.BENCH_RECORD_FIGURES ?? 'upload,drawing').split(',');
const UPLINK_BITS = 10_000_000;
const VIDEO_BITRATE = '2000k';
const PART_BYTES = 16 * 1024 * 1024;
const log = (line) => console.log(`[bench:record] ${line}`);
const s = (ms) => `${(ms / 1000).toFixed(1)} s`;

const CLIP_SECONDS = 10;

/** A 10 s clip encoded once; longer recordings are that clip repeated (`-c copy`, no re-encoding). */
async function makeRecording(dir, seconds) {
  const clip = join(dir, 'clip.webm');
  if (!(await stat(clip).catch(() => undefined))) {
    const video = { pattern: 'testsrc2', size: '1280x720', rate: 30, bitrate: VIDEO_BITRATE, realtime: true };
    await makeTestClip(clip, { seconds: CLIP_SECONDS, video: { ...video, keyframeEvery: 60 } }, '/usr/bin/ffmpeg');
  }
  if (seconds === CLIP_SECONDS) return clip;
  const list = join(dir, `list-${seconds}.txt`);
  await writeFile(list, `file '${clip}'\n`.repeat(Math.ceil(seconds / CLIP_SECONDS)));
  const path = join(dir, `recording-${seconds}s.webm`);
  await run('/usr/bin/ffmpeg', ['-v', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', path]);
  return path;
}

async function bundlePageLibs(entry = 'record/page-entry.ts') {
  // Vite's build() sets this process's NODE_ENV to production; the API started later inherits the
  // environment, and in production it refuses the embedded database and the Auth emulator.
  const nodeEnv = process.env.NODE_ENV;
  const output = await build({
    configFile: false,
    logLevel: 'error',
    build: {
      write: false,
      minify: false,
      lib: { entry: join(import.meta.dirname, entry), formats: ['iife'], name: 'x', fileName: 'x' },
    },
  }).finally(() => {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  });
  const [first] = Array.isArray(output) ? output : [output];
  return first.output.find((item) => item.type === 'chunk').code;
}

async function getVideo(baseUrl, token, videoId) {
  const response = await fetch(`${baseUrl}/videoservice.VideoService/GetVideo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ videoId }),
  });
  return response.json();
}

async function readyAt(baseUrl, token, videoId) {
  const deadline = Date.now() + 300_000;
  for (;;) {
    const video = await getVideo(baseUrl, token, videoId);
    if (video.status === 'STATUS_READY') return Date.now();
    if (video.status === 'STATUS_FAILED') throw new Error(`video ${videoId} FAILED: ${video.failureReason}`);
    if (Date.now() > deadline) throw new Error(`video ${videoId} not READY within 300 s`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** The watch page opened at the link, until its player has a frame to show; resolves with that moment. */
async function firstFrameAt(browser, link) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(link);
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 2, undefined, {
      timeout: 300_000,
      polling: 50,
    });
    return Date.now();
  } finally {
    await context.close();
  }
}

async function measure({ browser, baseUrl, token, libs, file, seconds, path }) {
  const context = await browser.newContext({ bypassCSP: true });
  try {
    const page = await context.newPage();
    // The recording reaches the page in parts: through the DevTools pipe (route.fulfill) one
    // response over ~75 MB overflows Chromium's 100 MiB buffer. Downloads are not throttled.
    const bytes = await readFile(file);
    const parts = Math.ceil(bytes.length / PART_BYTES);
    await page.route('**/__bench/**', (route) => {
      const part = /\/part\/(\d+)$/.exec(route.request().url())?.[1];
      if (part === undefined)
        return route.fulfill({ body: '<!doctype html><title>bench</title>', contentType: 'text/html' });
      const start = Number(part) * PART_BYTES;
      return route.fulfill({
        body: bytes.subarray(start, start + PART_BYTES),
        contentType: 'application/octet-stream',
      });
    });
    await page.goto(`${baseUrl}/__bench/page`);
    await page.addScriptTag({ content: libs });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: UPLINK_BITS / 8,
    });
    const args = { parts, seconds, token };
    const result = await page.evaluate(path === 'instant' ? instantInPage : wholeFileInPage, args);
    const [ready, frame] = await Promise.all([
      readyAt(baseUrl, token, result.videoId),
      firstFrameAt(browser, result.link),
    ]);
    return { ...result, readyMs: ready - result.stopEpochMs, frameMs: frame - result.stopEpochMs };
  } finally {
    await context.close();
  }
}

async function main() {
  ensureSystemPackages(['chromium', 'ffmpeg']);
  const scratch = await mkdtemp(join(tmpdir(), 'stream-bench-record-'));
  const cleanups = [() => rm(scratch, { recursive: true, force: true })];
  try {
    const out = join(root, 'bench/results/record.md');
    const previous = await readFile(out, 'utf8').catch(() => '');
    const [previousUpload = '', previousDrawing = ''] = previous.split(drawingHeading);
    const drawing = FIGURES.includes('drawing')
      ? await measureDrawing({ scratch, cleanups, log, libs: await bundlePageLibs('record/drawing-entry.ts') })
      : previousDrawing && `${drawingHeading}${previousDrawing}`;
    if (!FIGURES.includes('upload')) {
      const report = `${previousUpload.trimEnd()}\n\n${drawing}`;
      await writeFile(out, report);
      console.log(`\n${drawing}`);
      log(`written to ${out}`);
      return;
    }
    const loadAtStart = loadavg()[0];
    log('bundling the in-page libs');
    const libs = await bundlePageLibs();
    // Seven agents share this machine: the API's start-up has taken over a minute.
    const { emulator, server } = await startProduct({ root, scratch, cleanups, log, startTimeoutMs: 240_000 });
    const user = await createTestUser(emulator.host);
    const browser = await launchChromium(cleanups);

    const rows = [];
    for (const seconds of LENGTHS) {
      log(`making a ${seconds} s recording`);
      const file = await makeRecording(scratch, seconds);
      const { size } = await stat(file);
      for (const path of ['instant', 'whole file']) {
        log(`${seconds} s, ${path}: ${(size / 1e6).toFixed(1)} MB`);
        const result = await measure({
          browser,
          baseUrl: server.baseUrl,
          token: user.idToken,
          libs,
          file,
          seconds,
          path,
        });
        log(`  link ${s(result.linkMs)}, READY ${s(result.readyMs)}, first frame ${s(result.frameMs)} after Stop`);
        rows.push({ seconds, size, path, ...result });
      }
    }

    const instant = rows.filter((row) => row.path === 'instant');
    const short = instant.find((row) => row.seconds === Math.min(...LENGTHS));
    const long = instant.find((row) => row.seconds === Math.max(...LENGTHS));
    const ratio = long.readyMs / short.readyMs;
    const met = (ok) => (ok ? 'met' : '**missed**');
    const report = `# Record benchmark

\`npm run bench:record\` (tools/bench/record.mjs), ${new Date().toISOString()}.
Machine: ${cpus().length} cores (${cpus()[0]?.model.trim()}), Node ${process.version}, Debian's Chromium; 1-minute load
average ${loadAtStart.toFixed(1)} at the start and ${loadavg()[0].toFixed(1)} at the end (other work on the machine competes for the same cores).
Upload throttled to ${UPLINK_BITS / 1e6} Mbit/s (20 ms latency) through CDP \`Network.emulateNetworkConditions\`. The
recording: a real WebM from ffmpeg (VP8 ${VIDEO_BITRATE}bit/s 1280×720 + Opus; longer ones repeat a ${CLIP_SECONDS} s clip), its bytes fed one second's worth a
second to the app's upload sink (instant path), or uploaded whole by the app's upload client at Stop (whole-file
path), then ShareVideo for the link. READY is polled (GetVideo every 100 ms); the first frame is the watch page
(\`/s/<token>\`, production build) opened when the link exists, until its \`<video>\` has a frame (readyState ≥ 2).

| length | size | path | Stop → link | Stop → upload complete | Stop → READY | Stop → first frame | bytes on the server at Stop |
|---:|---:|---|---:|---:|---:|---:|---:|
${rows
  .map(
    (row) =>
      `| ${row.seconds} s | ${(row.size / 1e6).toFixed(1)} MB | ${row.path} | ${s(row.linkMs)} | ${s(row.finishedMs)} | ${s(row.readyMs)} | ${s(row.frameMs)} | ${row.uploadedBeforeStop === undefined ? '-' : `${Math.round((row.uploadedBeforeStop / row.size) * 100)}%`} |`,
  )
  .join('\n')}

Targets, instant path: Stop → READY for ${long.seconds} s within 1.2× of ${short.seconds} s: ${ratio.toFixed(2)}× ${met(ratio <= 1.2)};
under 5 s: ${s(long.readyMs)} ${met(long.readyMs < 5000)}.

- The instant path's link exists before Stop (minted when the upload is created), so Stop → link is 0.
- What remains after Stop on the instant path: the last second's bytes and the finishing PATCH; the job,
  which the API wakes in its own process as it queues it (no wait for pg-boss's poll); the remux
  (\`ffmpeg -c copy\`, length-dependent but fast) and the thumbnail; READY. No copy of the recording:
  the original is hard-linked into the store and into the job's scratch, the remux renamed into the
  store. The storyboard (one keyframe decoded every few seconds of video) is made just after READY.
- The watch page asks for its video every second while it is PROCESSING and plays once it is READY:
  first frame minus READY is that wait plus loading the player.
${drawing ? `\n${drawing}` : ''}`;
    await writeFile(out, report);
    console.log(`\n${report}`);
    log(`written to ${out}`);
    if (!(ratio <= 1.2 && long.readyMs < 5000)) process.exitCode = 1;
  } finally {
    for (const cleanup of cleanups) await cleanup().catch((error) => console.error(error));
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
