import type { ColumnType } from 'kysely';

/**
 * A comment on a video, or a reply to one (`parent_id`, one level deep), at a moment of it; its
 * author's name and photo as their ID token gave them when writing
 * (platform/db/migrations/20261125150000-conversation.ts).
 */
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
