import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { makeHls } from './make-hls';
import { makeMp4, mp4Copyable } from './make-mp4';
import { probe } from './probe';
import type { RenditionVideoStore } from './rendition-contracts';
import { inScratch } from './scratch';
import { UnprocessableVideoError } from './unprocessable-video-error';

export interface MakeRenditionDeps {
  videos: RenditionVideoStore;
  scratchDir: string;
  ffmpegPath: string;
  ffprobePath: string;
  timeoutMs: number;
}

/**
 * One attempt at the MP4 rendition of the version of a video that plays now: fetch it, encode
 * H.264/AAC (copying streams that are so already), check the result, make its HLS presentation
 * when the picture is above 720p (a lower rung for slow links), publish both while that version
 * still plays. 'skipped': nothing to do (not READY, gone, done already, or another version plays
 * by the end: its own job follows). Idempotent, like processing.
 */
export async function makeRendition(
  videoId: string,
  deps: MakeRenditionDeps,
): Promise<{ outcome: 'made' | 'skipped'; version?: string }> {
  const source = await deps.videos.findRenditionSource(videoId);
  if (!source || source.done) return { outcome: 'skipped' };
  return inScratch(deps.scratchDir, videoId, deps.timeoutMs, async (work, left) => {
    const input = join(work, 'source');
    const output = join(work, 'rendition.mp4');
    if (!(await deps.videos.fetchRenditionSource(videoId, source.version, input)))
      return { outcome: 'skipped', version: source.version };
    const probed = await probe(deps.ffprobePath, input, left());
    if (!probed.streams.some((stream) => stream.codecType === 'video'))
      throw new UnprocessableVideoError('The video has no picture to put in an MP4');
    await makeMp4(deps.ffmpegPath, input, output, mp4Copyable(probed), left());
    const made = await probe(deps.ffprobePath, output, left());
    if (!made.durationSeconds) throw new UnprocessableVideoError('The MP4 made of the video has no length');
    const picture = made.streams.find((stream) => stream.codecType === 'video');
    const hlsDir = join(work, 'hls');
    await mkdir(hlsDir);
    const hls =
      picture?.width && picture.height && Math.min(picture.width, picture.height) > 720
        ? await makeHls(
            deps.ffmpegPath,
            output,
            hlsDir,
            {
              width: picture.width,
              height: picture.height,
              hasAudio: made.streams.some((stream) => stream.codecType === 'audio'),
            },
            left(),
          )
        : undefined;
    const published = await deps.videos.publishMp4(videoId, source.version, output, hls);
    return { outcome: published ? 'made' : 'skipped', version: source.version };
  });
}
