import type { ColumnType, Generated } from 'kysely';

/** Issue 28: see migrations/20261125150000-conversation.ts. */
export interface CommentTable {
  id: string;
  video_id: string;
  parent_id: string | null;
  author_uid: string;
  author_name: string;
  author_photo: string;
  text: string;
  moment_seconds: number;
  created_at: ColumnType<Date, Date | undefined, never>;
  edited_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface ReactionTable {
  id: string;
  video_id: string;
  author_uid: string;
  author_name: string;
  author_photo: string;
  emoji: string;
  moment_seconds: number;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export type ConversationEventKind =
  'comment_added' | 'comment_edited' | 'comment_deleted' | 'reaction_added' | 'comments_enabled' | 'comments_disabled';

export interface ConversationEventTable {
  /** int8: PostgreSQL hands it back as a string, PGlite as a number. */
  seq: ColumnType<string | number, never, never>;
  video_id: string;
  kind: ConversationEventKind;
  subject_id: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export type NotificationKind = 'comment' | 'reply' | 'reaction';

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

export interface PlaybackRangeTable {
  video_id: string;
  session_id: string;
  viewer_key: string;
  uid: string | null;
  start_seconds: number;
  end_seconds: number;
  /** Issue 28: a signed-out viewer known through a named link or an email gate ("Dana (link)"). */
  viewer_label: ColumnType<string | null, string | null | undefined, never>;
  created_at: Generated<Date>;
}
