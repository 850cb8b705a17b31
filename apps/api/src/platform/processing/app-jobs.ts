import type PgBoss from 'pg-boss';

/**
 * A queue of the app's own beside video processing (notification digests, webhook deliveries):
 * created with the others, worked by whichever process runs the worker.
 */
export interface AppJob<T extends object = object> {
  name: string;
  /** Its retries, backoff and expiry. */
  queue: Omit<PgBoss.Queue, 'name'>;
  /** A cron expression (UTC): pg-boss queues one job by itself at each time it names. */
  cron?: string;
  /** Runs one job; a throw retries it with the queue's backoff until its retryLimit. */
  handle(job: PgBoss.JobWithMetadata<T>): Promise<void>;
}

/** Queues a job of an app queue. */
export type AppJobSender = (name: string, data: object, options?: PgBoss.SendOptions) => Promise<void>;
