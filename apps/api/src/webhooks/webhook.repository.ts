import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../platform/db/schema';
import type { WebhookDeliveryTable } from './webhook-delivery.table';
import type { WebhookDeliveryEvent, WebhookEventName, WebhookTable } from './webhook.table';

export type WebhookRow = Selectable<WebhookTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveryTable>;

/** PGlite hands jsonb back parsed, some drivers as text: the events as a list either way. */
const eventsOf = (row: WebhookRow): WebhookRow => ({
  ...row,
  events: typeof row.events === 'string' ? (JSON.parse(row.events) as WebhookEventName[]) : row.events,
});

export async function insertWebhook(
  db: Kysely<Database>,
  hook: {
    id: string;
    owner_uid: string;
    team_id: string | null;
    url: string;
    secret: string;
    events: WebhookEventName[];
  },
): Promise<WebhookRow> {
  const row = await db
    .insertInto('webhooks')
    .values({ ...hook, events: JSON.stringify(hook.events) })
    .returningAll()
    .executeTakeFirstOrThrow();
  return eventsOf(row);
}

export async function findWebhook(db: Kysely<Database>, id: string): Promise<WebhookRow | undefined> {
  const row = await db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
  return row && eventsOf(row);
}

/** A person's own hooks (`teamId` undefined) or a team's, oldest first. */
export async function listWebhooks(db: Kysely<Database>, owner: { uid: string } | { teamId: string }) {
  const rows = await db
    .selectFrom('webhooks')
    .selectAll()
    .$if('uid' in owner, (qb) =>
      qb.where('owner_uid', '=', (owner as { uid: string }).uid).where('team_id', 'is', null),
    )
    .$if('teamId' in owner, (qb) => qb.where('team_id', '=', (owner as { teamId: string }).teamId))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(eventsOf);
}

export async function countWebhooks(db: Kysely<Database>, owner: { uid: string } | { teamId: string }) {
  return (await listWebhooks(db, owner)).length;
}

export async function deleteWebhook(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('webhooks').where('id', '=', id).execute();
}

/**
 * The hooks that hear about a video: its owner's own, and its team's while whoever made them is
 * still an owner or admin of the team and not disabled. A hook does not outlive its maker's right
 * to manage it: removed, demoted, disabled or deleted, their hooks fall silent (and speak again
 * if they are given the right back).
 */
export async function hooksOfVideo(db: Kysely<Database>, video: { userId: string; teamId?: string | undefined }) {
  const rows = await db
    .selectFrom('webhooks')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('owner_uid', '=', video.userId), eb('team_id', 'is', null)]),
        ...(video.teamId
          ? [
              eb.and([
                eb('team_id', '=', video.teamId),
                eb.exists(
                  eb
                    .selectFrom('team_members')
                    .innerJoin('users', 'users.uid', 'team_members.uid')
                    .select('team_members.uid')
                    .whereRef('team_members.team_id', '=', 'webhooks.team_id')
                    .whereRef('team_members.uid', '=', 'webhooks.owner_uid')
                    .where('team_members.role', 'in', ['owner', 'admin'])
                    .where('users.disabled', '=', false),
                ),
              ]),
            ]
          : []),
      ]),
    )
    .execute();
  return rows.map(eventsOf);
}

/** Adds a pending delivery; false when `once_key` was already delivered to this hook. */
export async function insertDelivery(
  db: Kysely<Database>,
  delivery: { id: string; webhook_id: string; event: WebhookDeliveryEvent; body: string; once_key: string | null },
): Promise<boolean> {
  const rows = await db
    .insertInto('webhook_deliveries')
    .values(delivery)
    .onConflict((oc) => oc.columns(['webhook_id', 'once_key']).doNothing())
    .returning('id')
    .execute();
  return rows.length > 0;
}

export async function findDelivery(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
    .selectAll('webhook_deliveries')
    .select(['webhooks.url', 'webhooks.secret'])
    .where('webhook_deliveries.id', '=', id)
    .executeTakeFirst();
}

/** How many `event` deliveries a hook was given in the last `seconds`. */
export async function countRecentDeliveries(
  db: Kysely<Database>,
  webhookId: string,
  event: WebhookDeliveryEvent,
  seconds: number,
): Promise<number> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('webhook_id', '=', webhookId)
    .where('event', '=', event)
    .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${seconds})`)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One delivery as listed (without its hook's URL and secret). */
export function findDeliveryRow(db: Kysely<Database>, id: string) {
  return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Records one attempt: its outcome and the delivery's status after it. */
export async function recordAttempt(
  db: Kysely<Database>,
  id: string,
  attempt: { status: 'pending' | 'delivered' | 'failed'; responseCode: number; error: string },
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({
      status: attempt.status,
      attempts: sql<number>`attempts + 1`,
      last_response_code: attempt.responseCode,
      last_error: attempt.error.slice(0, 500),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/** A hook's latest deliveries, newest first. */
export function listDeliveries(db: Kysely<Database>, webhookId: string, limit: number) {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('webhook_id', '=', webhookId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
