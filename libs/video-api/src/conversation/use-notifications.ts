import type { Transport } from '@connectrpc/connect';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { retryVideoCall } from '../errors/retry-video-call';
import { conversationClient } from './follow-conversation';
import { NOTIFICATIONS_READ_EVENT } from './use-unread-count';

export const notificationsKey = ['notifications'];
/** How often the bell asks for the unread count. */
export const NOTIFICATIONS_POLL_MS = 15_000;

/** The signed-in person's notifications and unread count, asked for again every 15 s; and marking read. */
export function useNotifications(transport: Transport, options: { poll?: boolean } = {}) {
  const queryClient = useQueryClient();
  const client = conversationClient(transport);
  const query = useQuery({
    queryKey: [...notificationsKey, 'list'],
    queryFn: () => client.listNotifications({}),
    retry: retryVideoCall,
    refetchInterval: options.poll === false ? false : NOTIFICATIONS_POLL_MS,
  });
  const markRead = async (ids?: string[]) => {
    await client.markNotificationsRead(ids ? { ids } : { all: true });
    await queryClient.invalidateQueries({ queryKey: notificationsKey });
    window.dispatchEvent(new Event(NOTIFICATIONS_READ_EVENT));
  };
  return { query, unread: query.data?.unreadCount ?? 0, markRead };
}

/**
 * /notifications: opening it marks everything read (as Loom's list does: seen is read), while the
 * ones that were new keep their "new" mark for this visit so the person can still tell them apart.
 */
export function useNotificationsPage(transport: Transport) {
  const notifications = useNotifications(transport);
  const { data } = notifications.query;
  const [newThisVisit, setNewThisVisit] = useState<ReadonlySet<string>>();
  useEffect(() => {
    if (!data || newThisVisit) return;
    const unread = new Set(data.notifications.filter((n) => !n.read).map((n) => n.id));
    setNewThisVisit(unread);
    if (unread.size > 0) void notifications.markRead().catch(() => undefined);
  }, [data, newThisVisit]);
  return {
    ...notifications,
    list: (data?.notifications ?? []).map((n) => (newThisVisit?.has(n.id) ? { ...n, read: false } : n)),
  };
}
