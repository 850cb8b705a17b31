import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { isDiskFull } from '../storage/disk-full';
import { describeFailure, lastTryFailure } from './failure-reason';
import { makeRendition } from './make-rendition';
import { mediaAttempt, type ResolvedProcessingConfig } from './processing-config';
import type { RenditionVideoStore } from './rendition-contracts';
import { UnprocessableVideoError } from './unprocessable-video-error';
import type { RenditionJob } from './video-queue';

/** How long a rendition that found the disk full waits before it tries again (no attempt spent). */
export const RENDITION_ROOM_WAIT_SECONDS = 60;

/**
 * The handler of the MP4 rendition queue, with processing's failure rules except that
 * a failure never touches the video: a bad file marks the rendition FAILED at once, anything else
 * is retried and the last failure marks it FAILED; a full disk spends no attempt and the job comes
 * back once `RENDITION_ROOM_WAIT_SECONDS` have passed. The WebM plays throughout.
 */
export function renditionJobHandler(deps: {
  videos: RenditionVideoStore;
  config: ResolvedProcessingConfig;
  scratchDir: string;
  log: Logger;
  /** Queues the job again later, when the disk was full. */
  again: (videoId: string, afterSeconds: number) => Promise<void>;
}) {
  const { videos, config, scratchDir, log } = deps;
  return async ([job]: PgBoss.JobWithMetadata<RenditionJob>[]): Promise<void> => {
    if (!job) return;
    const { videoId } = job.data;
    const started = performance.now();
    try {
      const result = await makeRendition(videoId, {
        videos,
        ...mediaAttempt(config, scratchDir, job.expireInSeconds),
      });
      const seconds = Math.round(performance.now() - started) / 1000;
      log.info({ videoId, outcome: result.outcome, seconds }, 'mp4 rendition');
    } catch (error) {
      if (error instanceof UnprocessableVideoError) {
        log.warn({ videoId, reason: error.message }, 'no mp4 rendition can be made');
        await videos.markMp4Failed(videoId, error.message);
        return;
      }
      if (isDiskFull(error)) {
        log.warn({ videoId, err: error }, 'no room on disk for the mp4 rendition; it waits for room');
        await deps.again(videoId, RENDITION_ROOM_WAIT_SECONDS);
        return;
      }
      log.error({ videoId, attempt: job.retryCount + 1, err: error }, 'mp4 rendition attempt failed');
      const failed = lastTryFailure('The MP4', job, describeFailure(error));
      if (failed) await videos.markMp4Failed(videoId, failed);
      throw error;
    }
  };
}
