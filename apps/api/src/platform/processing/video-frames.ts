import { runMediaTool } from '../media/media-tool';

/** One picture of a video stream: when it shows, and whether it starts a group of pictures. */
export interface VideoFrame {
  /** Presentation time in seconds. */
  pts: number;
  key: boolean;
}

/**
 * The video frames of a file in presentation order, read from its packets (no decoding, so a
 * one-hour recording is read in about a second), plus where the last frame stops showing.
 */
export async function videoFrames(
  ffprobePath: string,
  file: string,
  timeoutMs: number,
): Promise<{ frames: VideoFrame[]; end: number }> {
  const output = await runMediaTool(
    ffprobePath,
    ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time,flags', '-of', 'csv=p=0', file],
    { timeoutMs },
  );
  const frames: VideoFrame[] = [];
  for (const line of output.split('\n')) {
    const [time, flags = ''] = line.trim().split(',');
    const pts = Number.parseFloat(time ?? '');
    if (Number.isFinite(pts)) frames.push({ pts, key: flags.includes('K') });
  }
  frames.sort((a, b) => a.pts - b.pts);
  return { frames, end: endOfLastFrame(frames) };
}

/** The last frame is held as long as the usual gap between frames (packets carry no reliable duration). */
function endOfLastFrame(frames: VideoFrame[]): number {
  const last = frames.at(-1);
  if (!last) return 0;
  const gaps = frames
    .slice(1)
    .map((frame, index) => frame.pts - frames[index]!.pts)
    .filter((gap) => gap > 0)
    .sort((a, b) => a - b);
  const usual = gaps[Math.floor(gaps.length / 2)] ?? 1 / 30;
  return last.pts + usual;
}
