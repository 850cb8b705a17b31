import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { runFfmpeg } from '../media-tool';

/** One sampled picture of a video: the PNG file and the second it shows at. */
export interface SampledFrame {
  file: string;
  seconds: number;
}

/**
 * One frame every `intervalSeconds` of `file` (from 0) as PNGs in `dir`, in one ffmpeg run (the
 * fps filter keeps the frame nearest each multiple of the interval).
 */
export async function sampleFrames(
  ffmpegPath: string,
  file: string,
  dir: string,
  intervalSeconds: number,
  timeoutMs: number,
): Promise<SampledFrame[]> {
  await runFfmpeg(ffmpegPath, ['-i', file, '-an', '-vf', `fps=1/${intervalSeconds}`, join(dir, 'frame-%05d.png')], {
    timeoutMs,
  });
  const names = (await readdir(dir)).filter((name) => /^frame-\d{5}\.png$/.test(name)).sort();
  return names.map((name, index) => ({ file: join(dir, name), seconds: index * intervalSeconds }));
}
