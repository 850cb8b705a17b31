import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { describeFailure, lastTryFailure, withoutPaths } from './failure-reason';
import type { ResolvedProcessingConfig } from './processing-config';
import { makeScratch } from './scratch';
import { PermanentTranscriptionFailure, type TranscriptJob, type TranscriptJobStore } from './transcript-contracts';
import { transcriptionSeconds } from './video-queue';
import { rm } from 'node:fs/promises';

export const TRANSCRIPT_GAVE_UP_REASON =
  'Transcription did not finish: the worker stopped or the transcription took too long';

/**
 * The handlers of the transcription queues, with processing's failure rules: a
 * permanent failure marks the transcript FAILED at once, anything else is retried with backoff,
 * and the last failure names its reason. Playback never waits on any of it.
 */
export function transcriptJobHandlers(deps: {
  transcripts: TranscriptJobStore;
  config: ResolvedProcessingConfig;
  scratchDir: string;
  log: Logger;
}) {
  const { transcripts, config, scratchDir, log } = deps;
  return {
    async transcribe([job]: PgBoss.JobWithMetadata<TranscriptJob>[]): Promise<void> {
      if (!job) return;
      const { videoId, attempt } = job.data;
      const work = await makeScratch(scratchDir, `transcript-${videoId}`);
      try {
        const started = performance.now();
        const outcome = await transcripts.transcribe(videoId, attempt, {
          scratchDir: work,
          timeoutMs: Math.max(1000, transcriptionSeconds(config) * 900),
        });
        log.info({ videoId, outcome, seconds: (performance.now() - started) / 1000 }, 'video transcribed');
      } catch (error) {
        if (error instanceof PermanentTranscriptionFailure) {
          log.warn({ videoId, reason: error.message }, 'video cannot be transcribed');
          await transcripts.markFailed(videoId, attempt, error.message);
          return;
        }
        log.error({ videoId, attempt, try: job.retryCount + 1, err: error }, 'transcription try failed');
        const failed = lastTryFailure('Transcription', job, reasonOf(error));
        if (failed) await transcripts.markFailed(videoId, attempt, failed);
        throw error;
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },
    /** A job whose last try failed or expired: its attempt failed, unless a Retry has begun another since. */
    async gaveUp([job]: PgBoss.Job<TranscriptJob>[]): Promise<void> {
      if (!job) return;
      const { videoId, attempt } = job.data;
      log.warn({ videoId, attempt }, 'transcription gave up');
      await transcripts.markFailed(videoId, attempt, TRANSCRIPT_GAVE_UP_REASON);
    },
  };
}

/** The engine's own words (they name the server's answer), else processing's description. */
const reasonOf = (error: unknown) =>
  error instanceof Error && error.name === 'TranscriptionError'
    ? withoutPaths(error.message).slice(0, 300)
    : describeFailure(error);
