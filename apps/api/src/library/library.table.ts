import type { ColumnType } from 'kysely';

/**
 * A folder of one user's library (`team_id` null), or of a team's (issue 27: `user_id` made it);
 * `parent_id` null at the root.
 */
export interface FolderTable {
  id: string;
  user_id: string;
  team_id: ColumnType<string | null, string | null | undefined, never>;
  name: string;
  parent_id: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** A tag of one user; its name is unique per user whatever its case (an index on lower(name)). */
export interface TagTable {
  id: string;
  user_id: string;
  name: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface VideoTagTable {
  video_id: string;
  tag_id: string;
  /** The video's team and the tag's name in lower case, kept by the database (migration 20261126010000). */
  team_id: ColumnType<string | null, never, never>;
  tag_key: ColumnType<string, never, never>;
}
