import { useEffect, useState } from 'react';

/** How often the bell asks for the unread count. */
export const UNREAD_POLL_MS = 15_000;
export const UNREAD_PATH = '/api/notifications/unread';
/** Dispatched on `window` when notifications were marked read, so the bell asks at once. */
export const NOTIFICATIONS_READ_EVENT = 'stream:notifications-read';
/**
 * Dispatched on `window` when the page's live conversation stream saw a comment or reaction: a
 * notification may have come with it, and the bell asks at once instead of within 15 s.
 */
export const NOTIFICATIONS_MAY_CHANGE_EVENT = 'stream:notifications-may-change';

/**
 * The signed-in person's unread notifications, for the top bar's bell: a plain GET with the ID
 * token, every 15 s, when marked read and when the page's live stream saw something new, without the RPC client or the query library (the first
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
    window.addEventListener(NOTIFICATIONS_MAY_CHANGE_EVENT, ask);
    return () => {
      live = false;
      clearInterval(timer);
      window.removeEventListener(NOTIFICATIONS_READ_EVENT, ask);
      window.removeEventListener(NOTIFICATIONS_MAY_CHANGE_EVENT, ask);
    };
  }, [getToken, fetchImpl]);
  return unread;
}
