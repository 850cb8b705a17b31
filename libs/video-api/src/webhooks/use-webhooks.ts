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
const labelOf = (event: WebhookEvent) =>
  event === WebhookEvent.TEST ? 'Test' : (WEBHOOK_EVENT_LABELS.find((known) => known.event === event)?.label ?? '?');
const statusLabels: Record<WebhookDeliveryStatus, string> = {
  [WebhookDeliveryStatus.UNSPECIFIED]: 'unknown',
  [WebhookDeliveryStatus.PENDING]: 'pending',
  [WebhookDeliveryStatus.DELIVERED]: 'delivered',
  [WebhookDeliveryStatus.FAILED]: 'failed',
};
/** How often a hook's shown deliveries are read again while one of them is still pending. */
export const PENDING_DELIVERIES_REFRESH_MS = 1000;

const hooksKey = (transport: Transport, teamId: string) => ['webhooks', transport, teamId] as const;

/**
 * /settings#webhooks and /team's Webhooks (issue 28) as `@stream/ui`'s `WebhooksSection` props:
 * the person's own hooks, or with `teamId` the team's (for its owners and admins: pass `enabled:
 * false` to a member, whom the server refuses), a new one (its signing secret shown once),
 * deleting, a test delivery, and one hook's latest deliveries (read again while one is pending).
 */
export function useWebhooks(transport: Transport, options: { teamId?: string; enabled?: boolean } = {}) {
  const teamId = options.teamId ?? '';
  const queryClient = useQueryClient();
  const key = hooksKey(transport, teamId);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const hooks = useQuery({
    queryKey: key,
    queryFn: () => callUnaryMethod(transport, WebhookService.method.listWebhooks, { teamId }),
    enabled: options.enabled ?? true,
  });
  const [shown, setShown] = useState<string>();
  const deliveries = useQuery({
    queryKey: [...key, 'deliveries', shown],
    queryFn: () => callUnaryMethod(transport, WebhookService.method.listWebhookDeliveries, { webhookId: shown! }),
    enabled: shown !== undefined,
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((delivery) => delivery.status === WebhookDeliveryStatus.PENDING)
        ? PENDING_DELIVERIES_REFRESH_MS
        : false,
  });
  const create = useMutation({
    mutationFn: (input: { url: string; events: WebhookEvent[]; teamId: string }) =>
      callUnaryMethod(transport, WebhookService.method.createWebhook, input),
    onSuccess: (_made, input) => queryClient.invalidateQueries({ queryKey: hooksKey(transport, input.teamId) }),
  });
  // /team keeps this hook across teams: a secret or refusal belongs to the team it was made for.
  const created = create.variables?.teamId === teamId ? create : undefined;
  const remove = useMutation({
    mutationFn: (webhookId: string) => callUnaryMethod(transport, WebhookService.method.deleteWebhook, { webhookId }),
    onSuccess: refresh,
  });
  const sendTest = useMutation({
    mutationFn: (webhookId: string) => callUnaryMethod(transport, WebhookService.method.sendTestWebhook, { webhookId }),
    onSuccess: (_delivery, webhookId) => {
      setShown(webhookId);
      return queryClient.invalidateQueries({ queryKey: [...key, 'deliveries', webhookId] });
    },
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
      error: created?.error ? accountErrorMessage(created.error) : undefined,
      secret: created?.data?.secret,
      submit: (url: string, labels: string[], done?: () => void) =>
        create.mutate(
          {
            url,
            events: WEBHOOK_EVENT_LABELS.filter(({ label }) => labels.includes(label)).map(({ event }) => event),
            teamId,
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
    sendTest: {
      busy: sendTest.isPending,
      error: sendTest.error ? accountErrorMessage(sendTest.error) : undefined,
      submit: (id: string) => sendTest.mutate(id),
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
