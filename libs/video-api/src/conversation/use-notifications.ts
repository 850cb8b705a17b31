import type { Transport } from '@connectrpc/connect';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { markNotificationsReadMutation } from './mutations';
import { notificationsQuery } from './queries';

/** How often the bell asks for the unread count. */
export const NOTIFICATIONS_POLL_MS = 15_000;

/** The signed-in person's notifications and unread count, asked for again every 15 s; and marking read. */
export function useNotifications(transport: Transport, options: { poll?: boolean } = {}) {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...notificationsQuery(transport),
    refetchInterval: options.poll === false ? false : NOTIFICATIONS_POLL_MS,
  });
  const mark = useMutation(markNotificationsReadMutation(transport, queryClient));
  const markRead = async (ids?: string[]) => {
    await mark.mutateAsync(ids);
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
