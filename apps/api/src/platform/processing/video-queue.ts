import PgBoss from 'pg-boss';
import type { SqlExecutor, SqlRunner, VideoProcessingQueue } from './contracts';
import type { EditRenderQueue } from './edit-contracts';
import type { RenditionQueue } from './rendition-contracts';
import type { TranscriptJob, TranscriptionQueue } from './transcript-contracts';
import type { ResolvedProcessingConfig } from './processing-config';
import { settleJobsSurely } from './settle-jobs-surely';
import { encodeJobSeconds, processJobSeconds } from './job-time';
import type { AppJob } from './app-jobs';

export const PROCESS_QUEUE = 'video-processing';
/** Jobs whose last attempt failed or timed out land here, so the video can be marked FAILED. */
export const GAVE_UP_QUEUE = 'video-processing-gave-up';

/** Renders of saved edits, with the same retries, expiry and dead letters as processing. */
export const EDIT_QUEUE = 'video-edit';
export const EDIT_GAVE_UP_QUEUE = 'video-edit-gave-up';

/** MP4 renditions: after READY and after each edit lands or is reverted. No dead letters: a rendition that never finishes leaves the video as it was. */
export const RENDITION_QUEUE = 'video-mp4';

export interface RenditionJob {
  videoId: string;
}
/** Transcripts of READY videos: never in the way of playback. */
export const TRANSCRIBE_QUEUE = 'video-transcription';
export const TRANSCRIBE_GAVE_UP_QUEUE = 'video-transcription-gave-up';
/**
 * How long one transcription may run: the built-in engine took about a second per second of audio
 * on 2 busy cores (bench/results/transcribe.md), so a long recording needs far more than processing's timeout.
 * A worker that dies meanwhile is found by the job heartbeat, not by this expiry.
 */
export const transcriptionSeconds = (config: ResolvedProcessingConfig) => Math.max(config.timeoutSeconds, 4 * 3600);

export interface EditJob {
  videoId: string;
  /** The edit version the render was queued for; a newer save or a revert makes it moot. */
  version: number;
}

export interface VideoJob {
  videoId: string;
  /** The id of the request that queued it, for the worker's log lines. */
  requestId?: string;
}

/**
 * The pg-boss instance over the app's own database (PGlite or PostgreSQL, through the executor).
 * Jobs retry with backoff; one still active after the timeout is presumed to have lost its worker
 * and is retried (or, on its last attempt, sent to GAVE_UP_QUEUE).
 */
export async function startBoss(
  executor: SqlExecutor,
  config: ResolvedProcessingConfig,
  onError: (error: Error) => void,
  appJobs: readonly AppJob[] = [],
): Promise<PgBoss> {
  settleJobsSurely();
  const boss = new PgBoss({
    db: { executeSql: (text, values) => executor.executeSql(text, values) },
    schema: 'pgboss',
    supervise: true,
    // pg-boss's clock only runs where a queue has a cron (the digest, with SMTP_URL): it polls.
    schedule: appJobs.some((job) => job.cron),
    maintenanceIntervalSeconds: config.maintenanceSeconds,
  });
  boss.on('error', onError); // pg-boss reports background failures as events; unheard, they would crash the process
  const retry = {
    retryLimit: config.retryLimit,
    retryDelay: 2,
    retryBackoff: true,
    expireInSeconds: config.timeoutSeconds,
  };
  // Its schema and queues are shared by every process: several starting at once take turns.
  await executor.exclusively(async () => {
    await boss.start();
    await createOrUpdateQueue(boss, GAVE_UP_QUEUE, { ...retry, retryLimit: 5 });
    await createOrUpdateQueue(boss, PROCESS_QUEUE, { ...retry, deadLetter: GAVE_UP_QUEUE });
    await createOrUpdateQueue(boss, EDIT_GAVE_UP_QUEUE, { ...retry, retryLimit: 5 });
    await createOrUpdateQueue(boss, EDIT_QUEUE, { ...retry, deadLetter: EDIT_GAVE_UP_QUEUE });
    await createOrUpdateQueue(boss, RENDITION_QUEUE, retry);
    await createOrUpdateQueue(boss, TRANSCRIBE_GAVE_UP_QUEUE, { ...retry, retryLimit: 5 });
    await createOrUpdateQueue(boss, TRANSCRIBE_QUEUE, {
      ...retry,
      expireInSeconds: transcriptionSeconds(config),
      deadLetter: TRANSCRIBE_GAVE_UP_QUEUE,
    });
    for (const job of appJobs) {
      await createOrUpdateQueue(boss, job.name, job.queue);
      if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
    }
  });
  return boss;
}

/** Idempotent, and safe when several processes start at once (create_queue ignores conflicts). */
async function createOrUpdateQueue(boss: PgBoss, name: string, options: Omit<PgBoss.Queue, 'name'>): Promise<void> {
  await boss.createQueue(name, { name, ...options });
  await boss.updateQueue(name, { name, ...options });
}

/** The upload's size: its stored original (in place when processing is queued), else the row's. */
const UPLOAD_SIZE = `select coalesce(
    (select size_bytes from media_assets where video_id = $1 and kind = 'original'),
    (select size_bytes from videos where id = $1)) as size`;

/** The video's length; an edit never makes it longer, so it bounds every version's work. */
const VIDEO_LENGTH = `select duration_seconds as seconds from videos where id = $1`;

/** The one value of the first row `query` selects for `videoId` (undefined when none). */
async function oneValue(sql: SqlRunner, query: string, videoId: string): Promise<unknown> {
  const { rows } = await sql.executeSql(query, [videoId]);
  return Object.values((rows[0] as Record<string, unknown> | undefined) ?? {})[0];
}

/**
 * Each job is sent with its own expiry, sized to its work (`job-time.ts`); pg-boss keeps it across
 * retries, its worker waits that long, and the handler's attempt takes it from the job.
 */
export function pgBossQueue(
  boss: PgBoss,
  sql: SqlRunner,
  config: ResolvedProcessingConfig,
  onEnqueued: () => void,
): VideoProcessingQueue {
  return {
    async enqueue(videoId: string, { requestId, within }: { requestId?: string; within?: SqlRunner } = {}) {
      const job: VideoJob = { videoId, requestId };
      const expireInSeconds = processJobSeconds(
        config,
        (await oneValue(within ?? sql, UPLOAD_SIZE, videoId)) as number,
      );
      const id = await boss.send(PROCESS_QUEUE, job, within ? { db: within, expireInSeconds } : { expireInSeconds });
      if (!id) throw new Error(`Could not queue processing of video ${videoId}`);
      if (!within) onEnqueued(); // an uncommitted job is not there yet to be taken
    },
    wake: onEnqueued,
  };
}

export function pgBossEditQueue(
  boss: PgBoss,
  sql: SqlRunner,
  config: ResolvedProcessingConfig,
  onEnqueued: () => void,
): EditRenderQueue {
  return {
    async enqueueRender(videoId: string, version: number) {
      const job: EditJob = { videoId, version };
      const expireInSeconds = encodeJobSeconds(config, (await oneValue(sql, VIDEO_LENGTH, videoId)) as number);
      const id = await boss.send(EDIT_QUEUE, job, { expireInSeconds });
      if (!id) throw new Error(`Could not queue the edit of video ${videoId}`);
      onEnqueued();
    },
  };
}

export function pgBossRenditionQueue(
  boss: PgBoss,
  sql: SqlRunner,
  config: ResolvedProcessingConfig,
  /** Told of each job queued: `dueInSeconds`, when it was sent to start later. */
  onEnqueued: (dueInSeconds?: number) => void,
): RenditionQueue & {
  enqueueLater(videoId: string, afterSeconds: number): Promise<void>;
} {
  const send = async (videoId: string, options: PgBoss.SendOptions) => {
    const job: RenditionJob = { videoId };
    const expireInSeconds = encodeJobSeconds(config, (await oneValue(sql, VIDEO_LENGTH, videoId)) as number);
    const id = await boss.send(RENDITION_QUEUE, job, { ...options, expireInSeconds });
    if (!id) throw new Error(`Could not queue the MP4 of video ${videoId}`);
  };
  return {
    async enqueueMp4(videoId: string) {
      await send(videoId, {});
      onEnqueued();
    },
    async enqueueLater(videoId, afterSeconds) {
      await send(videoId, { startAfter: afterSeconds });
      onEnqueued(afterSeconds);
    },
  };
}

export function pgBossTranscriptionQueue(boss: PgBoss, onEnqueued: () => void): TranscriptionQueue {
  return {
    async enqueueTranscription(videoId: string, attempt: number) {
      const job: TranscriptJob = { videoId, attempt };
      // One waiting transcription per video: a Retry while one waits adds nothing.
      const id = await boss.send(TRANSCRIBE_QUEUE, job, { singletonKey: videoId });
      if (id) onEnqueued();
    },
  };
}
