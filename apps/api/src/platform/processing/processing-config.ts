import { attemptMs } from './job-time';

/**
 * Processing settings, as optional fields of the app's config (environment variables). Every one
 * has a default, so the plain app config can be passed as it is.
 */
export interface ProcessingConfig {
  /** ffmpeg binary; Debian's by default. */
  FFMPEG_PATH?: string;
  FFPROBE_PATH?: string;
  /**
   * The least time a processing, edit or rendition job is given; each job gets more as its work
   * needs (`job-time.ts`: 4 s per MiB of an upload, 4× the length of a video to encode). A job still
   * active after its time is presumed stuck (a hung ffmpeg) or to have lost its worker, and is retried.
   */
  PROCESSING_TIMEOUT_SECONDS?: number;
  /** Retries after a failed or timed-out attempt before the video is marked FAILED. */
  PROCESSING_RETRY_LIMIT?: number;
  /**
   * How often the queue looks for timed-out jobs (every 30 s by default: a job's time is at least
   * PROCESSING_TIMEOUT_SECONDS, and a worker that dies is found by its heartbeat first).
   */
  PROCESSING_MAINTENANCE_SECONDS?: number;
  /**
   * How often an idle worker looks for jobs nobody woke it for (another process's); by default
   * every second on PostgreSQL and every 10 s on the embedded database, where this process queues
   * every job and wakes its worker at once (job-wakes.ts).
   */
  PROCESSING_POLL_SECONDS?: number;
}

export interface ResolvedProcessingConfig {
  ffmpegPath: string;
  ffprobePath: string;
  timeoutSeconds: number;
  retryLimit: number;
  maintenanceSeconds: number;
  pollSeconds: number;
}

/** `alone`: this process is the database's only one (PGlite), see PROCESSING_POLL_SECONDS. */
export function resolveProcessingConfig(config: ProcessingConfig, { alone = false } = {}): ResolvedProcessingConfig {
  return {
    ffmpegPath: config.FFMPEG_PATH || '/usr/bin/ffmpeg',
    ffprobePath: config.FFPROBE_PATH || '/usr/bin/ffprobe',
    timeoutSeconds: config.PROCESSING_TIMEOUT_SECONDS ?? 300,
    retryLimit: config.PROCESSING_RETRY_LIMIT ?? 2,
    maintenanceSeconds: config.PROCESSING_MAINTENANCE_SECONDS ?? 30,
    pollSeconds: config.PROCESSING_POLL_SECONDS ?? (alone ? 10 : 1),
  };
}

/** What one attempt of a media job runs with: the tools, its scratch folder, and its time. */
export interface MediaAttempt {
  scratchDir: string;
  ffmpegPath: string;
  ffprobePath: string;
  timeoutMs: number;
}

/**
 * A job's tools and time: a margin under its expiry (`expireInSeconds`, the job's own, which
 * `job-time.ts` sized to its work; the configured timeout by default), so a slow attempt fails itself first.
 */
export const mediaAttempt = (
  config: ResolvedProcessingConfig,
  scratchDir: string,
  expireInSeconds: number = config.timeoutSeconds,
): MediaAttempt => ({
  scratchDir,
  ffmpegPath: config.ffmpegPath,
  ffprobePath: config.ffprobePath,
  timeoutMs: attemptMs(Number(expireInSeconds) || config.timeoutSeconds),
});
