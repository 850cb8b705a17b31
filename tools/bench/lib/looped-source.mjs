// Long benchmark sources made from a short clip: encoding minutes of synthetic 1080p took longer
// than the benchmark itself on these shared cores (15 s of VP8 in 15 minutes at load 27; a 1 GB
// ProRes MOV not done in 25 minutes at load 15), while copying a clip's packets end to end takes
// seconds. The repetition does not help the encoders measured: it is minutes apart, far past
// any encoder's reference frames.
import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The longest clip actually encoded; anything longer repeats it. */
export const CLIP_SECONDS = 20;

/**
 * Writes `out`, `seconds` long, by encoding at most CLIP_SECONDS with `encode(seconds, path)` and
 * repeating that clip's packets (no re-encoding) up to the length.
 */
export async function loopedSource({ seconds, out, format, encode, extraOutputArgs = [] }) {
  if (seconds <= CLIP_SECONDS) return encode(seconds, out);
  const clip = `${out}.clip.${format}`;
  try {
    await encode(CLIP_SECONDS, clip);
    await run('/usr/bin/ffmpeg', [
      ...['-v', 'error', '-y', '-stream_loop', '-1', '-i', clip],
      ...['-t', String(seconds), '-map', '0', '-c', 'copy', ...extraOutputArgs, '-f', format, out],
    ]);
  } finally {
    await rm(clip, { force: true });
  }
}
