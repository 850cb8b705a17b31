import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** One decoded frame in 8-bit gray, row by row. */
export interface GrayFrame {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** A part of a frame in pixels. */
export interface PixelRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The frame shown at `seconds` of a file or URL, decoded by ffmpeg (an accurate seek) at width×height. */
export async function grayFrameAt(source: string, seconds: number, width: number, height: number): Promise<GrayFrame> {
  const { stdout } = await run(
    'ffmpeg',
    [
      ...['-v', 'error', '-ss', String(seconds), '-i', source, '-frames:v', '1'],
      ...['-vf', `scale=${width}:${height}`, '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'],
    ],
    { encoding: 'buffer', maxBuffer: width * height * 2 },
  );
  if (stdout.length !== width * height)
    throw new Error(`ffmpeg gave ${stdout.length} bytes for ${seconds} s of ${source}`);
  return { width, height, pixels: new Uint8Array(stdout) };
}

const inside = (rect: PixelRect, x: number, y: number) =>
  x >= rect.x && x < rect.x + rect.width && y >= rect.y && y < rect.y + rect.height;

/** The variance of the gray levels in `rect`: a smoothed (blurred) region has far less. */
export function varianceIn(frame: GrayFrame, rect: PixelRect): number {
  let sum = 0;
  let squares = 0;
  let count = 0;
  for (let y = rect.y; y < rect.y + rect.height; y++) {
    for (let x = rect.x; x < rect.x + rect.width; x++) {
      const value = frame.pixels[y * frame.width + x]!;
      sum += value;
      squares += value * value;
      count++;
    }
  }
  const mean = sum / count;
  return squares / count - mean * mean;
}

/** The mean absolute difference of two frames over the pixels outside `excluded` (all of them when absent). */
export function meanDifferenceOutside(a: GrayFrame, b: GrayFrame, excluded?: PixelRect): number {
  let total = 0;
  let count = 0;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      if (excluded && inside(excluded, x, y)) continue;
      total += Math.abs(a.pixels[y * a.width + x]! - b.pixels[y * b.width + x]!);
      count++;
    }
  }
  return total / count;
}
