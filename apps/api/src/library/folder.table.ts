import type { ColumnType } from 'kysely';

/**
 * A folder of one user's library (`team_id` null), or of a team's (`user_id` made it);
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
