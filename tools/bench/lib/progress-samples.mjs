// Whether progress shows while a video processes: what GetVideo's processing_progress said while a
// bench waited for READY, kept as (seconds after the upload's last byte, percent) when it changed,
// and written into the report as a few of them.

/** Adds `percent` at `seconds` to `samples` when it differs from the last one kept; returns `samples`. */
export function keepProgressSample(samples, seconds, percent) {
  if (samples.at(-1)?.percent !== percent) samples.push({ seconds, percent });
  return samples;
}

/**
 * At most `count` of `samples`, spread evenly over them (the first and last always among them), as
 * "12 s → 9 %, 40 s → 31 %"; `readySeconds`, when given, ends it with "READY at 415 s". Says so
 * when no percentage above 0 was ever seen.
 */
export function progressOverTime(samples, readySeconds, count = 8) {
  const end = readySeconds === undefined ? '' : `READY at ${readySeconds.toFixed(0)} s`;
  if (!samples.some((sample) => sample.percent > 0))
    return ['no percentage seen (0 throughout)', end].filter(Boolean).join(', ');
  const picked =
    samples.length <= count
      ? samples
      : Array.from({ length: count }, (_, index) => samples[Math.round((index * (samples.length - 1)) / (count - 1))]);
  return [...picked.map(({ seconds, percent }) => `${seconds.toFixed(0)} s → ${percent} %`), end]
    .filter(Boolean)
    .join(', ');
}
