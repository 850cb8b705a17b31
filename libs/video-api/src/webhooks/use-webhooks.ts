import type { Transport } from '@connectrpc/connect';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { WebhookDeliveryStatus, WebhookEvent } from '@stream/proto';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { accountErrorMessage } from '../account/account-error-message';
import { createWebhookMutation, deleteWebhookMutation, sendTestWebhookMutation } from './mutations';
import { listWebhooksQuery, webhookDeliveriesQuery } from './queries';

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
export { PENDING_DELIVERIES_REFRESH_MS } from './queries';

/**
 * /settings#webhooks and /team's Webhooks as `@stream/ui`'s `WebhooksSection` props:
 * the person's own hooks, or with `teamId` the team's (for its owners and admins: pass `enabled:
 * false` to a member, whom the server refuses), a new one (its signing secret shown once),
 * deleting, a test delivery, and one hook's latest deliveries (read again while one is pending).
 */
export function useWebhooks(transport: Transport, options: { teamId?: string; enabled?: boolean } = {}) {
  const teamId = options.teamId ?? '';
  const queryClient = useQueryClient();
  const hooks = useQuery({ ...listWebhooksQuery(transport, teamId), enabled: options.enabled ?? true });
  const [shown, setShown] = useState<string>();
  const deliveries = useQuery({ ...webhookDeliveriesQuery(transport, shown ?? ''), enabled: shown !== undefined });
  const create = useMutation(createWebhookMutation(transport, queryClient));
  // /team keeps this hook across teams: a secret or refusal belongs to the team it was made for.
  const created = create.variables?.teamId === teamId ? create : undefined;
  const remove = useMutation(deleteWebhookMutation(transport, queryClient, teamId));
  const test = sendTestWebhookMutation(transport, queryClient);
  const sendTest = useMutation({
    ...test,
    onSuccess: (...sent) => {
      setShown(sent[1]);
      return test.onSuccess?.(...sent);
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
