import { NotificationsList } from '@stream/ui';
import { useNotificationsPage } from '@stream/video-api';
import { Link, createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_authed/notifications')({ component: NotificationsPage });

/** New comments, replies and reactions on my videos, and replies to me; each links to its moment. */
function NotificationsPage() {
  const { transport } = Route.useRouteContext();
  const { query, list, unread, markRead } = useNotificationsPage(transport);
  if (query.isPending) return <p>Loading...</p>;
  return (
    <NotificationsList
      notifications={list}
      unread={unread}
      onMarkAllRead={() => void markRead()}
      renderLink={(notification, children) => (
        <Link to="/video/$id" params={{ id: notification.videoId }}>
          {children}
        </Link>
      )}
    />
  );
}
