// Media for the editing tests, made on the spot with ffmpeg: every frame differs from the ones
// beside it, so a frame's pixels say which frame of the source it is.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { makeTestClip } from '@stream/video-api/testing';
import { FFMPEG, FFPROBE } from './processing-fixtures';

const run = promisify(execFile);

export const FPS = 25;
/** Keyframes every 2 s, as the recorder asks MediaRecorder for. */
export const GOP_FRAMES = 2 * FPS;

/** A VP9 (or VP8)/Opus WebM of `seconds`, 320x240 at 25 fps, keyframes every 2 s. */
export async function makeEditableWebm(path: string, options: { seconds?: number; codec?: 'vp9' | 'vp8' } = {}) {
  await makeTestClip(
    path,
    {
      seconds: options.seconds ?? 10,
      video: {
        pattern: 'testsrc2',
        rate: FPS,
        filter: "geq=lum='mod(lum(X,Y)+N*29,256)':cb='cb(X,Y)':cr='cr(X,Y)'",
        codec: options.codec ?? 'vp9',
        realtime: true,
        bitrate: '1M',
        keyframeEvery: GOP_FRAMES,
        fixedKeyframes: true,
        extra: ['-pix_fmt', 'yuv420p'],
      },
    },
    FFMPEG,
  );
}

const THUMB = { width: 64, height: 48 };

/** Every frame of a file's video, decoded to small grey pictures (64x48 bytes each). */
export async function greyFrames(path: string): Promise<Buffer[]> {
  const { stdout } = await run(
    FFMPEG,
    [
      '-v',
      'error',
      '-i',
      path,
      '-map',
      '0:v:0',
      '-vsync',
      'passthrough',
      '-vf',
      `scale=${THUMB.width}:${THUMB.height}`,
      '-pix_fmt',
      'gray',
      '-f',
      'rawvideo',
      '-',
    ],
    { encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 },
  );
  const size = THUMB.width * THUMB.height;
  const frames: Buffer[] = [];
  for (let at = 0; at + size <= stdout.length; at += size) frames.push(stdout.subarray(at, at + size));
  return frames;
}

/** Mean absolute difference of two grey pictures (0: the same). */
export function difference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

/** The video stream's length by its packets (last pts + one frame), and the container's duration. */
export async function durations(path: string): Promise<{ video: number; container: number; frames: number }> {
  const { stdout } = await run(FFPROBE, [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'packet=pts_time:format=duration',
    '-of',
    'csv=p=0',
    path,
  ]);
  const lines = stdout.trim().split('\n');
  const container = Number.parseFloat(lines.pop() ?? '');
  const times = lines.map((line) => Number.parseFloat(line)).sort((a, b) => a - b);
  return { video: (times.at(-1) ?? 0) - (times[0] ?? 0) + 1 / FPS, container, frames: times.length };
}

/**
 * The same picture as H.264 (x264, with B-frames) and AAC in an MP4, keyframes every 2 s: a file
 * uploaded from a phone or another recorder, or a recording made as MP4.
 */
export async function makeEditableMp4(path: string, options: { seconds?: number } = {}) {
  await run(FFMPEG, [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=320x240:rate=${FPS},geq=lum='mod(lum(X,Y)+N*29,256)':cb='cb(X,Y)':cr='cr(X,Y)'`,
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=48000',
    '-t',
    String(options.seconds ?? 10),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-bf',
    '2',
    '-g',
    String(GOP_FRAMES),
    '-keyint_min',
    String(GOP_FRAMES),
    '-sc_threshold',
    '0',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '64k',
    '-movflags',
    '+faststart',
    path,
  ]);
}
