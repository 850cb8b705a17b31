import type { ColumnType } from 'kysely';
import type { TeamRole } from './team.table';

/** An invite link: only the SHA-256 (base64url) of its token is kept. */
export interface TeamInviteTable {
  id: string;
  team_id: string;
  token_hash: string;
  role: TeamRole;
  expires_at: Date;
  uses_left: number;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_by: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}
