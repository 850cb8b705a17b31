import type { ConnectError, Transport } from '@connectrpc/connect';
import type { QueryClient, UseMutationOptions } from '@tanstack/react-query';
import { conversationClient } from './follow-conversation';
import { notificationsQuery } from './queries';
import { NOTIFICATIONS_READ_EVENT } from './use-unread-count';

/**
 * MarkNotificationsRead of `ids` (none: all of them): the list is then read again, and the bell,
 * which asks without the query library, is told on `window`.
 */
export function markNotificationsReadMutation(
  transport: Transport,
  queryClient: QueryClient,
): UseMutationOptions<unknown, ConnectError, string[] | undefined> {
  return {
    mutationFn: (ids) => conversationClient(transport).markNotificationsRead(ids ? { ids } : { all: true }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: notificationsQuery(transport).queryKey });
      window.dispatchEvent(new Event(NOTIFICATIONS_READ_EVENT));
    },
  };
}
