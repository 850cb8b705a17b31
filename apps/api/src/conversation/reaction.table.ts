import type { ColumnType } from 'kysely';

/** An emoji left at a moment of a video (platform/db/migrations/20261125150000-conversation.ts). */
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
