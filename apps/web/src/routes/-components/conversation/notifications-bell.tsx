import type { Session } from '@stream/auth';
import { NotificationsBell } from '@stream/ui';
import { useUnreadCount } from '@stream/video-api';
import { Link } from '@tanstack/react-router';

/** The top bar's bell, loaded after the page; its count comes by plain HTTP (the first page's size budget). */
export default function LazyNotificationsBell({ session }: { session: Session }) {
  const unread = useUnreadCount(() => session.getToken());
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
