import type { ColumnType } from 'kysely';
import type { TeamRole } from './team.table';

export interface TeamMemberTable {
  team_id: string;
  uid: string;
  role: TeamRole;
  joined_at: ColumnType<Date, Date | undefined, never>;
}
