import { sql, type Kysely } from 'kysely';
import type { NotificationKind } from './notification.table';
import type { Database } from '../platform/db/schema';

/** A notification claimed for a mail, with what the mail says and where it goes. */
export interface MailableNotification {
  id: string;
  recipient_uid: string;
  recipient_email: string;
  kind: NotificationKind;
  video_id: string;
  video_title: string;
  actor_name: string;
  text: string;
  moment_seconds: number;
  created_at: Date;
}

/** A digest covers this much of the past at most: a late or missed run sends no weeks-old news. */
export const DIGEST_WINDOW_HOURS = 48;

/**
 * Claims those of `ids` not yet mailed whose recipient wants each at once (marked mailed, so no
 * other process or digest sends them again) and passes over those whose recipient turned mail
 * off. Notifications for a digest stay as they are.
 */
export async function claimImmediate(db: Kysely<Database>, ids: readonly string[]): Promise<MailableNotification[]> {
  if (ids.length === 0) return [];
  await db
    .updateTable('notifications')
    .set({ mailed_at: sql<Date>`now()` })
    .where('id', 'in', ids)
    .where('mailed_at', 'is', null)
    .where('recipient_uid', 'in', (eb) => eb.selectFrom('users').select('uid').where('notification_mail', '=', 'off'))
    .execute();
  return claim(db, 'immediate', ids);
}

/** Claims every unmailed notification of the digest window whose recipient wants a digest. */
export function claimDigest(db: Kysely<Database>): Promise<MailableNotification[]> {
  return claim(db, 'digest');
}

/** Gives claimed notifications back (their mail was refused): the next digest tries again. */
export async function unclaim(db: Kysely<Database>, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await db.updateTable('notifications').set({ mailed_at: null }).where('id', 'in', ids).execute();
}

/** Marks everything `uid` has not been mailed as passed over (their mail is now off). */
export async function passOverUnmailed(db: Kysely<Database>, uid: string): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ mailed_at: sql<Date>`now()` })
    .where('recipient_uid', '=', uid)
    .where('mailed_at', 'is', null)
    .execute();
}

/** Marks mailed the unmailed notifications (of `ids`, else of the digest window) of people who chose `choice`. */
async function claim(
  db: Kysely<Database>,
  choice: 'immediate' | 'digest',
  ids?: readonly string[],
): Promise<MailableNotification[]> {
  const claimed = await db
    .updateTable('notifications')
    .set({ mailed_at: sql<Date>`now()` })
    .where('mailed_at', 'is', null)
    .$if(ids !== undefined, (qb) => qb.where('id', 'in', ids!))
    .$if(ids === undefined, (qb) =>
      qb.where('created_at', '>', sql<Date>`now() - make_interval(hours => ${DIGEST_WINDOW_HOURS})`),
    )
    .where('recipient_uid', 'in', (eb) =>
      eb.selectFrom('users').select('uid').where('notification_mail', '=', choice).where('email', '<>', ''),
    )
    .returning('id')
    .execute();
  if (claimed.length === 0) return [];
  return db
    .selectFrom('notifications')
    .innerJoin('users', 'users.uid', 'notifications.recipient_uid')
    .innerJoin('videos', 'videos.id', 'notifications.video_id')
    .select([
      'notifications.id',
      'notifications.recipient_uid',
      'users.email as recipient_email',
      'notifications.kind',
      'notifications.video_id',
      'videos.title as video_title',
      'notifications.actor_name',
      'notifications.text',
      'notifications.moment_seconds',
      'notifications.created_at',
    ])
    .where(
      'notifications.id',
      'in',
      claimed.map((row) => row.id),
    )
    .orderBy('notifications.recipient_uid')
    .orderBy('notifications.created_at')
    .execute();
}
