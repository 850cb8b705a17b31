import type { MessageInitShape } from '@bufbuild/protobuf';
import type { ConnectError, Transport } from '@connectrpc/connect';
import { callUnaryMethod } from '@connectrpc/connect-query';
import {
  type CreateWebhookRequestSchema,
  type CreatedWebhook,
  type WebhookDelivery,
  WebhookService,
} from '@stream/proto';
import type { QueryClient, UseMutationOptions } from '@tanstack/react-query';
import { listWebhooksQuery, webhookDeliveriesQuery } from './queries';

const hooks = WebhookService.method;

/** CreateWebhook (its signing secret is in the answer only); the list it joins, the person's or the team's, is read again. */
export function createWebhookMutation(
  transport: Transport,
  queryClient: QueryClient,
): UseMutationOptions<CreatedWebhook, ConnectError, MessageInitShape<typeof CreateWebhookRequestSchema>> {
  return {
    mutationFn: (input) => callUnaryMethod(transport, hooks.createWebhook, input),
    onSuccess: (_made, input) =>
      queryClient.invalidateQueries({ queryKey: listWebhooksQuery(transport, input.teamId ?? '').queryKey }),
  };
}

/** DeleteWebhook of a hook in the list of `teamId` ('' the person's own), which is then read again. */
export function deleteWebhookMutation(
  transport: Transport,
  queryClient: QueryClient,
  teamId: string,
): UseMutationOptions<unknown, ConnectError, string> {
  return {
    mutationFn: (webhookId) => callUnaryMethod(transport, hooks.deleteWebhook, { webhookId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listWebhooksQuery(transport, teamId).queryKey }),
  };
}

/** SendTestWebhook: the hook's deliveries, where the test shows up, are read again. */
export function sendTestWebhookMutation(
  transport: Transport,
  queryClient: QueryClient,
): UseMutationOptions<WebhookDelivery, ConnectError, string> {
  return {
    mutationFn: (webhookId) => callUnaryMethod(transport, hooks.sendTestWebhook, { webhookId }),
    onSuccess: (_delivery, webhookId) =>
      queryClient.invalidateQueries({ queryKey: webhookDeliveriesQuery(transport, webhookId).queryKey }),
  };
}
