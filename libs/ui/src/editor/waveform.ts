/**
 * The loudness outline of audio samples: `buckets` peaks (0 to 1), each the largest absolute
 * sample of its share of the samples, for drawing a waveform under the filmstrip.
 */
export function peaks(samples: ArrayLike<number>, buckets: number): number[] {
  if (samples.length === 0 || buckets <= 0) return [];
  const size = samples.length / buckets;
  const out: number[] = [];
  for (let bucket = 0; bucket < buckets; bucket++) {
    const from = Math.floor(bucket * size);
    const to = Math.max(from + 1, Math.floor((bucket + 1) * size));
    let peak = 0;
    // Every 16th sample is enough for an outline and keeps an hour of audio cheap.
    for (let i = from; i < to && i < samples.length; i += 16) peak = Math.max(peak, Math.abs(samples[i]!));
    out.push(Math.min(1, peak));
  }
  return out;
}
