import type { ColumnType } from 'kysely';

/** The events a hook can ask for, as deliveries name them. */
export type WebhookEventName = 'video.ready' | 'comment.created' | 'reaction.created' | 'view.milestone';
/** What a delivery was sent for: an event, or a test its hook's manager asked for (SendTestWebhook). */
export type WebhookDeliveryEvent = WebhookEventName | 'webhook.test';
/** A hook a person or a team's manager registered; see migrations/20261127020000-webhooks.ts. */
export interface WebhookTable {
  id: string;
  owner_uid: string;
  team_id: string | null;
  url: string;
  secret: string;
  events: ColumnType<WebhookEventName[], string, string>;
  created_at: ColumnType<Date, Date | undefined, never>;
}
