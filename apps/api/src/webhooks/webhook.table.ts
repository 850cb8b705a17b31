import type { ColumnType } from 'kysely';

/** The events a hook can ask for, as deliveries name them. */
export type WebhookEventName = 'video.ready' | 'comment.created' | 'reaction.created' | 'view.milestone';
/** What a delivery was sent for: an event, or a test its hook's manager asked for (SendTestWebhook). */
export type WebhookDeliveryEvent = WebhookEventName | 'webhook.test';
export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/** Issue 28: see migrations/20261127020000-webhooks.ts. */
export interface WebhookTable {
  id: string;
  owner_uid: string;
  team_id: string | null;
  url: string;
  secret: string;
  events: ColumnType<WebhookEventName[], string, string>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface WebhookDeliveryTable {
  id: string;
  webhook_id: string;
  event: WebhookDeliveryEvent;
  once_key: string | null;
  body: string;
  status: ColumnType<WebhookDeliveryStatus, WebhookDeliveryStatus | undefined, WebhookDeliveryStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  last_response_code: ColumnType<number, number | undefined, number>;
  last_error: ColumnType<string, string | undefined, string>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
