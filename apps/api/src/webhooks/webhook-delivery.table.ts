import type { ColumnType } from 'kysely';
import type { WebhookDeliveryEvent } from './webhook.table';

/** Sent, or still to send, to a hook: its attempts and the last answer. */
export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

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
