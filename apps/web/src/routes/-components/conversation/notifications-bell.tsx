import type { Session } from '@stream/auth';
import { NotificationsBell } from '@stream/ui';
import { useUnreadCount } from '@stream/video-api';
import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';

/** The top bar's bell, loaded after the page; its count comes by plain HTTP (the first page's size budget). */
export default function LazyNotificationsBell({ session }: { session: Session }) {
  const getToken = useCallback(() => session.getToken(), [session]);
  const unread = useUnreadCount(getToken);
  return (
    <NotificationsBell
      unread={unread}
      renderLink={({ children, ...rest }) => (
        <Link to="/notifications" {...rest}>
          {children}
        </Link>
      )}
    />
  );
}
