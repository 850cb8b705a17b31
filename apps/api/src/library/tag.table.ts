import type { ColumnType } from 'kysely';

/** A tag of one user; its name is unique per user whatever its case (an index on lower(name)). */
export interface TagTable {
  id: string;
  user_id: string;
  name: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}
