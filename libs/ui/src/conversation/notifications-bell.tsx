import type { ReactNode } from 'react';
import { BellIcon } from '../primitives';

/** The top bar's bell: a link named "Notifications" with the unread count. Kept tiny (the first page's budget). */
export function NotificationsBell({
  unread,
  renderLink,
}: {
  unread: number;
  renderLink: (props: { className: string; 'aria-label': string; children: ReactNode }) => ReactNode;
}) {
  return renderLink({
    className: 'btn btn-ghost btn-circle indicator',
    'aria-label': unread > 0 ? `Notifications (${unread} unread)` : 'Notifications',
    children: (
      <>
        <BellIcon />
        {unread > 0 && <span className="badge badge-primary badge-xs indicator-item">{unread}</span>}
      </>
    ),
  });
}
