#!/usr/bin/env node
// `npm run bench:transcribe`: the built-in engine (ffmpeg + Debian's pocketsphinx,
// apps/api/src/media/transcribe) on a fixed set of synthesised English sentences (espeak-ng; no
// Debian package here ships a human-speech sample): its speed as a multiple of real time on this
// machine and its word error rate; then the OpenAI-compatible path's own cost (ffmpeg to WAV,
// upload, parse) on a 1-minute clip against a server on 127.0.0.1 that answers at once, which
// the target is under 1 s. Results go to bench/results/transcribe.md; files live in a temp folder.
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
// The server's own engines, loaded by path (run through tsx) as the other benches load theirs.
const { builtinTranscriber, openAiTranscriber } = await import(
  pathToFileURL(join(root, 'apps/api/src/platform/media/transcribe/index.ts')).href
);
const FFMPEG = process.env.FFMPEG_PATH || '/usr/bin/ffmpeg';
/** espeak-ng's US English voice, a little slower than its default: nearer to what the model knows. */
const VOICE = 'en-us';
const log = (line) => console.log(`[bench:transcribe] ${line}`);

/** The fixed clips: everyday sentences of a screen recording's kind. */
const SENTENCES = [
  'hello world this is a test',
  'today I will show you the new dashboard',
  'click the button in the top right corner',
  'the report shows revenue for the last quarter',
  'please send me your feedback by friday',
  'thank you for watching this video',
];

const words = (text) => text.toLowerCase().match(/[a-z']+/g) ?? [];

/** Word-level edit distance (substitutions, insertions, deletions). */
function editDistance(a, b) {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}

async function durationOf(file) {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
  return Number(stdout.trim());
}

const dir = await mkdtemp(join(tmpdir(), 'bench-transcribe-'));
try {
  const load = loadavg()[0];
  const engine = builtinTranscriber({ ffmpegPath: FFMPEG });
  const rows = [];
  let errors = 0;
  let reference = 0;
  let audio = 0;
  let spent = 0;
  for (const [i, sentence] of SENTENCES.entries()) {
    const file = join(dir, `clip-${i}.wav`);
    await run('espeak-ng', ['-v', VOICE, '-s', '140', '-w', file, sentence]);
    const seconds = await durationOf(file);
    const started = performance.now();
    const result = await engine.transcribe(file, { durationSeconds: seconds, scratchDir: dir, timeoutMs: 120_000 });
    const took = (performance.now() - started) / 1000;
    const heard = result.segments.map((segment) => segment.text).join(' ');
    const distance = editDistance(words(sentence), words(heard));
    errors += distance;
    reference += words(sentence).length;
    audio += seconds;
    spent += took;
    rows.push({ sentence, heard, seconds, took, wer: distance / words(sentence).length });
    log(`${sentence} → ${heard} (${took.toFixed(1)} s for ${seconds.toFixed(1)} s)`);
  }

  // The endpoint path's own cost: a 1-minute clip to a server that answers at once.
  const minute = join(dir, 'minute.webm');
  await run(FFMPEG, ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=60', '-c:a', 'libopus', minute]);
  let serverSeconds = 0;
  const server = createServer((request, response) => {
    const started = performance.now();
    request.resume();
    request.on('end', () => {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ language: 'en', segments: [{ start: 0, end: 5, text: 'hello' }] }));
      serverSeconds += (performance.now() - started) / 1000;
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const endpoint = openAiTranscriber({
    baseUrl: `http://127.0.0.1:${server.address().port}/v1`,
    model: 'bench',
    ffmpegPath: FFMPEG,
  });
  const overheads = [];
  for (let round = 0; round < 3; round++) {
    serverSeconds = 0;
    const started = performance.now();
    await endpoint.transcribe(minute, { durationSeconds: 60, scratchDir: dir, timeoutMs: 60_000 });
    overheads.push((performance.now() - started) / 1000 - serverSeconds);
  }
  server.close();
  const overhead = overheads.sort((a, b) => a - b)[1];

  const rtf = spent / audio;
  const wer = errors / reference;
  const table = rows
    .map(
      (row) =>
        `| ${row.sentence} | ${row.heard || '(nothing)'} | ${row.seconds.toFixed(1)} s | ${row.took.toFixed(1)} s | ${(row.wer * 100).toFixed(0)} % |`,
    )
    .join('\n');
  const report = `# bench:transcribe

\`npm run bench:transcribe\` (tools/bench/transcribe.mjs), ${new Date().toISOString().slice(0, 16)}Z, ${cpus().length} cores
shared with other work (load average ${load.toFixed(1)} at the start).

## Built-in engine (ffmpeg + pocketsphinx 5prealpha, US English model)

Clips: ${SENTENCES.length} sentences synthesised by espeak-ng (voice \`${VOICE}\`, 140 words a minute; no Debian package here ships a
human-speech sample), ${audio.toFixed(1)} s of audio in all.

| said | heard | audio | took | WER |
| --- | --- | --- | --- | --- |
${table}

**Speed: ${rtf.toFixed(2)}× real time** (${spent.toFixed(1)} s for ${audio.toFixed(1)} s of audio; each clip
includes ffmpeg's conversion and pocketsphinx loading its model, about a second, so long recordings
run faster than this per second). **Word error rate: ${(wer * 100).toFixed(0)} %** (${errors} errors in ${reference}
words). Synthesised speech is far from the US English voices the model was trained on, so this
error rate is the engine at its worst; it is what the built-in engine is for: a transcript that
works on a fresh clone. For better words, point \`TRANSCRIBE_URL\` at a whisper server.

## OpenAI-compatible path

A 1-minute Opus clip sent to a server on 127.0.0.1 that answers at once (median of 3): the path's
own cost (ffmpeg to 16 kHz WAV, a 1.9 MB upload, parsing) is **${overhead.toFixed(2)} s** beyond the
server's time (target < 1 s: ${overhead < 1 ? 'met' : 'NOT met'}).
`;
  await writeFile(join(root, 'bench/results/transcribe.md'), report);
  log(
    `real-time factor ${rtf.toFixed(2)}, WER ${(wer * 100).toFixed(0)} %, endpoint overhead ${overhead.toFixed(2)} s`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
