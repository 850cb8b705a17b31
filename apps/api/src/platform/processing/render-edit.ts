import { join } from 'node:path';
import type { EditVideoStore } from './edit-contracts';
import { probe } from './probe';
import { inScratch } from './scratch';
import { makeStoryboard } from './make-storyboard';
import { smartCut } from './smart-cut';
import { thumbnail } from './thumbnail';
import { UnprocessableVideoError } from './unprocessable-video-error';

export interface RenderEditDeps {
  edits: EditVideoStore;
  scratchDir: string;
  ffmpegPath: string;
  ffprobePath: string;
  /** Time left for the whole job; each ffmpeg run gets what remains of it. */
  timeoutMs: number;
}

/**
 * One render attempt of a saved edit: fetch the unedited video, smart-cut it to the kept ranges
 * with its blur regions in the frames (re-encoding only the groups of pictures they touch), and
 * publish the result as the edited version, with a thumbnail and storyboard made from it. Returns undefined when there is nothing to do
 * (the edit was reverted or replaced meanwhile, or the video deleted). Like processing, every step
 * is idempotent and nothing is published before the end, so a dead worker's attempt simply runs again.
 */
export async function renderEdit(
  videoId: string,
  version: number,
  deps: RenderEditDeps,
): Promise<{ durationSeconds: number } | undefined> {
  const edit = await deps.edits.findEdit(videoId, version);
  if (!edit) return undefined;
  return inScratch(deps.scratchDir, videoId, deps.timeoutMs, async (work) => {
    // The unedited video is a WebM or an MP4 (an upload, a recording made as MP4): so is the cut.
    const source = join(work, 'source');
    const edited = join(work, 'edited');
    if (!(await deps.edits.fetchSource(videoId, source)))
      throw new UnprocessableVideoError('The original video is missing');
    const plan = await smartCut(source, edited, edit.ranges, {
      ffmpegPath: deps.ffmpegPath,
      ffprobePath: deps.ffprobePath,
      workDir: work,
      timeoutMs: deps.timeoutMs,
      blurs: edit.blurs,
    });
    const result = await probe(deps.ffprobePath, edited, deps.timeoutMs);
    const durationSeconds = result.durationSeconds ?? plan.duration;
    const storyboard = await makeStoryboard(
      deps,
      edited,
      join(work, 'storyboard.jpg'),
      durationSeconds,
      deps.timeoutMs,
    );
    const jpeg = join(work, 'thumbnail.jpg');
    // Taken from the edited version: after a start trim the original's may show what was cut.
    const hasThumbnail = await thumbnail(deps.ffmpegPath, edited, jpeg, durationSeconds, deps.timeoutMs).then(
      () => true,
      (error: unknown) => {
        if (error instanceof UnprocessableVideoError) return false; // no frame: the original's shows
        throw error;
      },
    );
    // Without its own thumbnail the original's would show, with what the blur hides.
    if (!hasThumbnail && edit.blurs?.length)
      throw new UnprocessableVideoError('No thumbnail could be taken of the blurred version');
    const files = {
      video: edited,
      contentType: plan.contentType,
      durationSeconds,
      kept: plan.kept,
      storyboard,
      ...(hasThumbnail ? { thumbnail: jpeg } : {}),
    };
    const published = await deps.edits.publishEdit(videoId, version, files);
    return published ? { durationSeconds } : undefined;
  });
}
