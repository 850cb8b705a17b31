import type { ColumnType } from 'kysely';

export type NotificationKind = 'comment' | 'reply' | 'reaction';

/** What a person is told of a change that concerns them: a comment on their video, a reply, a reaction. */
export interface NotificationTable {
  id: string;
  recipient_uid: string;
  kind: NotificationKind;
  video_id: string;
  comment_id: string | null;
  actor_uid: string;
  actor_name: string;
  actor_photo: string;
  text: string;
  moment_seconds: number;
  created_at: ColumnType<Date, Date | undefined, never>;
  read_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When a mail carried it, or it was passed over (mail off); null: not yet. */
  mailed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}
