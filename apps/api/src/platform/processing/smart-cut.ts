import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { blurFilter, type FrameSize } from './blur-filter';
import { planSmartCut, type BlurRegion, type CutPiece, type CutPlan, type TimeRange } from './cut-plan';
import { runFfmpeg } from '../media/media-tool';
import { probe } from './probe';
import { UnprocessableVideoError } from './unprocessable-video-error';
import { videoFrames, type VideoFrame } from './video-frames';
import { X264_SETTINGS } from './make-mp4';

export interface SmartCutOptions {
  ffmpegPath: string;
  ffprobePath: string;
  /** A folder of the job's own, for the pieces. */
  workDir: string;
  /** Time left for the whole cut; each ffmpeg run gets what remains of it. */
  timeoutMs: number;
  /** Regions to blur into the frames: only the groups of pictures they touch are re-encoded. */
  blurs?: readonly BlurRegion[];
}

/**
 * Encoders that write the same bitstream as the copied pieces, by ffprobe's codec name: realtime
 * settings, as the browser's recorder uses. The re-encoded frames are only those from a cut to the
 * next keyframe, but at "good" quality a few seconds of 1080p took longer than re-encoding the
 * whole video at realtime settings (bench/results/edit.md).
 */
export const ENCODERS: Record<string, string[]> = {
  vp8: ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-crf', '8', '-b:v', '8M'],
  vp9: ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-row-mt', '1', '-crf', '28', '-b:v', '0'],
};

/**
 * Any other video (H.264 from an uploaded MP4 or MOV, or a Chromium/Safari MP4 recording) is cut by
 * re-encoding every piece with the settings of the server's MP4s into an MP4 (H.264 + AAC): a copied
 * H.264 group of pictures cannot sit beside one x264 encoded, as each carries its own SPS/PPS and the
 * MP4 holds one. Slower than copying, frame-exact the same way (docs/product.md, "Editing").
 */
const H264_ENCODER = ['-c:v', 'libx264', ...X264_SETTINGS];

/** The container a cut is written in: WebM for VP8/VP9 sources, else MP4. */
export type CutContainer = { contentType: 'video/webm' | 'video/mp4' };

/** Half a millisecond: WebM times are whole milliseconds, so this keeps the frame at the time asked. */
const NUDGE = 0.0005;

/**
 * Cuts `input` (a WebM with VP8 or VP9 video and optional Opus audio) down to `ranges` without
 * re-encoding whole groups of pictures: each range's frames up to its first keyframe are
 * re-encoded, the rest copied (`-c copy`), and the pieces joined. The audio, cheap to encode, is
 * trimmed and encoded in one pass so it stays sample-accurate at every join. Returns the plan,
 * whose `duration` the output has to within a frame, and the output's container: a source with
 * other video (H.264) is re-encoded whole, piece by piece, into an MP4 (see H264_ENCODER).
 */
export async function smartCut(
  input: string,
  output: string,
  ranges: readonly TimeRange[],
  options: SmartCutOptions,
): Promise<CutPlan & CutContainer> {
  const deadline = Date.now() + options.timeoutMs;
  const left = () => Math.max(1000, deadline - Date.now());
  const source = await probe(options.ffprobePath, input, left());
  const video = source.streams.find((stream) => stream.codecType === 'video');
  const audioStream = source.streams.find((stream) => stream.codecType === 'audio');
  const hasAudio = audioStream !== undefined;
  if (!video) throw new UnprocessableVideoError('Cannot cut a file without video');
  const webm = video.codecName in ENCODERS;
  const encoder = ENCODERS[video.codecName] ?? H264_ENCODER;
  const intermediate = webm ? 'webm' : 'matroska';
  const { frames, end } = await videoFrames(options.ffprobePath, input, left());
  const plan = planSmartCut(frames, end, ranges, options.blurs ?? [], webm);
  const size = video.width && video.height ? { width: video.width, height: video.height } : undefined;
  if (!size && plan.pieces.some((piece) => piece.blurs))
    throw new UnprocessableVideoError('The video has no picture size to blur');
  if (plan.pieces.length === 0) throw new UnprocessableVideoError('The kept ranges hold no frame');

  const list: string[] = [];
  for (const [index, piece] of plan.pieces.entries()) {
    const file = join(options.workDir, `piece-${index}.${intermediate === 'webm' ? 'webm' : 'mkv'}`);
    await runFfmpeg(options.ffmpegPath, pieceArgs(input, file, piece, encoder, intermediate, size), {
      timeoutMs: left(),
    });
    list.push(`file '${file.replace(/'/g, "'\\''")}'`, `duration ${piece.duration.toFixed(6)}`);
  }
  const listFile = join(options.workDir, 'pieces.txt');
  await writeFile(listFile, `ffconcat version 1.0\n${list.join('\n')}\n`);
  const joined = join(options.workDir, 'video.mkv');
  await runFfmpeg(
    options.ffmpegPath,
    ['-f', 'concat', '-safe', '0', '-i', listFile, '-map', '0:v', '-c', 'copy', '-f', intermediate, joined],
    { timeoutMs: left() },
  );

  const inputs = ['-i', joined];
  const maps = ['-map', '0:v'];
  // An MP4 takes the source's audio as it is only when it is AAC (a MOV's PCM, say, it does not).
  const audioFits = webm || audioStream?.codecName === 'aac';
  if (hasAudio && audioFits && keepsEverything(plan, frames, end)) {
    // Nothing cut (a blur alone): the audio is the source's own, copied, not decoded and encoded again.
    inputs.push('-i', input);
    maps.push('-map', '1:a:0');
  } else if (hasAudio) {
    const audio = join(options.workDir, 'audio.mka');
    await runFfmpeg(options.ffmpegPath, audioArgs(input, audio, plan.kept, webm), { timeoutMs: left() });
    inputs.push('-i', audio);
    maps.push('-map', '1:a');
  }
  const container = webm ? ['-cues_to_front', '1', '-f', 'webm'] : ['-movflags', '+faststart', '-f', 'mp4'];
  await runFfmpeg(options.ffmpegPath, [...inputs, ...maps, '-c', 'copy', ...container, output], {
    timeoutMs: left(),
  });
  return { ...plan, contentType: webm ? 'video/webm' : 'video/mp4' };
}

/** Whether the plan keeps one range from the first frame to the end: the whole video. */
function keepsEverything(plan: CutPlan, frames: readonly VideoFrame[], end: number): boolean {
  const [only] = plan.kept;
  return plan.kept.length === 1 && only!.start <= (frames[0]?.pts ?? 0) && only!.end >= end;
}

function pieceArgs(
  input: string,
  output: string,
  piece: CutPiece,
  encoder: string[],
  format: string,
  size?: FrameSize,
): string[] {
  const head: string[] = [];
  if (piece.kind === 'copy') {
    // A seek lands on a keyframe somewhat before the time asked (ffmpeg backs off for formats
    // with B-frame delay), so seek a second early and drop, by timestamp, what precedes the
    // piece's keyframe: the copy then starts exactly on it.
    const early = Math.max(0, piece.from - 1);
    head.push('-ss', early.toFixed(4), '-i', input, '-ss', Math.max(0, piece.from - early - NUDGE).toFixed(4));
  } else {
    // Decodes from the keyframe before and drops the frames before the time asked.
    head.push('-ss', Math.max(0, piece.from - NUDGE).toFixed(4), '-i', input);
  }
  const codec = piece.kind === 'copy' ? ['-c:v', 'copy'] : [...encoder, '-pix_fmt', 'yuv420p'];
  const video =
    piece.blurs && size ? ['-filter_complex', blurFilter(piece.blurs, size), '-map', '[v]'] : ['-map', '0:v:0'];
  const keyframes = piece.keyframes
    ? ['-force_key_frames', `expr:${piece.keyframes.map((frame) => `eq(n,${frame})`).join('+')}`]
    : [];
  return [...head, ...video, '-frames:v', String(piece.frames), ...codec, ...keyframes, '-an', '-f', format, output];
}

/**
 * The kept ranges of the audio, joined and encoded once: Opus, as the recorder makes it, for a
 * WebM; AAC for an MP4.
 */
function audioArgs(input: string, output: string, kept: readonly TimeRange[], webm: boolean): string[] {
  const parts = kept.map(
    (range, index) =>
      `[0:a:0]atrim=start=${range.start.toFixed(6)}:end=${range.end.toFixed(6)},asetpts=PTS-STARTPTS[a${index}]`,
  );
  const joins = kept.map((_, index) => `[a${index}]`).join('');
  const filter = `${parts.join(';')};${joins}concat=n=${kept.length}:v=0:a=1[out]`;
  return [
    '-i',
    input,
    '-filter_complex',
    filter,
    '-map',
    '[out]',
    ...(webm ? ['-c:a', 'libopus'] : ['-c:a', 'aac']),
    '-b:a',
    '128k',
    '-vn',
    '-f',
    webm ? 'webm' : 'matroska',
    output,
  ];
}
