import type { Kysely, Selectable } from 'kysely';
import type { NotificationKind, NotificationTable } from './notification.table';
import type { Database } from '../platform/db/schema';

export type NotificationRow = Selectable<NotificationTable> & { video_title: string };

export const insertNotifications = async (
  db: Kysely<Database>,
  rows: (Omit<Selectable<NotificationTable>, 'created_at' | 'read_at' | 'mailed_at'> & { kind: NotificationKind })[],
) => {
  if (rows.length > 0) await db.insertInto('notifications').values(rows).execute();
};

export const listNotifications = (db: Kysely<Database>, uid: string, limit: number): Promise<NotificationRow[]> =>
  db
    .selectFrom('notifications')
    .innerJoin('videos', 'videos.id', 'notifications.video_id')
    .selectAll('notifications')
    .select('videos.title as video_title')
    .where('notifications.recipient_uid', '=', uid)
    .orderBy('notifications.created_at', 'desc')
    .limit(limit)
    .execute();

export async function unreadCount(db: Kysely<Database>, uid: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('recipient_uid', '=', uid)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Marks the recipient's notifications `ids` (all of them when undefined) read. */
export async function markRead(db: Kysely<Database>, uid: string, ids: readonly string[] | undefined): Promise<void> {
  if (ids !== undefined && ids.length === 0) return;
  let query = db
    .updateTable('notifications')
    .set({ read_at: new Date() })
    .where('recipient_uid', '=', uid)
    .where('read_at', 'is', null);
  if (ids) query = query.where('id', 'in', ids);
  await query.execute();
}
