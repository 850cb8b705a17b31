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

/** The middle value (the mean of the two middle ones for an even count). */
const median = (values) => {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * Flat after warm-up: the median RSS of the last `warmup` seconds is at most `toleranceBytes`
 * above the median RSS of the `warmup` seconds that follow warm-up. Windows, not single samples:
 * under load the RSS swings by tens of MiB from one sample to the next (buffers in flight), so two
 * single samples could call a flat series growing, or a growing one flat. No sample in either
 * window: not shown, so not flat.
 */
export function flatAfterWarmup(samples, warmup, toleranceBytes = FLAT_TOLERANCE_BYTES) {
  const rule = `median RSS of the last ${Math.round(warmup)} s within ${toleranceBytes / MiB} MiB of the median RSS of the ${Math.round(warmup)} s after warm-up (the first ${Math.round(warmup)} s)`;
  const end = samples.at(-1)?.seconds ?? 0;
  const early = samples.filter((sample) => sample.seconds > warmup && sample.seconds <= 2 * warmup);
  const late = samples.filter((sample) => sample.seconds > warmup && sample.seconds >= end - warmup);
  if (early.length === 0 || late.length === 0) return { ok: false, rule, detail: 'no sample after warm-up' };
  const [before, after] = [median(early.map((s) => s.rss)), median(late.map((s) => s.rss))];
  const growth = after - before;
  const span = (window) => `${window[0].seconds.toFixed(0)}-${window.at(-1).seconds.toFixed(0)} s`;
  return {
    ok: growth <= toleranceBytes,
    rule,
    growth,
    detail: `${(before / MiB).toFixed(0)} MiB over ${span(early)}, ${(after / MiB).toFixed(0)} MiB over ${span(late)} (${growth >= 0 ? '+' : ''}${(growth / MiB).toFixed(0)} MiB)`,
  };
}

/** The timeline as a markdown table. */
export function timelineTable(samples) {
  const mib = (bytes) => (Number.isFinite(bytes) ? `${(bytes / MiB).toFixed(0)}` : '–');
  return [
    '| s | RSS MiB | heap used MiB | heap total MiB | external MiB | database WASM MiB |',
    '|---:|---:|---:|---:|---:|---:|',
    ...samples.map(
      (s) =>
        `| ${s.seconds.toFixed(0)} | ${mib(s.rss)} | ${mib(s.heapUsed)} | ${mib(s.heapTotal)} | ${mib(s.external)} | ${mib(s.databaseWasm)} |`,
    ),
  ].join('\n');
}
