import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { User } from '../platform/auth/user';
import type { Database } from '../platform/db/schema';
import type { StoredVideo } from '../videos';
import * as repository from './notification.repository';
import type { NotificationRow } from './notification.repository';
import type { CommentRow } from './comment.repository';
import type { ReactionRow } from './reaction.repository';
import type { NotificationKind } from './notification.table';
import type { Notification } from './conversation';
import type { NotificationMailService } from './notification-mail.service';

export interface NotificationServiceDeps {
  db: Kysely<Database>;
  /** Set when SMTP_URL is: new notifications are mailed to whoever wants them at once. */
  mail?: Pick<NotificationMailService, 'mailSoon'>;
}

const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  kind: row.kind,
  videoId: row.video_id,
  videoTitle: row.video_title,
  actor: { uid: row.actor_uid, displayName: row.actor_name, photoUrl: row.actor_photo },
  text: row.text,
  momentSeconds: row.moment_seconds,
  commentId: row.comment_id ?? undefined,
  createdAt: row.created_at,
  read: row.read_at !== null,
});

/**
 * The inbox: who is told of a new comment, reply or reaction (never its own author), what they
 * read in the top bar's bell, and the hand-off to notification mail.
 */
export class NotificationService {
  constructor(private readonly deps: NotificationServiceDeps) {}

  /**
   * Inside the transaction storing `comment` (an answer to `parent` when set): tells the video's
   * owner and the author of the comment answered. Answers the new notifications' ids, to
   * `mailSoon` once the transaction has committed.
   */
  async ofComment(
    trx: Kysely<Database>,
    actor: User,
    video: StoredVideo,
    comment: CommentRow,
    parent: CommentRow | undefined,
  ): Promise<string[]> {
    const recipients = new Map<string, NotificationKind>();
    if (video.userId !== actor.uid) recipients.set(video.userId, parent ? 'reply' : 'comment');
    if (parent && parent.author_uid !== actor.uid) recipients.set(parent.author_uid, 'reply');
    const rows = [...recipients].map(([uid, kind]) =>
      notificationOf(actor, uid, kind, comment, { comment_id: comment.id, text: comment.text.slice(0, 200) }),
    );
    await repository.insertNotifications(trx, rows);
    return rows.map((row) => row.id);
  }

  /** As `ofComment`, for a reaction: its video's owner is told. */
  async ofReaction(trx: Kysely<Database>, actor: User, video: StoredVideo, reaction: ReactionRow): Promise<string[]> {
    if (video.userId === actor.uid) return [];
    const row = notificationOf(actor, video.userId, 'reaction', reaction, { comment_id: null, text: reaction.emoji });
    await repository.insertNotifications(trx, [row]);
    return [row.id];
  }

  /** Notifications stored (their transaction committed): mailed to whoever wants them at once. */
  mailSoon(ids: string[]): void {
    this.deps.mail?.mailSoon(ids);
  }

  async list(user: User, limit: number): Promise<{ notifications: Notification[]; unread: number }> {
    const [rows, unread] = await Promise.all([
      repository.listNotifications(this.deps.db, user.uid, limit),
      repository.unreadCount(this.deps.db, user.uid),
    ]);
    return { notifications: rows.map(toNotification), unread };
  }

  unreadCount(user: User): Promise<number> {
    return repository.unreadCount(this.deps.db, user.uid);
  }

  /** Marks `ids` (undefined: all) of the caller's notifications read; returns the unread count left. */
  async markRead(user: User, ids: readonly string[] | undefined): Promise<number> {
    await repository.markRead(this.deps.db, user.uid, ids);
    return repository.unreadCount(this.deps.db, user.uid);
  }
}

/** The notification telling `recipient` of `item` (a comment or reaction on `item.video_id`) by `actor`. */
function notificationOf(
  actor: User,
  recipient: string,
  kind: NotificationKind,
  item: { video_id: string; moment_seconds: number },
  about: { comment_id: string | null; text: string },
) {
  return {
    id: randomUUID(),
    recipient_uid: recipient,
    kind,
    video_id: item.video_id,
    ...about,
    actor_uid: actor.uid,
    actor_name: actor.name ?? '',
    actor_photo: actor.photoUrl ?? '',
    moment_seconds: item.moment_seconds,
  };
}
