import type { Transport } from '@connectrpc/connect';
import { WebhookDeliveryStatus, type ListWebhookDeliveriesResponse, WebhookService } from '@stream/proto';
import { unaryQuery } from '../query/unary-query';

/** How often a hook's shown deliveries are read again while one of them is still pending. */
export const PENDING_DELIVERIES_REFRESH_MS = 1000;

/** The person's own hooks, or with `teamId` the team's. */
export const listWebhooksQuery = (transport: Transport, teamId: string) =>
  unaryQuery(WebhookService.method.listWebhooks, { teamId }, transport);

/** One hook's latest deliveries, read again while one of them is still pending. */
export const webhookDeliveriesQuery = (transport: Transport, webhookId: string) => ({
  ...unaryQuery(WebhookService.method.listWebhookDeliveries, { webhookId }, transport),
  refetchInterval: (query: { state: { data?: ListWebhookDeliveriesResponse } }) =>
    query.state.data?.deliveries.some((delivery) => delivery.status === WebhookDeliveryStatus.PENDING)
      ? PENDING_DELIVERIES_REFRESH_MS
      : false,
});
