import type { StoryboardFile } from './contracts';
import { storyboard } from './storyboard';

/**
 * The storyboard of a finished file, or undefined when it cannot be made: hover previews are a
 * nicety, and a video must not fail for want of them.
 */
export async function makeStoryboard(
  tools: { ffmpegPath: string; ffprobePath: string },
  input: string,
  output: string,
  durationSeconds: number,
  timeoutMs: number,
): Promise<StoryboardFile | undefined> {
  try {
    const layout = await storyboard(tools.ffmpegPath, tools.ffprobePath, input, output, durationSeconds, timeoutMs);
    return { file: output, layout };
  } catch {
    return undefined;
  }
}
