import type { NotificationView as Notification } from './conversation-views';
import type { ReactNode } from 'react';
import { formatTime } from '../primitives';

const what: Record<number, string> = { 1: 'commented on', 2: 'replied on', 3: 'reacted to' };

/** The notifications page: newest first, unread marked; each links to its moment. */
export function NotificationsList(props: {
  notifications: readonly Notification[];
  unread: number;
  onMarkAllRead(): void;
  renderLink: (notification: Notification, children: ReactNode) => ReactNode;
}) {
  return (
    <section aria-labelledby="notifications-heading" className="flex flex-col gap-3">
      <div className="flex items-center justify-between">
        <h1 id="notifications-heading" className="text-2xl font-semibold">
          Notifications
        </h1>
        <button type="button" className="btn btn-sm" disabled={props.unread === 0} onClick={props.onMarkAllRead}>
          Mark all read
        </button>
      </div>
      {props.notifications.length === 0 ? (
        <p>Nothing yet.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {props.notifications.map((n) => (
            <li key={n.id} className={`card card-border p-3 ${n.read ? 'opacity-70' : 'border-primary'}`}>
              {props.renderLink(
                n,
                <span>
                  {!n.read && <span className="badge badge-primary badge-xs mr-2">new</span>}
                  <strong>{n.actor?.displayName || 'Someone'}</strong> {what[n.kind] ?? 'wrote on'} “{n.videoTitle}” at{' '}
                  {formatTime(n.momentSeconds)}: <span className="whitespace-pre-wrap">{n.text}</span>
                </span>,
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
