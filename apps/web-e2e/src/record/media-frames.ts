import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Width and height of the first video stream's first frames, by ffprobe (decoding them). */
export async function frameSizes(path: string, frames = 5): Promise<{ width: number; height: number }[]> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-read_intervals',
    `%+#${frames}`,
    '-show_entries',
    'frame=width,height',
    '-of',
    'json',
    path,
  ]);
  return (JSON.parse(stdout) as { frames: { width: number; height: number }[] }).frames;
}

/** Seconds of video: the last video packet's end (MediaRecorder's WebM states no duration). */
export async function videoSeconds(path: string): Promise<number> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'packet=pts_time,duration_time',
    '-of',
    'csv=p=0',
    path,
  ]);
  let end = 0;
  for (const line of stdout.trim().split('\n')) {
    const [pts, duration] = line.split(',').map(Number);
    if (Number.isFinite(pts)) end = Math.max(end, (pts ?? 0) + (Number.isFinite(duration) ? (duration ?? 0) : 0));
  }
  return end;
}

/** The times (s) of the video's key frames. */
export async function keyFrameTimes(path: string): Promise<number[]> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'packet=pts_time,flags',
    '-of',
    'csv=p=0',
    path,
  ]);
  return stdout
    .trim()
    .split('\n')
    .map((line) => line.split(','))
    .filter(([, flags]) => flags?.startsWith('K'))
    .map(([pts]) => Number(pts));
}

/** One frame at `seconds`, as raw RGB24 pixels. */
export async function frameRgb(path: string, seconds: number): Promise<{ width: number; height: number; rgb: Buffer }> {
  const [size] = await frameSizes(path, 1);
  if (!size) throw new Error(`${path} has no video frame`);
  const { stdout } = await run(
    'ffmpeg',
    ['-v', 'error', '-ss', String(seconds), '-i', path, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  return { ...size, rgb: stdout as unknown as Buffer };
}

/** The mean colour of a square of `side` pixels centred on (x, y). */
export function meanColour(frame: { width: number; rgb: Buffer }, x: number, y: number, side = 10) {
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  for (let dy = -side / 2; dy < side / 2; dy += 1) {
    for (let dx = -side / 2; dx < side / 2; dx += 1) {
      const at = ((Math.round(y + dy) * frame.width + Math.round(x + dx)) * 3) | 0;
      r += frame.rgb[at] ?? 0;
      g += frame.rgb[at + 1] ?? 0;
      b += frame.rgb[at + 2] ?? 0;
      n += 1;
    }
  }
  return { r: r / n, g: g / n, b: b / n };
}
