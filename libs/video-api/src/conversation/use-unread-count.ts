import { useQuery } from '@tanstack/react-query';

export const unreadCountKey = ['notifications', 'unread'];
/** How often the bell asks for the unread count. */
export const UNREAD_POLL_MS = 15_000;
export const UNREAD_PATH = '/api/notifications/unread';

/**
 * The signed-in person's unread notifications, for the top bar's bell: a plain GET with the ID
 * token, every 15 s, so the first page does not load the RPC client for one number.
 */
export function useUnreadCount(getToken: () => Promise<string | null>, fetchImpl: typeof fetch = fetch) {
  const query = useQuery({
    queryKey: unreadCountKey,
    queryFn: async () => {
      const token = await getToken();
      if (!token) return 0;
      const response = await fetchImpl(UNREAD_PATH, { headers: { authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(`The unread count failed (${response.status})`);
      return ((await response.json()) as { unread: number }).unread;
    },
    refetchInterval: UNREAD_POLL_MS,
    retry: false,
  });
  return query.data ?? 0;
}
