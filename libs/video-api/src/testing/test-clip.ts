// The one recipe for test media (Node only): API fixtures, browser tests, benchmarks and the soak
// all make their WebM clips here, from ffmpeg's test pattern and a tone, so they differ only in
// the options they name.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface TestClipVideo {
  /** ffmpeg's test pattern; testsrc2 is busier (larger files at the same bitrate). Default testsrc. */
  pattern?: 'testsrc' | 'testsrc2';
  /** Default 320x240. */
  size?: string;
  /** Frames a second; default 25. */
  rate?: number;
  /** A filter after the pattern, e.g. one that makes every frame differ from its neighbours. */
  filter?: string;
  /** Default vp8. */
  codec?: 'vp8' | 'vp9' | 'mpeg4';
  /** e.g. '2M'; default the encoder's. */
  bitrate?: string;
  /** libvpx's realtime mode (-deadline realtime -cpu-used 8): quick to encode. */
  realtime?: boolean;
  /** A keyframe at least every this many frames (-g). */
  keyframeEvery?: number;
  /** And none earlier (-keyint_min), so keyframes fall exactly every `keyframeEvery` frames. */
  fixedKeyframes?: boolean;
  /** Further output options, e.g. ['-pix_fmt', 'yuv420p']. */
  extra?: string[];
}

export interface TestClipOptions {
  seconds: number;
  /** The picture; false for a file with audio only. Default a 320x240 VP8 test pattern. */
  video?: TestClipVideo | false;
  /** A 440 Hz tone in Opus; false for none. */
  audio?: { sampleRate?: number; bitrate?: string } | false;
  /** Default webm; matroska can carry codecs WebM cannot (mpeg4). */
  format?: 'webm' | 'matroska';
  /** Written as a stream, like MediaRecorder's output: no duration and no cues. */
  live?: boolean;
}

const codecs = {
  vp8: ['-c:v', 'libvpx'],
  vp9: ['-c:v', 'libvpx-vp9', '-row-mt', '1'],
  mpeg4: ['-c:v', 'mpeg4'],
};

/** ffmpeg's arguments making the clip at `path`. */
export function testClipArgs(path: string, options: TestClipOptions): string[] {
  const { video = {}, audio = {} } = options;
  const args = ['-v', 'error', '-y'];
  if (video) {
    const source = `${video.pattern ?? 'testsrc'}=size=${video.size ?? '320x240'}:rate=${video.rate ?? 25}`;
    args.push('-f', 'lavfi', '-i', video.filter ? `${source},${video.filter}` : source);
  }
  if (audio) {
    const tone = audio.sampleRate ? `sine=frequency=440:sample_rate=${audio.sampleRate}` : 'sine=frequency=440';
    args.push('-f', 'lavfi', '-i', tone);
  }
  args.push('-t', String(options.seconds));
  if (video) {
    args.push(...codecs[video.codec ?? 'vp8']);
    if (video.realtime) args.push('-deadline', 'realtime', '-cpu-used', '8');
    if (video.bitrate) args.push('-b:v', video.bitrate);
    if (video.keyframeEvery) args.push('-g', String(video.keyframeEvery));
    if (video.keyframeEvery && video.fixedKeyframes) args.push('-keyint_min', String(video.keyframeEvery));
    args.push(...(video.extra ?? []));
  }
  if (audio) args.push('-c:a', 'libopus', ...(audio.bitrate ? ['-b:a', audio.bitrate] : []));
  args.push('-f', options.format ?? 'webm', ...(options.live ? ['-live', '1'] : []), path);
  return args;
}

/** Makes the clip at `path` (ffmpeg from FFMPEG_PATH, else the one on PATH); resolves with `path`. */
export async function makeTestClip(
  path: string,
  options: TestClipOptions,
  ffmpeg = process.env.FFMPEG_PATH || 'ffmpeg',
): Promise<string> {
  await run(ffmpeg, testClipArgs(path, options));
  return path;
}
