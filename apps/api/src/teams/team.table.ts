import type { ColumnType } from 'kysely';

export type TeamRole = 'owner' | 'admin' | 'member';

export interface TeamTable {
  id: string;
  name: string;
  created_by: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
