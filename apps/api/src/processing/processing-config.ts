/**
 * Processing settings, as optional fields of the app's config (environment variables). Every one
 * has a default, so the plain app config can be passed as it is.
 */
export interface ProcessingConfig {
  /** ffmpeg binary; Debian's by default. */
  FFMPEG_PATH?: string;
  FFPROBE_PATH?: string;
  /**
   * Longest a processing job may run. A job still active after this is presumed to have lost its
   * worker and is handed to another one (pg-boss 10 has no heartbeat), so it must exceed the
   * slowest real job: remuxing is copy-speed, a 2 GiB upload takes well under a minute.
   */
  PROCESSING_TIMEOUT_SECONDS?: number;
  /** Retries after a failed or timed-out attempt before the video is marked FAILED. */
  PROCESSING_RETRY_LIMIT?: number;
  /** How often the queue looks for timed-out jobs. */
  PROCESSING_MAINTENANCE_SECONDS?: number;
}

export interface ResolvedProcessingConfig {
  ffmpegPath: string;
  ffprobePath: string;
  timeoutSeconds: number;
  retryLimit: number;
  maintenanceSeconds: number;
}

export function resolveProcessingConfig(config: ProcessingConfig): ResolvedProcessingConfig {
  return {
    ffmpegPath: config.FFMPEG_PATH || '/usr/bin/ffmpeg',
    ffprobePath: config.FFPROBE_PATH || '/usr/bin/ffprobe',
    timeoutSeconds: config.PROCESSING_TIMEOUT_SECONDS ?? 300,
    retryLimit: config.PROCESSING_RETRY_LIMIT ?? 2,
    maintenanceSeconds: config.PROCESSING_MAINTENANCE_SECONDS ?? 5,
  };
}

/** What one attempt of a media job runs with: the tools, its scratch folder, and its time. */
export interface MediaAttempt {
  scratchDir: string;
  ffmpegPath: string;
  ffprobePath: string;
  timeoutMs: number;
}

/** A job's tools and time from the config: a margin under the queue's expiry, so a slow attempt fails itself first. */
export const mediaAttempt = (config: ResolvedProcessingConfig, scratchDir: string): MediaAttempt => ({
  scratchDir,
  ffmpegPath: config.ffmpegPath,
  ffprobePath: config.ffprobePath,
  timeoutMs: Math.max(1000, config.timeoutSeconds * 900),
});
