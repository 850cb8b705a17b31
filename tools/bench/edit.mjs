#!/usr/bin/env node
// `npm run bench:edit`: the smart cut (apps/api/src/platform/processing/smart-cut.ts) against a full
// re-encode of the same edit, on a 10-minute 1080p VP9/Opus WebM with keyframes every 2 s made here
// by ffmpeg. The edit trims 5 s off both ends and cuts three middle ranges, every edge between
// keyframes. Both results are measured with ffprobe against the kept ranges' sum. Results go to
// bench/results/edit.md; the results live in a temp folder removed at the end, even on failure, and
// the source in the system temp folder (bench-edit-source-<minutes>min-v1), kept for the next run.
// BENCH_EDIT_MINUTES (default 10) shortens the source for a quick try; the target assumes 10.
// The blur row: a 10 s blur region of the whole video, rendered by the smart cut (only
// the groups of pictures it touches re-encoded) against a full re-encode with the same filter; its
// result goes to the "Blur" section of the same file. BENCH_EDIT_ROWS=cut or =blur runs one row.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
// The server's own smart cut, loaded by path (run through tsx) as tools start the apps: an app is
// not a library other projects import.
const { smartCut, ENCODERS } = await import(
  pathToFileURL(join(root, 'apps/api/src/platform/processing/smart-cut.ts')).href
);
const { blurFilter } = await import(pathToFileURL(join(root, 'apps/api/src/platform/processing/blur-filter.ts')).href);
const ROWS = (process.env.BENCH_EDIT_ROWS ?? 'cut,blur').split(',');
const BLUR_TARGET = 0.2;
const FFMPEG = process.env.FFMPEG_PATH || '/usr/bin/ffmpeg';
const FFPROBE = process.env.FFPROBE_PATH || '/usr/bin/ffprobe';
const minutes = Number(process.env.BENCH_EDIT_MINUTES ?? 10);
const seconds = minutes * 60;
const FPS = 30;
/** The source is one 2-minute block (or the whole, if shorter) repeated by stream copy: encoding 10 minutes of 1080p would take as long again. */
const BLOCK = Math.min(120, seconds);
const TARGET = 0.1;
const log = (line) => console.log(`[bench:edit] ${line}`);

// The encoder settings of the browser's recorder are realtime ones; the re-encode uses the fastest
// VP9 settings there are, so the comparison flatters the naive editor, not the smart cut.
const VP9_REALTIME = ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-row-mt', '1', '-b:v', '2M'];

/** Trim 5 s off both ends, cut three middle ranges; no edge on a keyframe (they fall every 2 s). */
function keptRanges(length) {
  const at = (fraction) => Math.round(length * fraction * 10) / 10 + 0.3;
  return [
    { start: 5.3, end: at(0.2) },
    { start: at(0.25), end: at(0.5) },
    { start: at(0.55), end: at(0.75) },
    { start: at(0.8), end: length - 5 },
  ];
}

async function timed(work) {
  const started = performance.now();
  const result = await work();
  return { seconds: (performance.now() - started) / 1000, result };
}

/**
 * The source, made once per length and kept in the system's temp folder between runs: making 10
 * minutes took minutes of the machine's time before anything was measured.
 */
async function cachedSource() {
  const dir = join(tmpdir(), `bench-edit-source-${minutes}min-v1`);
  const source = join(dir, 'source.webm');
  if (
    await stat(source).then(
      (file) => file.size > 0,
      () => false,
    )
  )
    return { source, cached: true };
  await mkdir(dir, { recursive: true });
  const made = await makeSource(dir);
  return { source: made, cached: false };
}

async function makeSource(dir) {
  const block = join(dir, 'block.webm');
  await run(FFMPEG, [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=${FPS}`],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440', '-t', String(BLOCK)],
    ...VP9_REALTIME,
    ...['-g', String(2 * FPS), '-keyint_min', String(2 * FPS), '-pix_fmt', 'yuv420p', '-c:a', 'libopus', '-b:a', '96k'],
    block,
  ]);
  const list = join(dir, 'blocks.txt');
  await writeFile(list, Array.from({ length: Math.ceil(seconds / BLOCK) }, () => `file '${block}'`).join('\n'));
  const partial = join(dir, 'source.partial.webm');
  await run(FFMPEG, ['-v', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', partial]);
  await rm(block);
  const source = join(dir, 'source.webm');
  await rename(partial, source);
  return source;
}

async function probeDurations(path) {
  const { stdout } = await run(FFPROBE, [
    ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time,flags:format=duration'],
    ...['-of', 'csv=p=0', path],
  ]);
  const lines = stdout.trim().split('\n');
  const container = Number.parseFloat(lines.pop());
  const packets = lines.map((line) => line.split(','));
  const times = packets.map(([time]) => Number.parseFloat(time)).sort((a, b) => a - b);
  const keyframes = packets.filter(([, flags]) => flags?.includes('K')).map(([time]) => Number.parseFloat(time));
  const gaps = keyframes.slice(1).map((time, index) => time - keyframes[index]);
  return { container, video: times.at(-1) - times[0] + 1 / FPS, frames: times.length, longestGop: Math.max(...gaps) };
}

/** What a naive editor does: decode everything, trim and join with filters, encode it all again. */
async function fullReencode(source, output, ranges) {
  const video = ranges.map((r, i) => `[0:v]trim=start=${r.start}:end=${r.end},setpts=PTS-STARTPTS[v${i}]`);
  const audio = ranges.map((r, i) => `[0:a]atrim=start=${r.start}:end=${r.end},asetpts=PTS-STARTPTS[a${i}]`);
  const joins = ranges.map((_, i) => `[v${i}][a${i}]`).join('');
  const filter = [...video, ...audio, `${joins}concat=n=${ranges.length}:v=1:a=1[v][a]`].join(';');
  await run(FFMPEG, [
    ...['-v', 'error', '-y', '-i', source, '-filter_complex', filter, '-map', '[v]', '-map', '[a]'],
    ...VP9_REALTIME,
    ...['-pix_fmt', 'yuv420p', '-c:a', 'libopus', '-b:a', '96k', output],
  ]);
}

/** The blur row: 10 s from the middle (between keyframes), a text-field-sized region. */
function blurOf(length) {
  const from = Math.round(length / 2) + 0.5;
  return { from, to: from + 10, x: 10, y: 10, width: 30, height: 10 };
}

/**
 * What a naive editor does for a blur: decode everything, filter, encode it all again, with the
 * encoder settings the smart blur's re-encoded groups of pictures use (so the two differ only in
 * how many frames they encode) and the audio copied as the smart blur does when nothing is cut.
 */
async function fullBlurReencode(source, output, region) {
  const blur = { region, first: Math.round(region.from * FPS), last: Math.ceil(region.to * FPS) - 1 };
  await run(FFMPEG, [
    ...['-v', 'error', '-y', '-i', source, '-filter_complex', blurFilter([blur], { width: 1920, height: 1080 })],
    ...['-map', '[v]', '-map', '0:a', ...ENCODERS.vp9, '-pix_fmt', 'yuv420p', '-c:a', 'copy', output],
  ]);
}

async function blurRow(dir, source, sourceInfo) {
  const region = blurOf(sourceInfo.container);
  const work = await mkdtemp(join(dir, 'blur-'));
  const ranges = [{ start: 0, end: sourceInfo.container }];
  const options = { ffmpegPath: FFMPEG, ffprobePath: FFPROBE, workDir: work, timeoutMs: 3_600_000, blurs: [region] };
  const smart = await timed(() => smartCut(source, join(dir, 'blurred.webm'), ranges, options));
  const smartInfo = await probeDurations(join(dir, 'blurred.webm'));
  log(`smart blur: ${smart.seconds.toFixed(1)} s, ${smartInfo.container.toFixed(3)} s long`);
  const full = await timed(() => fullBlurReencode(source, join(dir, 'blurred-full.webm'), region));
  const fullInfo = await probeDurations(join(dir, 'blurred-full.webm'));
  log(`full blur re-encode: ${full.seconds.toFixed(1)} s, ${fullInfo.container.toFixed(3)} s long`);
  const frame = 1 / FPS;
  const within = (info) =>
    Math.abs(info.container - sourceInfo.container) <= frame && Math.abs(info.video - sourceInfo.video) <= frame;
  const row = (name, time, info) =>
    `| ${name} | ${time.toFixed(1)} s | ${info.container.toFixed(3)} s | ${info.video.toFixed(3)} s | ${(info.container - sourceInfo.container).toFixed(3)} s | ${within(info) ? 'yes' : 'no'} |`;
  const ratio = smart.seconds / full.seconds;
  const encoded = smart.result.pieces.filter((piece) => piece.kind === 'encode');
  const section = `## Blur

${new Date().toISOString().slice(0, 16)}Z, load average ${loadavg()[0].toFixed(1)} at the end of the row (${cpus().length} cores shared).
Source as above (${minutes} min, ${sourceInfo.container.toFixed(3)} s, video ${sourceInfo.video.toFixed(3)} s); blur ${region.from}-${region.to} s over
x ${region.x}%, y ${region.y}%, ${region.width}% x ${region.height}% (the frame otherwise kept whole).

| method | time | result (container) | video stream | off by | within one frame of the original (${(frame * 1000).toFixed(1)} ms) |
| --- | --- | --- | --- | --- | --- |
${row('smart blur (GOPs it touches re-encoded)', smart.seconds, smartInfo)}
${row('full re-encode with the same blur filter', full.seconds, fullInfo)}

**Smart blur / full re-encode: ${ratio.toFixed(3)}×** (target ≤ ${BLUR_TARGET}×: ${ratio <= BLUR_TARGET ? 'met' : 'NOT met'}${minutes === 10 ? '' : `; measured on ${minutes} min, where the full re-encode is ${(10 / minutes).toFixed(1)}x shorter and the smart blur's fixed costs weigh more`}).
Re-encoded ${encoded.reduce((sum, piece) => sum + piece.frames, 0)} of ${smartInfo.frames} frames in ${encoded.length} piece(s); both copy the audio (nothing is cut), and the full re-encode uses the smart blur's VP9 settings (${ENCODERS.vp9.join(' ')}).
`;
  return { section, ok: within(smartInfo) };
}

/** Replaces (or adds) the Blur section of bench/results/edit.md, keeping the cut rows above it. */
async function writeBlurSection(section) {
  const file = join(root, 'bench/results/edit.md');
  const current = await readFile(file, 'utf8').catch(() => '# bench:edit\n');
  const kept = current.split('\n## Blur\n')[0].trimEnd();
  await writeFile(file, `${kept}\n\n${section}`);
}

async function main() {
  const dir = await mkdtemp(join(tmpdir(), 'bench-edit-'));
  try {
    const load = loadavg()[0];
    log(`making a ${minutes}-minute 1080p VP9/Opus source (load ${load.toFixed(1)} on ${cpus().length} cores)`);
    const made = await timed(() => cachedSource());
    const source = made.result.source;
    if (made.result.cached) log(`source reused from ${source}`);
    const sourceInfo = await probeDurations(source);
    log(`source: ${sourceInfo.container.toFixed(2)} s, keyframes at most ${sourceInfo.longestGop.toFixed(2)} s apart`);
    if (ROWS.includes('cut')) await cutRow(dir, source, sourceInfo, made, load);
    if (ROWS.includes('blur')) {
      const blur = await blurRow(dir, source, sourceInfo);
      await writeBlurSection(blur.section);
      log('blur row written to bench/results/edit.md');
      if (!blur.ok) process.exitCode = 1;
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function cutRow(dir, source, sourceInfo, made, load) {
  const ranges = keptRanges(sourceInfo.container);
  const expected = ranges.reduce((sum, range) => sum + range.end - range.start, 0);
  const work = await mkdtemp(join(dir, 'smart-'));
  const smart = await timed(() =>
    smartCut(source, join(dir, 'smart.webm'), ranges, {
      ffmpegPath: FFMPEG,
      ffprobePath: FFPROBE,
      workDir: work,
      timeoutMs: 3_600_000,
    }),
  );
  const smartInfo = await probeDurations(join(dir, 'smart.webm'));
  const encodedFrames = smart.result.pieces
    .filter((piece) => piece.kind === 'encode')
    .reduce((sum, piece) => sum + piece.frames, 0);
  log(
    `smart cut: ${smart.seconds.toFixed(1)} s, ${smartInfo.container.toFixed(3)} s long (kept ${expected.toFixed(3)} s)`,
  );

  const full = await timed(() => fullReencode(source, join(dir, 'full.webm'), ranges));
  const fullInfo = await probeDurations(join(dir, 'full.webm'));
  log(`full re-encode: ${full.seconds.toFixed(1)} s, ${fullInfo.container.toFixed(3)} s long`);

  const ratio = smart.seconds / full.seconds;
  const frame = 1 / FPS;
  const within = (info) => Math.abs(info.container - expected) <= frame && Math.abs(info.video - expected) <= frame;
  const row = (name, time, info) =>
    `| ${name} | ${time.toFixed(1)} s | ${info.container.toFixed(3)} s | ${info.video.toFixed(3)} s | ${(info.container - expected).toFixed(3)} s | ${within(info) ? 'yes' : 'no'} |`;
  const report = `# bench:edit

\`npm run bench:edit\` (tools/bench/edit.mjs), ${new Date().toISOString().slice(0, 16)}Z, ${cpus().length} cores
shared with other work (load average ${load.toFixed(1)} at the start).

Source: ${minutes} min of ffmpeg's \`testsrc2\` at 1920x1080, ${FPS} fps, VP9 (realtime, 2 Mb/s) + Opus, keyframes
every ${sourceInfo.longestGop.toFixed(2)} s at most (a ${BLOCK} s block joined by stream copy; ${made.result.cached ? 'kept from an earlier run' : `made in ${made.seconds.toFixed(0)} s`}).
Edit: trim 5 s off both ends and cut three middle ranges, every edge between keyframes; kept
${ranges.map((r) => `${r.start.toFixed(1)}-${r.end.toFixed(1)}`).join(', ')} = ${expected.toFixed(3)} s.

| method | time | result (container) | video stream | off by | within one frame (${(frame * 1000).toFixed(1)} ms) |
| --- | --- | --- | --- | --- | --- |
${row('smart cut', smart.seconds, smartInfo)}
${row('full re-encode (VP9 realtime, cpu-used 8)', full.seconds, fullInfo)}

**Smart cut / full re-encode: ${ratio.toFixed(3)}×** (target ≤ ${TARGET}×: ${ratio <= TARGET ? 'met' : 'NOT met'}).

The smart cut copied ${smart.result.pieces.filter((p) => p.kind === 'copy').length} runs of whole groups of pictures and re-encoded
${encodedFrames} of ${smartInfo.frames} frames (${smart.result.pieces.filter((p) => p.kind === 'encode').length} pieces, each from a cut to the next keyframe);
the audio is trimmed and encoded once (Opus). The re-encode uses the fastest VP9 settings, so a
naive editor at ordinary quality settings would be slower still.
`;
  const previous = await readFile(join(root, 'bench/results/edit.md'), 'utf8').catch(() => '');
  const blurSection = previous.includes('\n## Blur\n') ? `\n## Blur\n${previous.split('\n## Blur\n')[1]}` : '';
  await writeFile(join(root, 'bench/results/edit.md'), report + blurSection);
  log(`smart cut ${ratio.toFixed(3)}x the full re-encode; written to bench/results/edit.md`);
  if (!within(smartInfo)) process.exitCode = 1;
}

await main();
