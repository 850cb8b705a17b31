import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { AppDatabase } from '../platform/db/database';
import type { MediaService } from '../videos';
import { wireMail } from './mail-wiring';
import type { ApiMetrics } from '../platform/ops/metrics';
import { createProcessing, type AppJob, type Processing } from '../platform/processing';
import { createEditVideoStore } from '../edits';
import { createProcessingVideoStore } from '../videos';
import { createRenditionVideoStore } from '../videos';
import { summarizerFromConfig } from '../platform/media/summarize';
import { transcriberFromConfig } from '../platform/media/transcribe';
import { createTranscriptJobStore } from '../transcripts';
import { wireWebhooks } from './webhook-wiring';

/**
 * The job queue as both the API (server.ts) and a separate worker (worker.ts) run it: its videos
 * and edits reached through `media`, its scratch under DATA_DIR, every attempt and the queue's
 * depth counted in `metrics`. Taking jobs is the caller's choice (`startWorker`).
 */
export async function wireProcessing(deps: {
  config: Config;
  database: AppDatabase;
  media: MediaService;
  log: Logger;
  metrics: ApiMetrics;
  /** The app's own queues (mail-wiring.ts's digest, webhook deliveries). */
  appJobs?: readonly AppJob[];
  /** Told of each video processing made READY. */
  onReady?: (videoId: string) => Promise<void>;
}): Promise<Processing> {
  const { config, database, media, log, metrics } = deps;
  const processing = await createProcessing({
    config,
    executor: database.executor,
    videos: createProcessingVideoStore(database.db, media),
    edits: createEditVideoStore(database.db, media),
    renditionVideos: createRenditionVideoStore(database.db, media),
    transcripts: transcriptJobStore(config, database, media, log),
    scratchDir: join(config.DATA_DIR, 'tmp', 'processing'),
    log,
    onAttempt: (outcome, seconds) => metrics.jobDone(outcome, seconds),
    appJobs: deps.appJobs,
    onReady: deps.onReady,
    alone: database.kind === 'pglite',
  });
  metrics.watchQueue(
    () => processing.queueSize(),
    () => processing.queueHealth(),
  );
  return processing;
}

/** The transcription worker's store, or none when TRANSCRIBE=off. */
function transcriptJobStore(config: Config, database: AppDatabase, media: MediaService, log: Logger) {
  const transcriber = transcriberFromConfig(config);
  return (
    transcriber &&
    createTranscriptJobStore(database.db, media, transcriber, { summarizer: summarizerFromConfig(config), log })
  );
}

/**
 * The job queue with the app's own jobs around it (the mail digest, webhook deliveries and
 * video.ready), wired the same in the API and in a separate worker.
 */
export async function wireJobs(deps: Omit<Parameters<typeof wireProcessing>[0], 'appJobs' | 'onReady'>) {
  const mail = wireMail(deps.config, deps.database.db, deps.log);
  const hooks = wireWebhooks(deps.config, deps.database.db, deps.log);
  const processing = await wireProcessing({
    ...deps,
    appJobs: [...mail.jobs, ...hooks.jobs],
    onReady: (videoId) => hooks.webhooks.videoReady(videoId),
  });
  hooks.connect(processing);
  return { mail, hooks, processing };
}
