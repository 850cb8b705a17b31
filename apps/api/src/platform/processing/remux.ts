import { runFfmpeg } from '../media/media-tool';

/**
 * Rewrites a WebM without re-encoding (`-c copy`), so it gains what MediaRecorder leaves out: a
 * duration and a Cues index, moved to the front so a player can seek without fetching the end.
 * Keeps the video and audio streams only (anything else is no use to the player). `onProgress`: see
 * runFfmpeg.
 */
export async function remux(
  ffmpegPath: string,
  input: string,
  output: string,
  timeoutMs: number,
  onProgress?: (seconds: number) => void,
): Promise<void> {
  await runFfmpeg(
    ffmpegPath,
    ['-i', input, '-map', '0:v', '-map', '0:a?', '-c', 'copy', '-cues_to_front', '1', '-f', 'webm', output],
    { timeoutMs, onProgress },
  );
}
