import { link, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ProcessingResult, ProcessingVideoStore } from './contracts';
import { probe } from './probe';
import { remux } from './remux';
import { makeScratch } from './scratch';
import { thumbnail } from './thumbnail';
import { makeStoryboard } from './make-storyboard';
import { UnprocessableVideoError } from './unprocessable-video-error';

export interface ProcessVideoDeps {
  videos: ProcessingVideoStore;
  /** Where jobs keep their files while they run (`DATA_DIR/tmp/processing`). */
  scratchDir: string;
  ffmpegPath: string;
  ffprobePath: string;
  /** Time left for the whole job; each ffmpeg run gets what remains of it. */
  timeoutMs: number;
}

/** What WebM may carry, by ffprobe's codec names; remuxing anything else would fail on every retry. */
const WEBM_CODECS = new Set(['vp8', 'vp9', 'av1', 'opus', 'vorbis']);

/**
 * One processing attempt: download the upload, check it is a WebM with video, remux it so it has
 * a duration and cues, grab a thumbnail, store both and mark the video READY; then the hover
 * previews, which decode a keyframe every couple of seconds of the video: made after READY, so
 * how soon a recording plays does not depend on its length. Returns undefined
 * when there is nothing to do (deleted meanwhile, or already processed by an earlier attempt).
 * Throws UnprocessableVideoError for a bad file, anything else for a failure worth retrying.
 * Every step is idempotent, so an attempt cut short by a dead worker can simply run again.
 */
export async function processVideo(videoId: string, deps: ProcessVideoDeps): Promise<ProcessingResult | undefined> {
  const video = await deps.videos.findForProcessing(videoId);
  if (!video) return undefined;
  const deadline = Date.now() + deps.timeoutMs;
  const left = () => Math.max(1000, deadline - Date.now());
  const work = await makeScratch(deps.scratchDir, videoId);
  try {
    const original = join(work, 'upload.webm');
    const remuxed = join(work, 'remuxed.webm');
    const jpeg = join(work, 'thumbnail.jpg');
    if (!(await deps.videos.fetchUpload(video.id, original)))
      throw new UnprocessableVideoError('The uploaded file is missing');

    const uploaded = await probe(deps.ffprobePath, original, left());
    if (!uploaded.isWebmWithVideo) {
      const kinds = uploaded.streams.map((stream) => stream.codecType).join(', ') || 'none';
      throw new UnprocessableVideoError(
        `The file is not a WebM video (format: ${uploaded.formatName || 'unknown'}; streams: ${kinds})`,
      );
    }
    const foreign = uploaded.streams.filter(
      (stream) => (stream.codecType === 'video' || stream.codecType === 'audio') && !WEBM_CODECS.has(stream.codecName),
    );
    if (foreign.length) {
      const names = foreign.map((stream) => stream.codecName).join(', ');
      throw new UnprocessableVideoError(
        `The recording uses ${names}, which a WebM video cannot hold (VP8, VP9 or AV1 with Opus or Vorbis)`,
      );
    }
    await remux(deps.ffmpegPath, original, remuxed, left());
    const result = await probe(deps.ffprobePath, remuxed, left());
    const durationSeconds = result.durationSeconds;
    if (durationSeconds === undefined || durationSeconds <= 0) {
      throw new UnprocessableVideoError('The video has no playable length');
    }
    await thumbnail(deps.ffmpegPath, remuxed, jpeg, durationSeconds, left());
    // The remux is moved into the store by markReady: the storyboard reads its own link of it.
    const previewSource = join(work, 'preview-source.webm');
    await link(remuxed, previewSource);

    const stored = await deps.videos.markReady(video.id, { video: remuxed, thumbnail: jpeg, durationSeconds });
    if (!stored) return undefined;
    const storyboard = await makeStoryboard(deps, previewSource, join(work, 'storyboard.jpg'), durationSeconds, left());
    // A nicety: the video plays without it, and a retry would find the video READY and do nothing.
    if (storyboard) await deps.videos.addStoryboard(video.id, storyboard).catch(() => false);
    return { durationSeconds, sizeBytes: stored.sizeBytes };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
