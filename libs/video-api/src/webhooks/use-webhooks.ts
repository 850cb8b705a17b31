import type { Transport } from '@connectrpc/connect';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { callUnaryMethod } from '@connectrpc/connect-query';
import { WebhookDeliveryStatus, WebhookEvent, WebhookService } from '@stream/proto';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { accountErrorMessage } from '../account/account-error-message';

/** The events a hook can ask for, as /settings names them. */
export const WEBHOOK_EVENT_LABELS: readonly { event: WebhookEvent; label: string }[] = [
  { event: WebhookEvent.VIDEO_READY, label: 'Video ready' },
  { event: WebhookEvent.COMMENT_CREATED, label: 'New comment' },
  { event: WebhookEvent.REACTION_CREATED, label: 'New reaction' },
  { event: WebhookEvent.VIEW_MILESTONE, label: 'View milestone' },
];
const labelOf = (event: WebhookEvent) => WEBHOOK_EVENT_LABELS.find((known) => known.event === event)?.label ?? '?';
const statusLabels: Record<WebhookDeliveryStatus, string> = {
  [WebhookDeliveryStatus.UNSPECIFIED]: 'unknown',
  [WebhookDeliveryStatus.PENDING]: 'pending',
  [WebhookDeliveryStatus.DELIVERED]: 'delivered',
  [WebhookDeliveryStatus.FAILED]: 'failed',
};

const hooksKey = (transport: Transport) => ['webhooks', transport] as const;

/**
 * /settings#webhooks (issue 28) as `@stream/ui`'s `WebhooksSection` props: the person's own hooks,
 * a new one (its signing secret shown once), deleting, and one hook's latest deliveries.
 */
export function useWebhooks(transport: Transport) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: hooksKey(transport) });
  const hooks = useQuery({
    queryKey: hooksKey(transport),
    queryFn: () => callUnaryMethod(transport, WebhookService.method.listWebhooks, {}),
  });
  const [shown, setShown] = useState<string>();
  const deliveries = useQuery({
    queryKey: [...hooksKey(transport), 'deliveries', shown],
    queryFn: () => callUnaryMethod(transport, WebhookService.method.listWebhookDeliveries, { webhookId: shown! }),
    enabled: shown !== undefined,
  });
  const create = useMutation({
    mutationFn: (input: { url: string; events: WebhookEvent[] }) =>
      callUnaryMethod(transport, WebhookService.method.createWebhook, input),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (webhookId: string) => callUnaryMethod(transport, WebhookService.method.deleteWebhook, { webhookId }),
    onSuccess: refresh,
  });
  return {
    loading: hooks.isPending,
    loadError: hooks.error ? accountErrorMessage(hooks.error) : undefined,
    events: WEBHOOK_EVENT_LABELS.map(({ label }) => label),
    hooks: (hooks.data?.webhooks ?? []).map((hook) => ({
      id: hook.id,
      url: hook.url,
      events: hook.events.map(labelOf),
    })),
    create: {
      busy: create.isPending,
      error: create.error ? accountErrorMessage(create.error) : undefined,
      secret: create.data?.secret,
      submit: (url: string, labels: string[], done?: () => void) =>
        create.mutate(
          {
            url,
            events: WEBHOOK_EVENT_LABELS.filter(({ label }) => labels.includes(label)).map(({ event }) => event),
          },
          { onSuccess: () => done?.() },
        ),
      dismiss: () => create.reset(),
    },
    remove: {
      busy: remove.isPending,
      error: remove.error ? accountErrorMessage(remove.error) : undefined,
      submit: (id: string) => remove.mutate(id),
    },
    deliveries: {
      webhookId: shown,
      loading: deliveries.isFetching,
      rows: (deliveries.data?.deliveries ?? []).map((delivery) => ({
        id: delivery.id,
        event: labelOf(delivery.event),
        status: statusLabels[delivery.status],
        attempts: delivery.attempts,
        responseCode: delivery.lastResponseCode,
        error: delivery.lastError,
        at: delivery.createdAt ? timestampDate(delivery.createdAt) : undefined,
      })),
      show: (id: string | undefined) => setShown(id),
    },
  };
}

export type Webhooks = ReturnType<typeof useWebhooks>;
