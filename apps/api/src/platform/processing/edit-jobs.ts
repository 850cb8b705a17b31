import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { EditVideoStore } from './edit-contracts';
import { mediaAttempt, type ResolvedProcessingConfig } from './processing-config';
import { describeFailure, lastTryFailure } from './failure-reason';
import { renderEdit } from './render-edit';
import { UnprocessableVideoError } from './unprocessable-video-error';
import type { EditJob } from './video-queue';

export const EDIT_GAVE_UP_REASON = 'The edit did not finish: the worker stopped or the render took too long';

/**
 * The handlers of the edit queues, with processing's failure rules: a bad file fails the edit at
 * once, anything else is retried, and the last failure (or a last attempt that died with its
 * worker, through the dead-letter queue) marks the edit failed. The playing version never changes
 * on failure.
 */
export function editJobHandlers(deps: {
  edits: EditVideoStore;
  config: ResolvedProcessingConfig;
  scratchDir: string;
  log: Logger;
  /** Told when an edit version became the one that plays (its MP4 is due). */
  onApplied?: (videoId: string) => Promise<void>;
}) {
  const { edits, config, scratchDir, log } = deps;
  return {
    async render([job]: PgBoss.JobWithMetadata<EditJob>[]): Promise<void> {
      if (!job) return;
      const { videoId, version } = job.data;
      try {
        const result = await renderEdit(videoId, version, {
          edits,
          ...mediaAttempt(config, scratchDir, job.expireInSeconds),
        });
        if (result) {
          log.info({ videoId, version, durationSeconds: result.durationSeconds }, 'edit rendered');
          await deps.onApplied?.(videoId);
        } else log.info({ videoId, version }, 'edit no longer wanted');
      } catch (error) {
        if (error instanceof UnprocessableVideoError) {
          log.warn({ videoId, version, reason: error.message }, 'edit cannot be rendered');
          await edits.markEditFailed(videoId, version, error.message);
          return;
        }
        log.error({ videoId, version, attempt: job.retryCount + 1, err: error }, 'edit render attempt failed');
        const failed = lastTryFailure('The edit', job, describeFailure(error));
        if (failed) await edits.markEditFailed(videoId, version, failed);
        throw error;
      }
    },
    async gaveUp([job]: PgBoss.Job<EditJob>[]): Promise<void> {
      if (!job) return;
      log.warn({ videoId: job.data.videoId, version: job.data.version }, 'edit render gave up');
      await edits.markEditFailed(job.data.videoId, job.data.version, EDIT_GAVE_UP_REASON);
    },
  };
}
