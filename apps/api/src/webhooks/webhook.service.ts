import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { User } from '../platform/auth/user';
import { findVideo } from '../videos';
import type { Database } from '../platform/db/schema';
import * as repository from './webhook.repository';
import type { WebhookDeliveryRow, WebhookRow } from './webhook.repository';
import type { WebhookDeliveryEvent, WebhookEventName } from './webhook.table';
import { authorize } from '../access';
import { AppError } from '../platform/app-error';
import { checkWebhookHost, parseWebhookUrl } from './webhook-address';
import { deliver } from './webhook-sender';

/** A hook and a delivery as the service hands them out (the rpc layer maps them to messages). */
export type { WebhookRow as StoredWebhook, WebhookDeliveryRow as StoredWebhookDelivery } from './webhook.repository';
export type { WebhookDeliveryStatus } from './webhook-delivery.table';
export type { WebhookDeliveryEvent, WebhookEventName } from './webhook.table';

export const WEBHOOK_EVENTS: readonly WebhookEventName[] = [
  'video.ready',
  'comment.created',
  'reaction.created',
  'view.milestone',
];
/** Hooks one person (for themselves) or one team may have. */
export const MAX_WEBHOOKS = 20;
/** Test deliveries one hook may be sent per minute: a button, not a way to make us flood a URL. */
export const TEST_DELIVERIES_PER_MINUTE = 5;
/** Deliveries ListWebhookDeliveries shows. */
export const LISTED_DELIVERIES = 50;

/** A view count that is a milestone: 10, 100, 1,000 and each further power of ten. */
export const isViewMilestone = (count: number) => count >= 10 && /^10+$/.test(String(count));

/** The queue of deliveries: one job per delivery, retried with backoff. */
export const DELIVERY_QUEUE = 'webhook-delivery';

export interface DeliveryJob {
  deliveryId: string;
}

/** What a delivery says happened, and to which video. */
export interface WebhookEvent {
  event: WebhookEventName;
  video: { id: string; userId: string; teamId?: string | undefined; title: string };
  data: Record<string, unknown>;
  /** Deliver to each hook at most once for this key and video (a view milestone seen twice). */
  onceKey?: string;
}

export interface WebhookServiceDeps {
  db: Kysely<Database>;
  /** WEBHOOK_ALLOW_PRIVATE: receivers on loopback or private addresses are allowed (the operator's call). */
  allowPrivate: boolean;
  /** Where the payloads' video links point: PUBLIC_URL. */
  publicUrl: string;
  log: Pick<Logger, 'warn' | 'info'>;
}

type Owner = { uid: string } | { teamId: string };

const notFound = (what: string) => new AppError('not_found', `No ${what}`);

/**
 * Webhooks: people and teams register URLs for events; each event becomes one
 * delivery per hook that asked for it, POSTed by the delivery queue's worker (`deliverJob`),
 * signed with the hook's secret and retried with backoff while the receiver fails.
 */
export class WebhookService {
  private queue?: (job: DeliveryJob) => Promise<void>;

  constructor(private readonly deps: WebhookServiceDeps) {}

  /** The job queue deliveries go through (processing's sendJob); set once both exist. */
  useQueue(send: (job: DeliveryJob) => Promise<void>): void {
    this.queue = send;
  }

  async create(
    user: User,
    input: { url: string; events: readonly WebhookEventName[]; teamId?: string },
  ): Promise<{ webhook: WebhookRow; secret: string }> {
    const url = parseWebhookUrl(input.url);
    if (input.events.length === 0) throw new AppError('invalid_argument', 'A webhook needs at least one event');
    if (new Set(input.events).size !== input.events.length)
      throw new AppError('invalid_argument', 'Each event is named once');
    const owner = await this.managed(user, input.teamId);
    await checkWebhookHost(url, this.deps.allowPrivate);
    if ((await repository.countWebhooks(this.deps.db, owner)) >= MAX_WEBHOOKS)
      throw new AppError('resource_exhausted', `At most ${MAX_WEBHOOKS} webhooks each`);
    const secret = `whsec_${randomBytes(24).toString('base64url')}`;
    const webhook = await repository.insertWebhook(this.deps.db, {
      id: randomUUID(),
      owner_uid: user.uid,
      team_id: input.teamId ?? null,
      url: url.href,
      secret,
      events: [...input.events],
    });
    return { webhook, secret };
  }

  async list(user: User, teamId?: string): Promise<WebhookRow[]> {
    return repository.listWebhooks(this.deps.db, await this.managed(user, teamId));
  }

  async delete(user: User, webhookId: string): Promise<void> {
    await this.own(user, webhookId);
    await repository.deleteWebhook(this.deps.db, webhookId);
  }

  async deliveries(user: User, webhookId: string): Promise<WebhookDeliveryRow[]> {
    await this.own(user, webhookId);
    return repository.listDeliveries(this.deps.db, webhookId, LISTED_DELIVERIES);
  }

  /** Starts `emit` without waiting for it (the change that caused it has its answer); failures are logged. */
  emitSoon(event: WebhookEvent): void {
    this.emit(event).catch((error: unknown) =>
      this.deps.log.warn(
        { err: error, event: event.event, videoId: event.video.id },
        'could not queue webhook deliveries',
      ),
    );
  }

  /** After processing made `videoId` READY (the worker's side): `video.ready` to its hooks. */
  async videoReady(videoId: string): Promise<void> {
    const row = await findVideo(this.deps.db, videoId);
    if (!row) return;
    await this.emit({
      event: 'video.ready',
      video: { id: row.id, userId: row.user_id, teamId: row.team_id ?? undefined, title: row.title },
      data: { durationSeconds: row.duration_seconds },
      onceKey: 'ready',
    });
  }

  /** One delivery, queued, for each hook of the video's owner or team that asked for `event.event`. */
  async emit(event: WebhookEvent): Promise<number> {
    const hooks = (await repository.hooksOfVideo(this.deps.db, event.video)).filter((hook) =>
      hook.events.includes(event.event),
    );
    let queued = 0;
    for (const hook of hooks) {
      const video = {
        id: event.video.id,
        title: event.video.title,
        url: `${this.deps.publicUrl.replace(/\/+$/, '')}/video/${encodeURIComponent(event.video.id)}`,
      };
      // Once per hook and video: a second video's `ready` or 10th view is news too.
      const onceKey = event.onceKey === undefined ? undefined : `${event.video.id}:${event.onceKey}`;
      const id = await this.queueDelivery(hook.id, event.event, { video, data: event.data }, onceKey);
      if (id) queued += 1;
    }
    return queued;
  }

  /**
   * A `webhook.test` delivery to the hook `webhookId` (its manager asked for it, whatever events
   * it hears), queued as any other: signed, retried, listed. Answers the delivery as it stands once queued.
   */
  async sendTest(user: User, webhookId: string): Promise<WebhookDeliveryRow> {
    const hook = await this.own(user, webhookId);
    if (
      (await repository.countRecentDeliveries(this.deps.db, hook.id, 'webhook.test', 60)) >= TEST_DELIVERIES_PER_MINUTE
    )
      throw new AppError('resource_exhausted', `At most ${TEST_DELIVERIES_PER_MINUTE} test deliveries a minute`);
    const data = { message: 'A test delivery: your receiver is reachable and can check the signature.' };
    const id = (await this.queueDelivery(hook.id, 'webhook.test', { data }))!;
    const row = await repository.findDeliveryRow(this.deps.db, id);
    if (!row) throw notFound(`delivery ${id}`); // the hook was deleted meanwhile
    return row;
  }

  /** Stores a pending delivery of `event` to a hook and queues it; its id, or undefined when `onceKey` was spent. */
  private async queueDelivery(
    webhookId: string,
    event: WebhookDeliveryEvent,
    payload: { video?: { id: string; title: string; url: string }; data: Record<string, unknown> },
    onceKey?: string,
  ): Promise<string | undefined> {
    const id = randomUUID();
    const body = JSON.stringify({ id, event, createdAt: new Date().toISOString(), ...payload });
    const added = await repository.insertDelivery(this.deps.db, {
      id,
      webhook_id: webhookId,
      event,
      body,
      once_key: onceKey ?? null,
    });
    if (!added) return undefined;
    if (!this.queue) throw new Error('webhook deliveries have no queue');
    await this.queue({ deliveryId: id });
    return id;
  }

  /**
   * One attempt of a delivery (the queue's handler). A 2xx answer delivers it; anything else is
   * recorded and thrown, so the queue retries with backoff, until the last attempt marks it failed.
   */
  async deliverJob(job: DeliveryJob, attempt: { retryCount: number; retryLimit: number }): Promise<void> {
    const delivery = await repository.findDelivery(this.deps.db, job.deliveryId);
    if (!delivery || delivery.status !== 'pending') return; // its hook was deleted, or it is done
    const outcome = await deliver({
      url: delivery.url,
      secret: delivery.secret,
      body: delivery.body,
      event: delivery.event,
      deliveryId: delivery.id,
      allowPrivate: this.deps.allowPrivate,
    });
    const responseCode = 'status' in outcome ? outcome.status : 0;
    const ok = responseCode >= 200 && responseCode < 300;
    const error = 'error' in outcome ? outcome.error : ok ? '' : `The receiver answered ${responseCode}`;
    const last = attempt.retryCount >= attempt.retryLimit;
    await repository.recordAttempt(this.deps.db, delivery.id, {
      status: ok ? 'delivered' : last ? 'failed' : 'pending',
      responseCode,
      error,
    });
    if (!ok && !last) throw new Error(`webhook delivery ${delivery.id} failed: ${error}`);
    if (!ok) this.deps.log.warn({ deliveryId: delivery.id, responseCode, error }, 'webhook delivery failed for good');
  }

  /** Whose hooks the caller manages: their own, or a team's they are an owner or admin of. */
  private async managed(user: User, teamId: string | undefined): Promise<Owner> {
    if (!teamId) return { uid: user.uid };
    // A team one is not in is as good as absent.
    await authorize(
      this.deps.db,
      user,
      'manage-team',
      { kind: 'team', teamId },
      { notFound: `No team ${teamId}`, denied: 'Only the team’s owners and admins manage its webhooks' },
    );
    return { teamId };
  }

  /** The hook `webhookId` if the caller manages it; someone else's is as good as absent. */
  private async own(user: User, webhookId: string): Promise<WebhookRow> {
    const hook = await repository.findWebhook(this.deps.db, webhookId);
    if (!hook) throw notFound(`webhook ${webhookId}`);
    const webhook = { userId: hook.owner_uid, teamId: hook.team_id ?? undefined };
    await authorize(this.deps.db, user, 'edit', { kind: 'webhook', webhook }, { notFound: `No webhook ${webhookId}` });
    return hook;
  }
}
