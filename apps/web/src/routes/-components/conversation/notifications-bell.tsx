import type { Transport } from '@connectrpc/connect';
import { NotificationsBell } from '@stream/ui';
import { useNotifications } from '@stream/video-api';
import { Link } from '@tanstack/react-router';

/** The top bar's bell, loaded after the page (the first page's size budget). */
export default function LazyNotificationsBell({ transport }: { transport: Transport }) {
  const { unread } = useNotifications(transport);
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
