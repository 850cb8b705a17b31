import type { ColumnType } from 'kysely';

export type ConversationEventKind =
  'comment_added' | 'comment_edited' | 'comment_deleted' | 'reaction_added' | 'comments_enabled' | 'comments_disabled';

/** Every change of a video's conversation, numbered, so a live stream resumes after the last it saw. */
export interface ConversationEventTable {
  /** int8: PostgreSQL hands it back as a string, PGlite as a number. */
  seq: ColumnType<string | number, never, never>;
  video_id: string;
  kind: ConversationEventKind;
  subject_id: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}
