import { runFfmpeg } from '../media-tool';
import { TranscriptionError } from './transcriber';

/**
 * The file's first audio track as 16 kHz mono 16-bit WAV at `output` (a pattern with `segment`:
 * pieces of that many seconds). False when the file has no audio at all: nothing was said.
 */
export async function extractAudio(
  ffmpegPath: string,
  file: string,
  output: string,
  options: { timeoutMs: number; segmentSeconds?: number },
): Promise<boolean> {
  const segment = options.segmentSeconds
    ? ['-f', 'segment', '-segment_time', String(options.segmentSeconds), '-reset_timestamps', '1']
    : [];
  const args = ['-i', file, '-map', '0:a:0?', '-vn', '-ac', '1', '-ar', '16000'];
  try {
    await runFfmpeg(ffmpegPath, [...args, '-c:a', 'pcm_s16le', ...segment, output], options);
    return true;
  } catch (error) {
    const message = (error as Error).message;
    if (/does not contain any stream/.test(message)) return false;
    throw new TranscriptionError(`The audio could not be read: ${message}`, /exited with/.test(message));
  }
}
