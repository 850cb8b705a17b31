import { stat } from 'node:fs/promises';
import { runFfmpeg } from '../media/media-tool';
import { UnprocessableVideoError } from './unprocessable-video-error';

/**
 * Grabs one JPEG frame, at most 640 pixels wide: at 1 s, or halfway through a shorter clip, or
 * the first frame when seeking finds none.
 */
export async function thumbnail(
  ffmpegPath: string,
  input: string,
  output: string,
  durationSeconds: number,
  timeoutMs: number,
): Promise<void> {
  const at = Math.min(1, durationSeconds / 2);
  for (const seconds of at > 0 ? [at, 0] : [0]) {
    await runFfmpeg(
      ffmpegPath,
      [
        '-ss',
        seconds.toFixed(3),
        '-i',
        input,
        '-frames:v',
        '1',
        '-vf',
        "scale='min(640,iw)':-2",
        '-q:v',
        '4',
        '-f',
        'image2',
        output,
      ],
      { timeoutMs },
    );
    const written = await stat(output).catch(() => undefined);
    if (written && written.size > 0) return;
  }
  throw new UnprocessableVideoError('The video has no frame to show as a thumbnail');
}
