import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { ProcessingVideoStore, SqlExecutor, VideoProcessingQueue } from './contracts';
import type { EditRenderQueue, EditVideoStore } from './edit-contracts';
import { editJobHandlers } from './edit-jobs';
import type { RenditionQueue, RenditionVideoStore } from './rendition-contracts';
import { backfillRenditions } from './rendition-backfill';
import { renditionJobHandler } from './rendition-jobs';
import { processVideo } from './process-video';
import { mediaAttempt, resolveProcessingConfig, type ProcessingConfig } from './processing-config';
import { sweepScratch } from './scratch';
import { UnprocessableVideoError } from './unprocessable-video-error';
import { freeBytes, isDiskFull } from '../storage/disk-full';
import { MIN_ROOM_BYTES, requeueWhenRoom } from './waiting-videos';
import { JobHeartbeat } from './job-heartbeat';
import { JobWakes, secondsUntil, type RetryTerms } from './job-wakes';
import { describeFailure, lastTryFailure } from './failure-reason';
import {
  EDIT_GAVE_UP_QUEUE,
  EDIT_QUEUE,
  GAVE_UP_QUEUE,
  PROCESS_QUEUE,
  RENDITION_QUEUE,
  pgBossEditQueue,
  pgBossQueue,
  pgBossRenditionQueue,
  pgBossTranscriptionQueue,
  TRANSCRIBE_GAVE_UP_QUEUE,
  TRANSCRIBE_QUEUE,
  startBoss,
  type EditJob,
  type RenditionJob,
  type VideoJob,
} from './video-queue';

export type * from './contracts';
export type { AppJob, AppJobSender } from './app-jobs';
import type { AppJob, AppJobSender } from './app-jobs';
export type * from './edit-contracts';
export type * from './rendition-contracts';
export { makeMp4, mp4Copyable, X264_SETTINGS } from './make-mp4';
export type {
  TranscriptJob,
  TranscriptJobStore,
  TranscriptionOutcome,
  TranscriptionQueue,
} from './transcript-contracts';
export { PermanentTranscriptionFailure } from './transcript-contracts';
import type { TranscriptJob, TranscriptJobStore, TranscriptionQueue } from './transcript-contracts';
import { transcriptJobHandlers } from './transcript-jobs';
export { EDIT_GAVE_UP_REASON } from './edit-jobs';
export { smartCut } from './smart-cut';
export type { ProcessingConfig } from './processing-config';
export { MediaToolError } from '../media/media-tool';
export { probe, type ProbeResult } from './probe';
export { remux } from './remux';
export { thumbnail } from './thumbnail';
export { processVideo } from './process-video';
export { UnprocessableVideoError } from './unprocessable-video-error';

export interface Processing {
  /** For the upload route: queue a stored upload for processing. */
  queue: VideoProcessingQueue;
  /** For saved edits: queue the render of an edit version. */
  renders: EditRenderQueue;
  /** For edits applied or reverted: queue the MP4 of the version that plays now. */
  renditions: RenditionQueue;
  /** Transcripts: queued for each video that becomes READY, and by an owner's Retry. */
  transcriptions: TranscriptionQueue;
  /** Queues a job of one of the app's own queues (`appJobs`). */
  sendJob: AppJobSender;
  /** Starts taking jobs in this process (the API by default, or a worker process: `npm run serve:worker`). */
  startWorker(): Promise<void>;
  /** Jobs waiting to run (not yet active): a metric, and proof the queue answers. */
  queueSize(): Promise<number>;
  /**
   * For the operator's metrics: how long the oldest processing job not yet started has waited
   * (0 when none waits), and how many workers said they were alive in the last 30 s.
   */
  queueHealth(): Promise<{ oldestWaitingSeconds: number; liveWorkers: number }>;
  /**
   * Stops taking jobs, waits up to `graceMs` (default 10 s) for the one running, hands it back to
   * the queue if it is still running then (a retry), and leaves the database open.
   */
  stop(graceMs?: number): Promise<void>;
}

/** What one processing attempt came to, for metrics. */
export type ProcessingOutcome = 'ready' | 'failed' | 'retry' | 'skipped' | 'no-room';

/** How often a running worker looks for scratch folders that dead processes left behind. */
const SCRATCH_SWEEP_MS = 10 * 60 * 1000;

export const GAVE_UP_REASON = 'Processing did not finish: the worker stopped or the video took too long';

/**
 * The processing queue and worker over the app's database. pg-boss keeps its tables in the
 * `pgboss` schema of that same database, so the API process and any number of worker processes
 * share one queue when the database is PostgreSQL (PGlite serves one process).
 */
export async function createProcessing(deps: {
  config: ProcessingConfig;
  executor: SqlExecutor;
  videos: ProcessingVideoStore;
  /** The videos' edits, for render jobs; without it this worker takes none. */
  edits?: EditVideoStore;
  /** The videos' MP4 renditions; without it this worker makes none (and queues none). */
  renditionVideos?: RenditionVideoStore;
  /** The videos' transcripts; without it no video is transcribed (TRANSCRIBE=off). */
  transcripts?: TranscriptJobStore;
  /** Where jobs keep their files while they run (`DATA_DIR/tmp/processing`). */
  scratchDir: string;
  log: Logger;
  /** Told of every attempt's outcome and duration (metrics). */
  onAttempt?: (outcome: ProcessingOutcome, seconds: number) => void;
  /** Told of each video processing made READY (webhooks' video.ready); a failure only logs. */
  onReady?: (videoId: string) => Promise<void>;
  /** The app's own queues (digests, webhooks), worked beside processing. */
  appJobs?: readonly AppJob[];
  /** This process is the database's only one (PGlite): its workers poll less (PROCESSING_POLL_SECONDS). */
  alone?: boolean;
}): Promise<Processing> {
  const { executor, videos, scratchDir, log, onAttempt } = deps;
  const config = resolveProcessingConfig(deps.config, { alone: deps.alone });
  const appJobs = deps.appJobs ?? [];
  const boss: PgBoss = await startBoss(
    executor,
    config,
    (error) => log.error({ err: error }, 'job queue error'),
    appJobs,
  );
  const workerIds: string[] = [];
  const notify = () => {
    for (const id of workerIds) boss.notifyWorker(id); // a worker in this process starts at once
  };
  const wakes = new JobWakes(notify);
  /** A job of this process is queued: its worker looks at once, or when the job is due (`seconds`). */
  const wakeIn = (seconds?: number) => wakes.in(seconds);
  const queue = pgBossQueue(boss, executor, config, wakeIn);
  const renders = pgBossEditQueue(boss, executor, config, wakeIn);
  const renditions = pgBossRenditionQueue(boss, executor, config, wakeIn);
  /** After READY or an edit: the MP4 of what now plays. Never fails the job that asks. */
  const queueMp4 = async (videoId: string, jobLog: Logger) => {
    if (!deps.renditionVideos) return;
    await renditions.enqueueMp4(videoId).catch((error: unknown) => {
      jobLog.error({ videoId, err: error }, 'could not queue the mp4 rendition');
    });
  };
  const transcriptions = pgBossTranscriptionQueue(boss, wakeIn);
  /** After READY: a transcript is wanted; a failure to ask costs the transcript, never the video. */
  const askForTranscript = async (videoId: string) => {
    if (!deps.transcripts) return;
    try {
      const attempt = await deps.transcripts.markPending(videoId);
      if (attempt !== undefined) await transcriptions.enqueueTranscription(videoId, attempt);
    } catch (error) {
      log.warn({ videoId, err: error }, 'could not queue the transcription of a processed video');
    }
  };

  async function handleProcess([job]: PgBoss.JobWithMetadata<VideoJob>[]): Promise<void> {
    if (!job) return;
    const { videoId, requestId } = job.data;
    // The request that queued the job names its lines too, so one id follows an upload to READY.
    const jobLog = requestId ? log.child({ reqId: requestId }) : log;
    const started = performance.now();
    const attempted = (outcome: ProcessingOutcome) => onAttempt?.(outcome, (performance.now() - started) / 1000);
    try {
      const result = await processVideo(videoId, {
        videos,
        ...mediaAttempt(config, scratchDir, job.expireInSeconds),
      });
      if (result) await askForTranscript(videoId);
      if (result && deps.onReady)
        await deps
          .onReady(videoId)
          .catch((error: unknown) => jobLog.warn({ videoId, err: error }, 'could not announce the ready video'));
      if (result)
        jobLog.info(
          { videoId, durationSeconds: result.durationSeconds, sizeBytes: result.sizeBytes },
          'video processed',
        );
      else jobLog.info({ videoId }, 'video no longer waiting for processing');
      if (result) await queueMp4(videoId, jobLog);
      attempted(result ? 'ready' : 'skipped');
    } catch (error) {
      if (error instanceof UnprocessableVideoError) {
        jobLog.warn({ videoId, reason: error.message }, 'video cannot be processed');
        await videos.markFailed(videoId, error.message);
        attempted('failed');
        return;
      }
      if (isDiskFull(error)) {
        // The disk's fault, not the video's: no attempt is spent and the video stays PROCESSING;
        // requeueWhenRoom queues it again once there is room.
        jobLog.warn({ videoId, err: error }, 'no room on disk to process the video; it waits for room');
        attempted('no-room');
        return;
      }
      jobLog.error({ videoId, attempt: job.retryCount + 1, err: error }, 'processing attempt failed');
      const failed = lastTryFailure('Processing', job, describeFailure(error));
      if (failed) await videos.markFailed(videoId, failed);
      attempted(failed ? 'failed' : 'retry');
      throw error;
    }
  }

  async function handleGaveUp([job]: PgBoss.Job<VideoJob>[]): Promise<void> {
    if (!job) return;
    const { videoId } = job.data;
    if ((await freeBytes(scratchDir).catch(() => MIN_ROOM_BYTES)) < MIN_ROOM_BYTES) {
      log.warn({ videoId }, 'processing gave up while the disk is full; the video waits for room');
      return;
    }
    if (await videos.findForProcessing(videoId)) {
      log.warn({ videoId }, 'processing gave up; marking the video failed');
      await videos.markFailed(videoId, GAVE_UP_REASON);
    }
  }

  let sweeper: NodeJS.Timeout | undefined;
  let stopRequeueing: (() => void) | undefined;
  let stopBackfill: (() => void) | undefined;
  let heartbeat: JobHeartbeat | undefined;

  /** Runs `handler` with a claim on its job, so a process that finds this worker gone hands the job back. */
  const claiming =
    <T, J extends { id: string; name: string }>(handler: (jobs: J[]) => Promise<T>) =>
    async (jobs: J[]): Promise<T> => {
      const [job] = jobs;
      const claimed =
        job &&
        heartbeat?.claim(job.name, job.id).then(
          () => true,
          (error: unknown) => {
            log.warn({ err: error, jobId: job.id }, 'could not claim a job; it runs unclaimed');
            return false;
          },
        );
      try {
        return await handler(jobs);
      } finally {
        if (job && (await claimed)) await heartbeat?.release(job.id).catch(() => undefined);
      }
    };
  /**
   * Runs `handler`, then has this process's workers look again at once (the next job waiting behind
   * this one, or queued meanwhile, starts without waiting for a poll); a failed attempt's retry or
   * dead letter wakes them again when due.
   */
  const waking =
    <J extends RetryTerms>(handler: (jobs: J[]) => Promise<void>) =>
    async (jobs: J[]): Promise<void> => {
      try {
        await handler(jobs);
      } catch (error) {
        for (const job of jobs) wakes.afterFailure(job);
        throw error;
      } finally {
        notify();
      }
    };
  const sweep = async () => {
    const removed = await sweepScratch(scratchDir).catch((error: unknown) => {
      log.warn({ err: error, scratchDir }, 'could not sweep processing scratch');
      return 0;
    });
    if (removed) log.info({ removed, scratchDir }, 'removed the scratch of processing jobs that died');
  };

  return {
    queue,
    renders,
    renditions,
    transcriptions,
    async startWorker() {
      if (workerIds.length) return;
      await sweep();
      sweeper = setInterval(() => void sweep(), SCRATCH_SWEEP_MS).unref();
      stopRequeueing = requeueWhenRoom({ sql: executor, queue, scratchDir, log });
      heartbeat = await JobHeartbeat.start({ sql: executor, boss, log, handedBack: (job) => wakes.afterFailure(job) });
      // Each job's metadata: its retries, for the wakes of a failed attempt.
      const polling = { pollingIntervalSeconds: config.pollSeconds, batchSize: 1, includeMetadata: true } as const;
      /** A queue's worker: its job's metadata (retries) and a claim on it while it runs. */
      const claimedWorker = async <T extends object>(
        name: string,
        handler: (jobs: PgBoss.JobWithMetadata<T>[]) => Promise<void>,
      ) => workerIds.push(await boss.work<T>(name, polling, waking(claiming(handler))));
      /** A dead-letter queue's worker: marks what gave up. */
      const gaveUpWorker = async <T extends object>(name: string, handler: (jobs: PgBoss.Job<T>[]) => Promise<void>) =>
        workerIds.push(await boss.work<T>(name, polling, waking<PgBoss.JobWithMetadata<T>>(handler)));
      await claimedWorker<VideoJob>(PROCESS_QUEUE, handleProcess);
      await gaveUpWorker<VideoJob>(GAVE_UP_QUEUE, handleGaveUp);
      /** What every media job's handler is given. */
      const jobContext = { config, scratchDir, log };
      if (deps.edits) {
        const edit = editJobHandlers({
          ...jobContext,
          edits: deps.edits,
          onApplied: (videoId) => queueMp4(videoId, log),
        });
        await claimedWorker<EditJob>(EDIT_QUEUE, edit.render);
        await gaveUpWorker<EditJob>(EDIT_GAVE_UP_QUEUE, edit.gaveUp);
      }
      if (deps.renditionVideos) {
        const render = renditionJobHandler({
          ...jobContext,
          videos: deps.renditionVideos,
          again: renditions.enqueueLater,
        });
        await claimedWorker<RenditionJob>(RENDITION_QUEUE, render);
        stopBackfill = backfillRenditions({ sql: executor, renditions, log });
      }
      if (deps.transcripts) {
        const transcript = transcriptJobHandlers({ ...jobContext, transcripts: deps.transcripts });
        await claimedWorker<TranscriptJob>(TRANSCRIBE_QUEUE, transcript.transcribe);
        await gaveUpWorker<TranscriptJob>(TRANSCRIBE_GAVE_UP_QUEUE, transcript.gaveUp);
      }
      for (const job of appJobs) {
        await claimedWorker<object>(job.name, async ([one]) => {
          if (one) await job.handle(one);
        });
      }
    },
    async sendJob(name, data, options = {}) {
      const id = await boss.send(name, data, options);
      if (!id) throw new Error(`Could not queue a ${name} job`);
      wakes.in(secondsUntil(options.startAfter));
    },
    queueSize: () => boss.getQueueSize(PROCESS_QUEUE),
    async queueHealth() {
      const { rows } = await executor.executeSql(
        `select
           coalesce(extract(epoch from now() - (select min(created_on) from pgboss.job
             where name = $1 and state in ('created', 'retry'))), 0)::float8 as oldest,
           (select count(*) from job_workers where seen_at > now() - interval '30 seconds')::int as live`,
        [PROCESS_QUEUE],
      );
      const row = rows[0] as { oldest: number; live: number };
      return { oldestWaitingSeconds: Number(row.oldest), liveWorkers: Number(row.live) };
    },
    async stop(graceMs = 10_000) {
      clearInterval(sweeper);
      wakes.stop();
      stopRequeueing?.();
      stopBackfill?.();
      await boss.stop({ graceful: true, timeout: graceMs, close: false });
      await heartbeat?.stop(); // after the running job is done or handed back
    },
  };
}
