// bench:hls's MOV row: a large MOV upload (ProRes + PCM, as a Mac's screen
// recorder or an editor exports it) sent to the real API and transcoded by its worker to the H.264/AAC
// MP4 that plays, with the API's and its ffmpeg's memory sampled throughout.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { uploadFile } from './http-load.mjs';
import { loopedSource } from './looped-source.mjs';
import { screenContentInputs } from './screen-content.mjs';
import { keepProgressSample } from './progress-samples.mjs';
import { sampleRss } from './rss.mjs';

const run = promisify(execFile);

/** 1080p screen content at `fps` as ProRes 422 Proxy with PCM sound in a MOV, cut to about `megabytes`. */
export async function makeMov(cacheDir, megabytes, fps, log) {
  const path = join(cacheDir, `screen-1080p-prores-${megabytes}MB-${fps}fps.mov`);
  if (existsSync(path)) return path;
  await mkdir(cacheDir, { recursive: true });
  const make = (seconds, out) =>
    run('/usr/bin/ffmpeg', [
      ...['-v', 'error', '-y'],
      ...screenContentInputs(fps),
      ...['-t', String(seconds), '-c:v', 'prores_ks', '-profile:v', '0', '-c:a', 'pcm_s16le', '-f', 'mov', out],
    ]);
  const probe = `${path}.probe.mov`;
  await make(2, probe);
  const bytesPerSecond = (await stat(probe)).size / 2;
  const seconds = Math.max(1, Math.round((megabytes * 1e6) / bytesPerSecond));
  log(`making the ${megabytes} MB MOV source: ${seconds} s of ProRes Proxy at ${fps} fps (once; kept at ${path})`);
  const partial = `${path}.partial.mov`;
  await loopedSource({ seconds, out: partial, format: 'mov', encode: make });
  await rename(partial, path);
  return path;
}

/** The resident memory of `pid`'s ffmpeg children, summed, sampled until stopped: its peak. */
function sampleChildFfmpeg(pid, everyMs = 200) {
  let peak = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      let total = 0;
      for (const entry of await readdir('/proc').catch(() => [])) {
        if (!/^\d+$/.test(entry)) continue;
        const status = await readFile(`/proc/${entry}/status`, 'utf8').catch(() => '');
        if (!/^Name:\s+ffmpeg$/m.test(status) || !new RegExp(`^PPid:\\s+${pid}$`, 'm').test(status)) continue;
        total += Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
      }
      peak = Math.max(peak, total);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return peak;
    },
  };
}

/**
 * Uploads `mov` to the API at `baseUrl` (process `pid`) and waits until the video is READY:
 * the upload's time, the time from its last byte to READY, the API's peak RSS and its rise, the
 * peak RSS of the ffmpeg it ran, and what GetVideo said meanwhile: the states seen, and
 * `progress`, its processing_progress each time it changed (seconds after the last byte, percent).
 */
export async function transcodeMov({ baseUrl, pid, token, mov, rpc, timeoutMs }) {
  const api = sampleRss(pid, 100);
  const ffmpeg = sampleChildFfmpeg(pid);
  const sizeBytes = (await stat(mov)).size;
  const started = Date.now();
  const { status, json } = await uploadFile(`${baseUrl}/api/videoservice/upload`, mov, token);
  if (status !== 201) throw new Error(`upload answered ${status}: ${JSON.stringify(json)}`);
  const uploadedAt = Date.now();
  const seen = new Set();
  const progress = [];
  let video;
  for (;;) {
    video = await rpc(baseUrl, token, 'GetVideo', { videoId: json.video.id });
    seen.add(video.status);
    // How far processing said it was (the JSON leaves out a 0).
    if (video.status === 'STATUS_PROCESSING')
      keepProgressSample(progress, (Date.now() - uploadedAt) / 1000, video.processingProgress ?? 0);
    if (video.status === 'STATUS_READY') break;
    if (video.status === 'STATUS_FAILED') throw new Error(`processing failed: ${video.failureReason}`);
    if (Date.now() - uploadedAt > timeoutMs) throw new Error(`not READY after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const readyAt = Date.now();
  const apiRss = await api.stop();
  return {
    sizeBytes,
    durationSeconds: video.durationSeconds,
    uploadSeconds: (uploadedAt - started) / 1000,
    toReadySeconds: (readyAt - uploadedAt) / 1000,
    apiPeakRss: apiRss.peak,
    apiRssRise: apiRss.rise,
    ffmpegPeakRss: await ffmpeg.stop(),
    statesSeen: [...seen],
    progress,
  };
}
