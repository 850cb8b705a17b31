import PgBoss from 'pg-boss';
import type { SqlExecutor, VideoProcessingQueue } from './contracts';
import type { ResolvedProcessingConfig } from './processing-config';

export const PROCESS_QUEUE = 'video-processing';
/** Jobs whose last attempt failed or timed out land here, so the video can be marked FAILED. */
export const GAVE_UP_QUEUE = 'video-processing-gave-up';

export interface VideoJob {
  videoId: string;
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
): Promise<PgBoss> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => executor.executeSql(text, values) },
    schema: 'pgboss',
    supervise: true,
    schedule: false,
    maintenanceIntervalSeconds: config.maintenanceSeconds,
  });
  boss.on('error', onError); // pg-boss reports background failures as events; unheard, they would crash the process
  await boss.start();
  const retry = {
    retryLimit: config.retryLimit,
    retryDelay: 2,
    retryBackoff: true,
    expireInSeconds: config.timeoutSeconds,
  };
  await createOrUpdateQueue(boss, GAVE_UP_QUEUE, { ...retry, retryLimit: 5 });
  await createOrUpdateQueue(boss, PROCESS_QUEUE, { ...retry, deadLetter: GAVE_UP_QUEUE });
  return boss;
}

/** Idempotent, and safe when several processes start at once (create_queue ignores conflicts). */
async function createOrUpdateQueue(boss: PgBoss, name: string, options: Omit<PgBoss.Queue, 'name'>): Promise<void> {
  await boss.createQueue(name, { name, ...options });
  await boss.updateQueue(name, { name, ...options });
}

export function pgBossQueue(boss: PgBoss, onEnqueued: () => void): VideoProcessingQueue {
  return {
    async enqueue(videoId: string) {
      const job: VideoJob = { videoId };
      const id = await boss.send(PROCESS_QUEUE, job);
      if (!id) throw new Error(`Could not queue processing of video ${videoId}`);
      onEnqueued();
    },
  };
}
