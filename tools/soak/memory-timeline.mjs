// The server's memory through the load: RSS, V8 heap and external memory sampled at a fixed
// interval (tools/soak/server-memory.mjs), and the check that it is flat after warm-up.
import { clearInterval, setInterval } from 'node:timers';

const MiB = 1024 * 1024;

/** Warm-up: the first 5 minutes, or a sixth of a shorter load. */
export const WARMUP_SECONDS = 300;
/** How far the RSS at the end may be above the RSS at the end of warm-up. */
export const FLAT_TOLERANCE_BYTES = 30 * MiB;

/** Every 30 s, or twelve samples over a shorter load (at least one a second). */
export const sampleEverySeconds = (loadSeconds) => Math.min(30, Math.max(1, Math.floor(loadSeconds / 12)));
export const warmupSeconds = (loadSeconds) => Math.min(WARMUP_SECONDS, loadSeconds / 6);

/**
 * Samples `read()` (the server's memory) every `everySeconds` from now until `stop()`, which takes
 * one last sample and returns them all as `{ seconds, rss, heapUsed, heapTotal, external }`. A
 * failed reading is skipped (the server busy past its timeout), not fatal to the soak.
 */
export function sampleTimeline(read, everySeconds) {
  const started = Date.now();
  const samples = [];
  const take = async () => {
    try {
      const memory = await read();
      samples.push({ seconds: (Date.now() - started) / 1000, ...memory });
    } catch {
      // a missed sample
    }
  };
  let pending = take();
  const timer = setInterval(() => (pending = pending.then(take)), everySeconds * 1000);
  return {
    async stop() {
      clearInterval(timer);
      await pending;
      await take();
      return samples.sort((a, b) => a.seconds - b.seconds);
    },
  };
}

/**
 * Flat after warm-up: the RSS of the last sample is at most `toleranceBytes` above the RSS of the
 * last sample taken by the end of warm-up (`warmup` seconds). Fewer than two such samples: not
 * shown, so not flat.
 */
export function flatAfterWarmup(samples, warmup, toleranceBytes = FLAT_TOLERANCE_BYTES) {
  const rule = `RSS at the end of the load within ${toleranceBytes / MiB} MiB of the RSS at the end of warm-up (the first ${Math.round(warmup)} s)`;
  const warm = samples.filter((sample) => sample.seconds <= warmup).at(-1);
  const end = samples.at(-1);
  if (!warm || !end || end === warm) return { ok: false, rule, detail: 'no sample after warm-up' };
  const growth = end.rss - warm.rss;
  return {
    ok: growth <= toleranceBytes,
    rule,
    growth,
    detail: `${(warm.rss / MiB).toFixed(0)} MiB at ${warm.seconds.toFixed(0)} s, ${(end.rss / MiB).toFixed(0)} MiB at ${end.seconds.toFixed(0)} s (${growth >= 0 ? '+' : ''}${(growth / MiB).toFixed(0)} MiB)`,
  };
}

/** The timeline as a markdown table. */
export function timelineTable(samples) {
  const mib = (bytes) => (Number.isFinite(bytes) ? `${(bytes / MiB).toFixed(0)}` : '–');
  return [
    '| s | RSS MiB | heap used MiB | heap total MiB | external MiB |',
    '|---:|---:|---:|---:|---:|',
    ...samples.map(
      (s) =>
        `| ${s.seconds.toFixed(0)} | ${mib(s.rss)} | ${mib(s.heapUsed)} | ${mib(s.heapTotal)} | ${mib(s.external)} |`,
    ),
  ].join('\n');
}
