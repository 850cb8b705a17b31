import { useEffect, useState } from 'react';

/** How often the bell asks for the unread count. */
export const UNREAD_POLL_MS = 15_000;
export const UNREAD_PATH = '/api/notifications/unread';
/** Dispatched on `window` when notifications were marked read, so the bell asks at once. */
export const NOTIFICATIONS_READ_EVENT = 'stream:notifications-read';

/**
 * The signed-in person's unread notifications, for the top bar's bell: a plain GET with the ID
 * token, every 15 s and when marked read, without the RPC client or the query library (the first
 * page's size budget). A failed ask keeps the last count.
 */
export function useUnreadCount(getToken: () => Promise<string | null>, fetchImpl: typeof fetch = fetch): number {
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    let live = true;
    const ask = async () => {
      try {
        const token = await getToken();
        if (!token) return;
        const response = await fetchImpl(UNREAD_PATH, { headers: { authorization: `Bearer ${token}` } });
        if (response.ok && live) setUnread(((await response.json()) as { unread: number }).unread);
      } catch {
        // Offline or signed out meanwhile: the next ask tries again.
      }
    };
    void ask();
    const timer = setInterval(() => void ask(), UNREAD_POLL_MS);
    window.addEventListener(NOTIFICATIONS_READ_EVENT, ask);
    return () => {
      live = false;
      clearInterval(timer);
      window.removeEventListener(NOTIFICATIONS_READ_EVENT, ask);
    };
  }, [getToken, fetchImpl]);
  return unread;
}
