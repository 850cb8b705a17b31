import type { ColumnType } from 'kysely';

/** A folder of one user's library; `parent_id` null at the root. */
export interface FolderTable {
  id: string;
  user_id: string;
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
}
