import { runFfmpeg } from '../media/media-tool';
import type { ProbeResult } from './probe';

/**
 * The x264 settings of every MP4 this server makes, chosen by measurement on screen recordings
 * (bench/results/mp4-rendition.md): fast enough to keep up with the recording's length on two busy
 * cores, and small because screen content is mostly still.
 */
export const X264_SETTINGS = ['-preset', 'veryfast', '-tune', 'stillimage', '-crf', '26'] as const;

/**
 * Seconds between the key frames of every H.264 stream this server encodes, which is also the HLS
 * segment length: the HLS top rung copies the MP4's video and can only cut at its key frames, so
 * x264's own placement (every 250 frames, and at scene cuts) made segments of 6, 11 or 16 s.
 */
export const KEY_FRAME_SECONDS = 4;

/** Key frames every `KEY_FRAME_SECONDS` of time, whatever the frame rate (ffmpeg's -force_key_frames). */
export const FORCED_KEY_FRAMES = `expr:gte(t,n_forced*${KEY_FRAME_SECONDS})`;

/** Codecs an MP4 may keep as they are: what every browser and link preview plays. */
const PLAYS_EVERYWHERE = { video: new Set(['h264']), audio: new Set(['aac']) };

/** Whether the file's first video (and audio, if any) stream already plays everywhere in an MP4. */
export function mp4Copyable(probed: Pick<ProbeResult, 'streams'>): { video: boolean; audio: boolean } {
  const video = probed.streams.find((stream) => stream.codecType === 'video');
  const audio = probed.streams.find((stream) => stream.codecType === 'audio');
  return {
    video: video !== undefined && PLAYS_EVERYWHERE.video.has(video.codecName),
    audio: audio === undefined || PLAYS_EVERYWHERE.audio.has(audio.codecName),
  };
}

/**
 * Writes `input` as an MP4 with `moov` in front (`+faststart`, so a player or a link preview starts
 * before the last byte): H.264 (yuv420p, even dimensions) and AAC, each stream copied when `copy`
 * says it is already so, else encoded. The first video and audio streams only; no audio is no error.
 * Frames keep their own times (`-fps_mode vfr`): MediaRecorder's WebM has no steady frame rate, and
 * a constant rate would invent frames. An encoded picture has a key frame every `KEY_FRAME_SECONDS`
 * (a copied one keeps the source's). `onProgress` hears the seconds written so far (see runFfmpeg).
 */
export async function makeMp4(
  ffmpegPath: string,
  input: string,
  output: string,
  copy: { video: boolean; audio: boolean },
  timeoutMs: number,
  onProgress?: (seconds: number) => void,
): Promise<void> {
  const video = copy.video
    ? ['-c:v', 'copy']
    : [
        '-c:v',
        'libx264',
        ...X264_SETTINGS,
        '-pix_fmt',
        'yuv420p',
        '-vf',
        'scale=trunc(iw/2)*2:trunc(ih/2)*2',
        '-fps_mode',
        'vfr',
        '-force_key_frames',
        FORCED_KEY_FRAMES,
      ];
  const audio = copy.audio ? ['-c:a', 'copy'] : ['-c:a', 'aac', '-b:a', '128k'];
  await runFfmpeg(
    ffmpegPath,
    [
      '-i',
      input,
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      ...video,
      ...audio,
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      output,
    ],
    { timeoutMs, onProgress },
  );
}
