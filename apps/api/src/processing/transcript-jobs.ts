import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { describeFailure, withoutPaths } from './failure-reason';
import type { ResolvedProcessingConfig } from './processing-config';
import { makeScratch } from './scratch';
import { PermanentTranscriptionFailure, type TranscriptJobStore } from './transcript-contracts';
import { transcriptionSeconds, type VideoJob } from './video-queue';
import { rm } from 'node:fs/promises';

export const TRANSCRIPT_GAVE_UP_REASON =
  'Transcription did not finish: the worker stopped or the transcription took too long';

/**
 * The handlers of the transcription queues (issue 30), with processing's failure rules: a
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
    async transcribe([job]: PgBoss.JobWithMetadata<VideoJob>[]): Promise<void> {
      if (!job) return;
      const { videoId } = job.data;
      const work = await makeScratch(scratchDir, `transcript-${videoId}`);
      try {
        const started = performance.now();
        const outcome = await transcripts.transcribe(videoId, {
          scratchDir: work,
          timeoutMs: Math.max(1000, transcriptionSeconds(config) * 900),
        });
        log.info({ videoId, outcome, seconds: (performance.now() - started) / 1000 }, 'video transcribed');
      } catch (error) {
        if (error instanceof PermanentTranscriptionFailure) {
          log.warn({ videoId, reason: error.message }, 'video cannot be transcribed');
          await transcripts.markFailed(videoId, error.message);
          return;
        }
        log.error({ videoId, attempt: job.retryCount + 1, err: error }, 'transcription attempt failed');
        if (job.retryCount >= job.retryLimit) {
          await transcripts.markFailed(
            videoId,
            `Transcription failed after ${job.retryCount + 1} attempts: ${reasonOf(error)}`,
          );
        }
        throw error;
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },
    async gaveUp([job]: PgBoss.Job<VideoJob>[]): Promise<void> {
      if (!job) return;
      log.warn({ videoId: job.data.videoId }, 'transcription gave up');
      await transcripts.markFailed(job.data.videoId, TRANSCRIPT_GAVE_UP_REASON);
    },
  };
}

/** The engine's own words (they name the server's answer), else processing's description. */
const reasonOf = (error: unknown) =>
  error instanceof Error && error.name === 'TranscriptionError'
    ? withoutPaths(error.message).slice(0, 300)
    : describeFailure(error);
