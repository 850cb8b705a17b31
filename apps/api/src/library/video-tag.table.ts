import type { ColumnType } from 'kysely';

export interface VideoTagTable {
  video_id: string;
  tag_id: string;
  /** The video's team and the tag's name in lower case, kept by the database (migration 20261126010000). */
  team_id: ColumnType<string | null, never, never>;
  tag_key: ColumnType<string, never, never>;
}
