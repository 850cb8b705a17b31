import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Database } from '../platform/db/schema';
import type { AppJob, Processing } from '../platform/processing';
import { DELIVERY_QUEUE, WebhookService, type DeliveryJob } from '../webhooks';

/**
 * Webhooks as the API (server.ts) and a separate worker (worker.ts) run them: the service, and the
 * delivery queue with WEBHOOK_RETRY_LIMIT retries, backing off from WEBHOOK_RETRY_DELAY_SECONDS.
 * `connect` hands the service the queue once processing (which owns pg-boss) has started.
 */
export function wireWebhooks(config: Config, db: Kysely<Database>, log: Logger) {
  const webhooks = new WebhookService({
    db,
    allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    log,
  });
  const delivery: AppJob<DeliveryJob> = {
    name: DELIVERY_QUEUE,
    queue: {
      retryLimit: config.WEBHOOK_RETRY_LIMIT,
      retryDelay: config.WEBHOOK_RETRY_DELAY_SECONDS,
      retryBackoff: true,
      expireInSeconds: 60,
    },
    handle: (job) => webhooks.deliverJob(job.data, job),
  };
  return {
    webhooks,
    jobs: [delivery as AppJob],
    connect: (processing: Pick<Processing, 'sendJob'>) =>
      webhooks.useQueue((job) => processing.sendJob(DELIVERY_QUEUE, job)),
  };
}
