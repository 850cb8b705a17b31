import { link } from 'node:fs/promises';
import { join } from 'node:path';
import type { ProcessingResult, ProcessingVideoStore } from './contracts';
import { makeMp4, mp4Copyable } from './make-mp4';
import { probe, type ProbeResult } from './probe';
import { progressReporter } from './processing-progress';
import { remux } from './remux';
import { inScratch } from './scratch';
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

/** What WebM may carry, by ffprobe's codec names: a WebM holding only these is remuxed as it is. */
const WEBM_CODECS = new Set(['vp8', 'vp9', 'av1', 'opus', 'vorbis']);

/**
 * One processing attempt: download the upload, probe it, make what plays in every browser:
 * a WebM with WebM codecs is remuxed so it has a duration and cues; anything else with a picture
 * (MP4, MOV, MKV, a WebM recorded as H.264) becomes an MP4 with moov first, its streams copied
 * when they are H.264/AAC already and encoded otherwise, keeping the upload as the original when
 * it was encoded. Then a thumbnail, READY, and the hover previews, which decode a keyframe every
 * couple of seconds of the video: made after READY, so how soon a recording plays does not depend
 * on its length. Returns undefined
 * when there is nothing to do (deleted meanwhile, or already processed by an earlier attempt).
 * Throws UnprocessableVideoError for a bad file, anything else for a failure worth retrying.
 * Every step is idempotent, so an attempt cut short by a dead worker can simply run again.
 */
export async function processVideo(videoId: string, deps: ProcessVideoDeps): Promise<ProcessingResult | undefined> {
  const video = await deps.videos.findForProcessing(videoId);
  if (!video) return undefined;
  return inScratch(deps.scratchDir, videoId, deps.timeoutMs, async (work, left) => {
    const original = join(work, 'upload');
    const jpeg = join(work, 'thumbnail.jpg');
    if (!(await deps.videos.fetchUpload(video.id, original)))
      throw new UnprocessableVideoError('The uploaded file is missing');

    const uploaded = await probe(deps.ffprobePath, original, left());
    if (!uploaded.streams.some((stream) => stream.codecType === 'video')) {
      const kinds = uploaded.streams.map((stream) => stream.codecType).join(', ') || 'none';
      throw new UnprocessableVideoError(
        `The file has no picture to play (format: ${uploaded.formatName || 'unknown'}; streams: ${kinds})`,
      );
    }
    // GetVideo shows how far the transcode (or remux) got, as a percent of the upload's length.
    const report = deps.videos.reportProgress?.bind(deps.videos);
    const onProgress = report && progressReporter(uploaded.durationSeconds, (percent) => report(video.id, percent));
    const playable = await makePlayable(deps, uploaded, original, work, left, onProgress);
    const result = await probe(deps.ffprobePath, playable.file, left());
    const durationSeconds = result.durationSeconds;
    if (durationSeconds === undefined || durationSeconds <= 0) {
      throw new UnprocessableVideoError('The video has no playable length');
    }
    await thumbnail(deps.ffmpegPath, playable.file, jpeg, durationSeconds, left());
    // The playable file is moved into the store by markReady: the storyboard reads its own link of it.
    const previewSource = join(work, 'preview-source');
    await link(playable.file, previewSource);

    const stored = await deps.videos.markReady(video.id, {
      video: playable.file,
      thumbnail: jpeg,
      durationSeconds,
      contentType: playable.contentType,
      keepOriginal: playable.encoded,
    });
    if (!stored) return undefined;
    const storyboard = await makeStoryboard(deps, previewSource, join(work, 'storyboard.jpg'), durationSeconds, left());
    // A nicety: the video plays without it, and a retry would find the video READY and do nothing.
    if (storyboard) await deps.videos.addStoryboard(video.id, storyboard).catch(() => false);
    return { durationSeconds, sizeBytes: stored.sizeBytes };
  });
}

/**
 * What plays in a browser, made of the upload: a remuxed WebM when it is one with WebM codecs,
 * else an MP4 (`encoded`: some stream was re-encoded, so the upload holds what the result lost).
 * `onProgress` hears ffmpeg's seconds of output as it goes.
 */
async function makePlayable(
  deps: ProcessVideoDeps,
  uploaded: ProbeResult,
  original: string,
  work: string,
  left: () => number,
  onProgress?: (seconds: number) => void,
): Promise<{ file: string; contentType: 'video/webm' | 'video/mp4'; encoded: boolean }> {
  const media = uploaded.streams.filter((stream) => stream.codecType === 'video' || stream.codecType === 'audio');
  if (uploaded.isWebmWithVideo && media.every((stream) => WEBM_CODECS.has(stream.codecName))) {
    const file = join(work, 'remuxed.webm');
    await remux(deps.ffmpegPath, original, file, left(), onProgress);
    return { file, contentType: 'video/webm', encoded: false };
  }
  const file = join(work, 'playable.mp4');
  const copy = mp4Copyable(uploaded);
  await makeMp4(deps.ffmpegPath, original, file, copy, left(), onProgress);
  return { file, contentType: 'video/mp4', encoded: !copy.video || !copy.audio };
}
