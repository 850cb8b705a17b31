// bench/results/soak.md: what ran, what was checked, and the numbers.
import { cpus, loadavg } from 'node:os';
import { timelineTable } from './memory-timeline.mjs';

const MiB = 1024 * 1024;
const ms = (value) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '–');
const mib = (bytes) => `${(bytes / MiB).toFixed(0)} MiB`;

/**
 * The report of one soak `run`: its options, start time and load average before; the Stats of
 * uploads, ranges and reads; the checks; the server's rss, memory before and after, and memory
 * timeline (tools/soak/memory-timeline.mjs); processingSeconds, uploadedCount and videoBytes.
 */
export function soakReport(run) {
  const { options, uploads, ranges, reads, checks, rss } = run;
  const verdict = checks.every((check) => check.ok) ? 'PASSED' : 'FAILED';
  const errors = [...uploads.errors, ...ranges.errors, ...reads.errors];
  return `# Soak test: ${verdict}

\`npm run soak -- --uploads ${options.uploads} --streams ${options.streams} --seconds ${options.seconds} --max-uploads ${options.maxUploads} --video-seconds ${options.videoSeconds} --tus ${options.tus} --idle-seconds ${options.idleSeconds}\`
(tools/soak.mjs), ${run.startedAt.toISOString()}.
Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}; 1-minute load average
${run.loadBefore.toFixed(1)} at the start and ${loadavg()[0].toFixed(1)} at the end (other work shares these cores).
A fresh server (\`apps/api/dist/main.js\`, built: PGlite, local blobs, worker in-process, LOG_LEVEL=warn) on
127.0.0.1, a fresh Auth emulator, one signed-in user. For ${options.seconds} s, ${options.streams} streamers read random
byte ranges (up to 1 MiB; 10% open or suffix ranges) of 3 videos processed beforehand, comparing every
byte, while ${options.maxUploads} copies of one ${options.videoSeconds} s VP8/Opus WebM of ${mib(run.videoBytes)}, each with its own title,
were uploaded ${options.tus ? 'resumably (tus, 256 KiB PATCHes one after another, as a recording arrives)' : 'whole (multipart)'} in rounds of ${options.uploads} at once spread over the ${options.seconds} s (${run.uploadedCount} whole).

| check | result | |
|---|---|---|
${checks.map((check) => `| ${check.what} | ${check.detail} | ${check.ok ? 'ok' : '**FAILED**'} |`).join('\n')}

| measure | count | p50 | p99 | answers |
|---|---:|---:|---:|---|
| upload (whole request) | ${uploads.count} | ${ms(uploads.percentile(50))} | ${ms(uploads.percentile(99))} | ${uploads.statusLine()} |
| range request (to last byte) | ${ranges.count} | ${ms(ranges.percentile(50))} | ${ms(ranges.percentile(99))} | ${ranges.statusLine()}; ${mib(ranges.bytes)} moved |
| whole-file read after processing | ${reads.count} | ${ms(reads.percentile(50))} | ${ms(reads.percentile(99))} | ${reads.statusLine()} |

Processing: every upload left PROCESSING ${run.processingSeconds.toFixed(0)} s after the load ended.
Server RSS: ${mib(rss.before)} before the load, peak ${mib(rss.peak)} during it, ${mib(rss.after)} after
processing (VmHWM ${mib(rss.hwm)}), ${mib(run.memory.idle.rss)} after ${options.idleSeconds} s idle.

| server memory | before the load | after ${options.idleSeconds} s idle | change |
|---|---:|---:|---:|
${['rss', 'heapUsed', 'heapTotal', 'external', 'databaseWasm']
  .map(
    (key) =>
      `| ${key} | ${mib(run.memory.before[key])} | ${mib(run.memory.idle[key])} | ${mib(run.memory.idle[key] - run.memory.before[key])} |`,
  )
  .join('\n')}

The server's memory through the load, sampled from /metrics (heap, external, and PGlite's WebAssembly memory, which
external includes) and /proc (RSS):

${timelineTable(run.timeline)}

RSS less the V8 heap and external memory is what native code holds: the embedded database's
WebAssembly memory (which never shrinks), sockets' buffers and pages the allocator keeps.
${
  errors.length
    ? `\nFirst errors (${errors.length} in all):\n${errors
        .slice(0, 20)
        .map((e) => `- ${e}`)
        .join('\n')}\n`
    : ''
}
"Intact" means: the stored video (read whole through its signed stream URL, twice, same sha256)
has the sha256 of every stream's packet data of the upload (\`ffmpeg -f streamhash\`; the server
remuxes with \`-c copy\`, so container bytes change but packets must not) and the upload's own title.
`;
}
